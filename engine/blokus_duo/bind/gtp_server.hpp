// `arena gtp`: a Blokus Duo engine behind GTP with Pentobi's conventions (Pentobi-GTP.md), so a
// controller written for `pentobi-gtp --game duo` can drive it. A thin shell over the engine.
//
// Colours are `b` (first player) and `w` (second), case-insensitive. Moves are Pentobi square
// lists ("e10", "f9,e10,f10,g10,f11": column a-n, row 1-14 from the bottom) or the contest's
// 4-character code ("65u0"); a pass is "pass". Answers are "= text" or "? error" followed by an
// empty line, the status character always followed by a space (GTP 2 spec 2.10; Pentobi's
// twogtp insists on it); an optional numeric id is echoed. Supported: protocol_version, name,
// version, known_command, list_commands, clear_board, set_game (Blokus Duo only), play,
// genmove, reg_genmove, all_legal, final_score (Pentobi's "B+n" / "W+n" / "0", under the run's
// scoring rule), showboard, undo, cputime (this process's CPU seconds, as twogtp asks),
// set_random_seed, loadsgf FILE [N] (a blksgf game, before its N-th move), time_settings
// MAIN BYO STONES and time_left COLOR SECONDS STONES (GTP 2 spec 6.3.4: genmove then plays by
// that clock; arena keeps the clock itself between time_left commands), quit.
//
// Pentobi lets any colour move next; arena's positions alternate. A `play` or `genmove` for the
// colour that is not to move is accepted when the side to move has no placement: its pass is
// played first (the implicit pass of Pentobi's records).
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/blokus_duo/position.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/limits.hpp"

namespace arena::protocol {

/// The commands `arena gtp` answers, in list_commands order.
[[nodiscard]] const std::vector<std::string>& gtp_commands();

/// A move in Pentobi's square list or the 4-character code, checked against the rules of p.
/// Throws InputError naming the move and the rule it breaks.
[[nodiscard]] blokus_duo::Move gtp_parse_move(const blokus_duo::Position& p, std::string_view text);

/// Pentobi's final_score text from the first player's score: "B+7", "W+3", "0".
[[nodiscard]] std::string gtp_score(int first_player_score);

/// Plays the implicit pass of the side to move when `color` (0/1) is not to move and the side
/// to move has no placement; throws InputError when it has one (not `color`'s turn).
[[nodiscard]] blokus_duo::Position gtp_align_turn(const blokus_duo::Position& p, int color);

/// The CPU time of this process (user + system), seconds: the answer to `cputime`.
[[nodiscard]] double gtp_cpu_seconds();

/// The game clock a GTP controller gives (GTP 2 spec 4.2, time_settings / time_left). Times
/// in ms. Byo-yomi time > 0 with 0 stones means no limit; all three 0 too (unset).
struct GtpClock {
  int main_ms = 0;
  int byo_yomi_ms = 0;
  int byo_yomi_stones = 0;
  int left_ms[2] = {0, 0};       ///< each colour's time in its current period
  int left_stones[2] = {0, 0};   ///< stones left in the byo-yomi period (0 = main time)

  /// Whether the clock limits play at all.
  [[nodiscard]] bool limited() const {
    return !(byo_yomi_ms > 0 && byo_yomi_stones == 0) &&
           (main_ms > 0 || byo_yomi_ms > 0);
  }
  /// `base` with the time for `color`'s next move: the clock in main time, the period's time
  /// per remaining stone in byo-yomi.
  [[nodiscard]] core::SearchLimits limits_for(int color, core::SearchLimits base) const;
  /// Charges `ms` to `color`'s clock (between the controller's time_left updates).
  void charge(int color, int ms);
};

/// The position of a blksgf file (`loadsgf FILE [N]`): its first game replayed under `rules`
/// up to before its N-th move (N counts the file's moves, 1-based; 0 = all). Throws
/// InputError naming the file or the bad move.
[[nodiscard]] std::vector<blokus_duo::Position> gtp_load_sgf(const std::string& path, int move_number,
                                                             const blokus_duo::Rules& rules);

/// Runs a GTP session of `engine` over `in`/`out` until quit or end of input, one answer per
/// command line (each flushed). `rules` are the rules of every game (clear_board); `version`
/// is the answer to `version`. Malformed commands are answered "? <why>". Returns 0.
int serve_gtp(core::Engine<blokus_duo::BlokusDuo>& engine, const blokus_duo::Rules& rules,
              const std::string& version, std::istream& in, std::ostream& out);

}  // namespace arena::protocol
