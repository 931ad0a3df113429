// `arena nboard`: an Othello engine behind the NBoard protocol (version 2), the text protocol
// the NBoard GUI and Edax/NTest speak. A thin shell: each command line becomes a call on the
// engine or the stored position, nothing more (Stockfish's uci.cpp shape).
//
// Commands (one per line; unknown lines are ignored, as the protocol asks):
//   nboard <v>           -> "set myname <name>"
//   set depth <n>        search depth in plies for hint/go
//   set game <GGF>       the position at the end of the GGF game; its clock (TI, replayed
//                        against each move's time, as NTest's COsClock does) limits `go`
//   set contempt <n>     accepted, not used (the engine has no contempt)
//   move <mv>[/<e>/<t>]  a move played on the stored position (PA = pass); its time is
//                        charged to the mover's clock
//   hint <n>             -> "search <move> <eval> 0 <depth>" for the n best moves
//   go                   -> "=== <move>/<eval>/<time>", eval in discs (mover's view), time s
//   ping <n>             -> "pong <n>" (after everything before it is done)
//   learn                -> "learned" (nothing is learned)
//   analyze, others      ignored
//   quit                 ends the session
// Around each search: "status <name> is thinking" / "status <name> is waiting".
#pragma once

#include <iosfwd>
#include <string>
#include <utility>

#include "engine/core/engine.hpp"
#include "engine/othello/bind/ggf.hpp"
#include "engine/othello/othello.hpp"

namespace arena::protocol {

/// Evaluation text of the protocol: discs with two decimals ("-1.00") from centi-discs.
[[nodiscard]] std::string nboard_eval(int centi);

/// The Othello position at the end of a GGF game (its BO board, then its moves). Throws
/// InputError naming the bad move.
[[nodiscard]] othello::Position nboard_position(const records::GgfGame& g);

/// The clocks of an NBoard game: each side's time left, ms (index 0 black, 1 white), and the
/// increment; none when the GGF has no TI.
struct NBoardClock {
  bool set = false;
  int left_ms[2] = {0, 0};
  int increment_ms = 0;
  /// Charges `seconds` to `side` and adds the increment (NTest's COsClock::Update, without
  /// its grace period: arena's own clock has none).
  void charge(int side, double seconds);
};

/// The clock at the end of GGF game g: TI's time, every move's time subtracted from its mover
/// and the increment added. Throws InputError for a malformed TI.
[[nodiscard]] NBoardClock nboard_clock(const records::GgfGame& g);

/// A move text of the protocol ("F5", "f5/1.00/2.1", "PA") as arena notation ("f5", "pass")
/// and its time in seconds (0 when absent).
[[nodiscard]] std::pair<std::string, double> nboard_move(const std::string& text);

/// Runs the NBoard session of `engine`, reading `in` and writing `out` (each answer flushed)
/// until "quit" or end of input. Malformed commands are reported on `log` and otherwise
/// ignored, so a GUI session survives them. Returns 0.
int serve_nboard(core::Engine<othello::Othello>& engine, std::istream& in, std::ostream& out,
                 std::ostream& log);

}  // namespace arena::protocol
