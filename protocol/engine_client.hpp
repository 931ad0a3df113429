// Clients for external engines: arena as the controller of a program that speaks NBoard
// (Othello) or GTP (Pentobi's conventions for Blokus Duo) over pipes. The clients work on move
// text in the protocol's notation and know no game rules; the caller (selfplay's
// ExternalPlayer) checks legality. Every way an engine can fail -- it does not start in time,
// dies, hangs, or answers garbage -- surfaces as one exception type, EngineFault, with a kind
// the game log records as the termination.
#pragma once

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocol/child_process.hpp"
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
  int margin_ms = 1000;        ///< added to the move time before a timeout is declared
  int move_ms = 60000;         ///< per-move deadline when the limits give no time
  int depth = 0;               ///< NBoard `set depth` at startup (0 = none; a run's --depth
                               ///< is sent with each move)
  bool quiet_stderr = true;    ///< send the engine's stderr to /dev/null
  bool restart_each_game = false;  ///< a fresh process before every game (restart=on)
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

/// The game an engine protocol plays ("nboard" -> "othello", "gtp" -> "blokus-duo").
[[nodiscard]] std::string protocol_game(const std::string& protocol);

/// The position a move is asked for, as the protocol sends it.
struct ClientState {
  std::string board;               ///< NBoard: the GGF BO value of the position; "" = the start
  std::vector<std::string> moves;  ///< GTP: the game so far (Pentobi notation, "pass" for passes)
  int side = 0;                    ///< the side to move: 0 first (black/b), 1 second (white/w)
  int depth = 0;                   ///< NBoard `set depth` for this move (0 = keep)
};

/// A controller-side session with one engine process. Not thread-safe: one per game thread.
class EngineClient {
 public:
  virtual ~EngineClient() = default;
  /// Starts the process and completes the handshake within spec.startup_ms; returns the
  /// engine's name (spec.name when given). Throws EngineFault.
  virtual std::string start() = 0;
  /// Prepares a new game from the start position (GTP: clear_board). Throws EngineFault.
  virtual void new_game() = 0;
  /// Asks for the move of the side to move in `state`, answered within `timeout`. Returns the
  /// move text as the engine wrote it. Throws EngineFault.
  virtual std::string request_move(const ClientState& state,
                                   std::chrono::milliseconds timeout) = 0;
  /// Ends the process politely if it still runs, else kills it.
  virtual void stop() = 0;
  /// Kills the process at once (idempotent).
  virtual void kill() = 0;
};

/// NBoard controller (protocol version 2): `nboard 2`, `set depth`, `set game <GGF>` holding
/// the position as its board (BO) and no moves, `go`, answered by `=== <move>[/<eval>/<time>]`; `ping`/`pong` for the startup
/// handshake; `set myname` gives the name; status/nodestats/search lines are skipped.
[[nodiscard]] std::unique_ptr<EngineClient> make_nboard_client(const ExternalSpec& spec);

/// GTP controller with Pentobi's conventions: `name`, `clear_board`, `play b|w <move>` (passes
/// are not sent: every move names its colour), `genmove b|w`, answered `= <move>`; `resign`
/// is reported as a Protocol fault.
[[nodiscard]] std::unique_ptr<EngineClient> make_gtp_client(const ExternalSpec& spec);

/// The client for spec.protocol.
[[nodiscard]] std::unique_ptr<EngineClient> make_client(const ExternalSpec& spec);

}  // namespace arena::protocol
