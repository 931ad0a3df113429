// Blokus Duo <-> GTP binding (see protocol.hpp).
#include "engine/blokus_duo/bind/protocol.hpp"

#include "engine/blokus_duo/bind/gtp_server.hpp"
#include "engine/blokus_duo/notation.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/version.hpp"

namespace arena::protocol {

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

int ProtocolAdapter<blokus_duo::BlokusDuo>::serve(const core::EngineConfig& cfg,
                                                  const std::string& rules, std::istream& in,
                                                  std::ostream& out, std::ostream&) {
  if (cfg.game != blokus_duo::BlokusDuo::kName) {
    throw InputError(core::config_key_where(cfg, "game") + "arena gtp plays Blokus Duo, not '" +
                     cfg.game + "'");
  }
  const auto parsed = blokus_duo::BlokusDuo::parse_rules(rules);
  core::Engine<blokus_duo::BlokusDuo> engine(cfg);
  return serve_gtp(engine, parsed, kVersion, in, out);
}

}  // namespace arena::protocol
