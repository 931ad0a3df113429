// Game <-> protocol bindings (see adapters.hpp).
#include "protocol/adapters.hpp"

#include "engine/blokus_duo/notation.hpp"
#include "engine/core/errors.hpp"
#include "protocol/gtp_server.hpp"

namespace arena::protocol {

ClientState ProtocolAdapter<othello::Othello>::state(const othello::Position& p,
                                                     const std::vector<std::string>* transcript) {
  ClientState s;
  s.side = othello::Othello::side_to_move(p);
  if (transcript != nullptr) {
    // The standard start (BO left empty) and arena's moves, which GGF writes as they are
    // ("f5" -> F5, "pass" -> PA).
    s.moves = *transcript;
    return s;
  }
  // GGF squares run a1..h8; arena's board string has the same order with X/O/-.
  const std::string board = othello::Othello::format_position(p);
  for (std::size_t i = 0; i < 64; ++i) s.board += board[i] == 'X' ? '*' : board[i];
  s.board += s.side == 0 ? " *" : " O";
  return s;
}

othello::Move ProtocolAdapter<othello::Othello>::parse(const othello::Position& p,
                                                       std::string_view text) {
  std::string t(text);
  for (auto& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "pa") t = "pass";
  return othello::Othello::parse_move(p, t);
}

ClientState ProtocolAdapter<blokus_duo::BlokusDuo>::state(const blokus_duo::Position& p,
                                                           const std::vector<std::string>*) {
  // The position keeps its whole history, so the transcript is not needed.
  ClientState s;
  for (std::size_t i = 0; i < p.plies; ++i) s.moves.push_back(blokus_duo::format_pentobi(p.history[i]));
  s.side = p.side;
  return s;
}

blokus_duo::Move ProtocolAdapter<blokus_duo::BlokusDuo>::parse(const blokus_duo::Position& p,
                                                               std::string_view text) {
  return gtp_parse_move(p, text);
}

std::string_view protocol_variant(std::string_view protocol) {
  using Othello = ProtocolAdapter<othello::Othello>;
  using BlokusDuo = ProtocolAdapter<blokus_duo::BlokusDuo>;
  if (protocol == Othello::kProtocol) return Othello::kVariant;
  if (protocol == BlokusDuo::kProtocol) return BlokusDuo::kVariant;
  return {};
}

}  // namespace arena::protocol
