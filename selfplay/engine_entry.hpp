// The one parser of `--engine` entries and `--each`: which engine (an arena config file or an
// outside program behind a protocol) and the settings that belong to it, written as
// cutechess-cli/fastchess users expect:
//
//   configs/othello/classic.cfg,tc=10+0.1,depth=6      an arena config, then key=value,...
//   nboard[name=ntest,tc=10+0.1,dir=/opt/ntest]:./ntest x   a program: PROTOCOL[key=value,...]:CMD
//   --each tc=60+0.5,margin_ms=500                      the same keys, for every engine
//
// A setting given in the entry wins over --each, which wins over the run's global flags
// (--depth, --nodes, --movetime, --tc); merge() applies one layer over another.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "records/time_control.hpp"

namespace arena::selfplay {

/// When an outside program is started again.
enum class RestartPolicy {
  Off,  ///< keep the process between games; a new one only after a fault
  On,   ///< a fresh process before every game
};

/// Per-engine settings; an unset field inherits from the layer below (--each, then the global
/// flags, then the engine's own config or defaults).
/// An outside program's default margin_ms: how far a move may overrun its time before it is a
/// forfeit (cutechess-cli's timemargin), ms.
inline constexpr int kDefaultMarginMs = 1000;

struct EngineSettings {
  // Limits (any engine):
  std::optional<int> depth;             ///< plies
  std::optional<std::uint64_t> nodes;   ///< nodes per move
  std::optional<int> movetime_ms;       ///< time per move, ms
  std::optional<records::TimeControl> tc;  ///< game clock "SECONDS[+INC]"
  // How an outside program runs (external engines only):
  std::optional<std::string> name;      ///< display name ("" = ask the program)
  std::optional<int> margin_ms;         ///< added to its time before a timeout is declared
  std::optional<int> startup_ms;        ///< time to start and answer the first handshake
  std::optional<int> move_ms;           ///< per-move deadline when no time limit applies
  std::optional<std::string> dir;       ///< working folder of the process
  std::optional<RestartPolicy> restart;
  std::optional<bool> quiet_stderr;     ///< stderr=quiet|inherit

  /// Whether a field that only outside programs use is set (name excepted: it is shown).
  [[nodiscard]] bool has_external_only() const {
    return margin_ms || startup_ms || move_ms || dir || restart || quiet_stderr;
  }
};

/// `over` applied on top of `base`: each field set in `over` replaces base's.
[[nodiscard]] EngineSettings merge(const EngineSettings& base, const EngineSettings& over);

/// One `--engine` value, parsed.
struct EngineEntry {
  std::string text;      ///< the value as given (named in messages)
  std::string protocol;  ///< "" for an arena config, else "nboard" or "gtp"
  std::string target;    ///< the config path, or the program's shell command line
  EngineSettings settings;
  [[nodiscard]] bool external() const { return !protocol.empty(); }
};

/// Parses "CFG[,key=value...]" or "PROTOCOL[key=value,...]:COMMAND" / "PROTOCOL:COMMAND"
/// (PROTOCOL nboard or gtp; the command is kept verbatim for /bin/sh -c). Keys: depth, nodes,
/// movetime (ms), tc (SECONDS[+INC]), and for programs name, margin_ms, startup_ms, move_ms,
/// dir, restart (on|off), stderr (quiet|inherit). Throws InputError "--engine TEXT: ..."
/// naming the key and what was expected, or a program-only key on a config entry.
[[nodiscard]] EngineEntry parse_engine_entry(const std::string& text);

/// Whether `text` names an outside program ("nboard:..." or "gtp[...]:..." and the like).
[[nodiscard]] bool is_external_entry(const std::string& text);

/// Parses the --each value "key=value,..." (the keys of parse_engine_entry but name). Throws
/// InputError "--each ...: " naming the key.
[[nodiscard]] EngineSettings parse_each(const std::string& text);

}  // namespace arena::selfplay
