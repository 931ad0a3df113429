// Game <-> protocol bindings (see adapters.hpp).
#include "protocol/adapters.hpp"

#include "engine/blokus_duo/notation.hpp"
#include "engine/core/errors.hpp"
#include "protocol/gtp_server.hpp"

namespace arena::protocol {

ClientState ProtocolAdapter<othello::Othello>::state(const othello::Position& p) {
  // GGF squares run a1..h8; arena's board string has the same order with X/O/-.
  const std::string board = othello::Othello::format_position(p);
  ClientState s;
  for (std::size_t i = 0; i < 64; ++i) s.board += board[i] == 'X' ? '*' : board[i];
  s.side = othello::Othello::side_to_move(p);
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

ClientState ProtocolAdapter<blokus_duo::BlokusDuo>::state(const blokus_duo::Position& p) {
  ClientState s;
  for (std::size_t i = 0; i < p.plies; ++i) s.moves.push_back(blokus_duo::format_pentobi(p.history[i]));
  s.side = p.side;
  return s;
}

blokus_duo::Move ProtocolAdapter<blokus_duo::BlokusDuo>::parse(const blokus_duo::Position& p,
                                                               std::string_view text) {
  return gtp_parse_move(p, text);
}

}  // namespace arena::protocol
