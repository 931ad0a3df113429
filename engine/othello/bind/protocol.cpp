// Othello <-> NBoard binding (see protocol.hpp).
#include "engine/othello/bind/protocol.hpp"

#include <cctype>

#include "engine/core/engine.hpp"
#include "engine/core/errors.hpp"
#include "engine/othello/bind/nboard_server.hpp"

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

int ProtocolAdapter<othello::Othello>::serve(const core::EngineConfig& cfg, const std::string&,
                                             std::istream& in, std::ostream& out,
                                             std::ostream& log) {
  if (cfg.game != othello::Othello::kName) {
    throw InputError(core::config_key_where(cfg, "game") + "NBoard plays Othello, not '" +
                     cfg.game + "'");
  }
  core::Engine<othello::Othello> engine(cfg);
  return serve_nboard(engine, in, out, log);
}

}  // namespace arena::protocol
