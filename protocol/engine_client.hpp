// Clients for external engines: arena as the controller of a program that speaks its game's
// protocol over pipes. This header is the game-generic interface: EngineClient, the spec of
// an --engine entry and the request/answer shapes. The clients work on move text in the
// protocol's notation and know no game rules; the caller (selfplay's ExternalPlayer) checks
// legality. Each game's ProtocolAdapter names its client (the GTP client is
// protocol/gtp_client.hpp; NBoard's is Othello's, engine/othello/bind/nboard_client.hpp).
// Every way an engine can fail -- it does not start in time, dies, hangs, or answers garbage
// -- surfaces as one exception type, EngineFault, with a kind the game log records as the
// termination.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocol/engine_log.hpp"
#include "selfplay/engine_entry.hpp"

namespace arena::protocol {

/// What went wrong with an external engine.
enum class FaultKind {
  Crash,    ///< the process exited or closed its output
  Timeout,  ///< no answer before the deadline (startup or move)
  Protocol, ///< an answer that does not parse, or an error answer to a required command
};

/// An external engine failed; `kind` maps to a game termination (crash, timeout,
/// illegal-move), what() is the reason recorded in the log.
class EngineFault : public std::runtime_error {
 public:
  EngineFault(FaultKind kind, const std::string& reason)
      : std::runtime_error(reason), kind_(kind) {}
  [[nodiscard]] FaultKind kind() const { return kind_; }

 private:
  FaultKind kind_;
};

/// How to run one external engine (from `--engine nboard:CMD` or `gtp:CMD`, see
/// selfplay/engine_entry.hpp for the entry syntax and its keys).
struct ExternalSpec {
  std::string protocol;        ///< "nboard" or "gtp"
  std::string command;         ///< shell command line, run as written by /bin/sh -c
  std::string name;            ///< display name; "" = ask the program
  std::string dir;             ///< working folder of the process ("" = arena's)
  int startup_ms = 10000;      ///< time to start and answer the first handshake
  int margin_ms = selfplay::kDefaultMarginMs;  ///< added to the move time before a timeout is declared
  int move_ms = 60000;         ///< per-move deadline when the limits give no time
  int depth = 0;               ///< depth for every move (0 = the run's --depth, if any)
  bool quiet_stderr = true;    ///< send the engine's stderr to /dev/null
  bool restart_each_game = false;  ///< a fresh process before every game (restart=on)
  /// The game variant as the protocol names it (GTP `set_game`, e.g. Pentobi's "Blokus Duo";
  /// "" = none to send). Set from the game's adapter, not by the entry.
  std::string variant;
  /// Where every line sent and received goes (`--engine-log`); null = nowhere.
  std::shared_ptr<EngineLog> log;
};

/// The spec of an outside program's --engine entry with its effective settings (the entry's
/// over --each; unset fields keep ExternalSpec's defaults). Throws InputError naming the entry
/// when it is not an outside program, or when `dir` is not a folder.
[[nodiscard]] ExternalSpec external_spec(const selfplay::EngineEntry& entry,
                                         const selfplay::EngineSettings& settings);

/// external_spec of one entry text with its own settings ("PROTOCOL[key=value,...]:COMMAND").
[[nodiscard]] ExternalSpec parse_external_spec(const std::string& text);

/// Whether `text` names an external engine ("nboard:..." or "gtp:..." or with options).
[[nodiscard]] bool is_external_spec(const std::string& text);

/// The game a move is asked in, as the protocol sends it.
struct ClientState {
  std::int64_t game_id = -1;       ///< the game's id in the run (engine log), -1 = none
  std::string board;               ///< NBoard: the GGF BO value of the start; "" = the standard
  /// The game from its start, in the protocol's notation (NBoard: "f5" / "pass"; GTP: Pentobi
  /// square lists / "pass").
  std::vector<std::string> moves;
  std::vector<int> move_ms;        ///< per move, the time its clock was charged, ms (or empty)
  std::size_t opening_plies = 0;   ///< how many of `moves` were the opening (never charged)
  int side = 0;                    ///< the side to move: 0 first (black/b), 1 second (white/w)
  int depth = 0;                   ///< depth limit of this move (0 = none)
  int movetime_ms = 0;             ///< time for this move, ms (0 = none)
  int clock_ms = 0;                ///< the game clock each side started with, ms (0 = none)
  int increment_ms = 0;            ///< clock increment per move, ms
  int time_left_ms[2] = {0, 0};    ///< each side's clock now, ms
};

/// An engine's answer to a move request.
struct EngineAnswer {
  std::string move;                ///< the move as the engine wrote it ("" when it resigned)
  bool resign = false;             ///< GTP `= resign`
  std::optional<double> eval;      ///< NBoard `=== move/eval/time`: eval, mover's view, discs
  std::optional<double> seconds;   ///< NBoard: the time the engine says it took, seconds
  int depth = 0;                   ///< NBoard: the depth of its last `search` line (0 = none)
};

/// A controller-side session with one engine process. Not thread-safe: one per game thread.
class EngineClient {
 public:
  virtual ~EngineClient() = default;
  /// Starts the process and completes the handshake within spec.startup_ms (GTP: also
  /// `set_game` when spec.variant is set; a refusal is a Protocol fault); returns the engine's
  /// name (spec.name when given). Throws EngineFault.
  virtual std::string start() = 0;
  /// Prepares a new game (`state`: its first request, for the id and the clock): GTP
  /// clear_board and time_settings, NBoard set depth, the game's start and a ping/pong.
  /// Throws EngineFault.
  virtual void new_game(const ClientState& state) = 0;
  /// Asks for the move of the side to move in `state`, answered within `timeout`. Throws
  /// EngineFault.
  virtual EngineAnswer request_move(const ClientState& state,
                                    std::chrono::milliseconds timeout) = 0;
  /// Ends the process politely if it still runs, else kills it.
  virtual void stop() = 0;
  /// Kills the process at once (idempotent).
  virtual void kill() = 0;
  /// CPU time the engine's process has used so far, ms (ChildProcess::cpu_ms); nullopt when
  /// it does not run.
  [[nodiscard]] virtual std::optional<double> cpu_ms() const = 0;
};

}  // namespace arena::protocol
