// The game viewer's data: every game of the report with its boards, computed by the game's own
// rules (report/board_view.hpp), in a compact form that the page's script
// (report/assets/viewer.js) decodes only when a game is shown and then only paints.
//
// Layout (JSON):
//   boards: {game: {width, height, columns, rows, background, mark, palette: [[name, colour,
//            shape]], sides, counts, side_colours, pieces: [[name, width, height, cells]],
//            reserve_title}}                      BoardLook of each game that has logs here
//   runs:   [{label, game, engines: [names]}]     one per log
//   games:  [[run, id, pair, first, second, result, score, opening plies, moves, evals,
//             termination, board, error]]
//     first, second: indices into the run's engines; result 0 = 1-0, 1 = draw, 2 = 0-1;
//     moves: the transcript (opening first) in the game's notation, joined by spaces; with a
//            board, the plies replayed only;
//     evals: "" or one comma-separated entry per ply (mover's view, centi-units; empty entry =
//            not searched, e.g. opening plies);
//     termination: "" for normal, else "kind: reason";
//     board: "" (no board for the game) or the frames (board_text);
//     error: "" or why the replay stopped before the record's end.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/board_view.hpp"
#include "report/inputs.hpp"

namespace arena::report {

/// The viewer's data for `logs`, the boards replayed by `boards` (by game name). A record that
/// does not replay is listed in `problems` (FILE: game ID: ...) and kept as far as it goes.
[[nodiscard]] nlohmann::json viewer_games(const std::vector<InputLog>& logs,
                                          const std::map<std::string, GameViewer>& boards,
                                          std::vector<std::string>& problems);

/// The digits of board_text: 64 characters, digit i standing for the number i.
inline constexpr std::string_view kBoardDigits =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/";

/// The frames of a replay as text, one word per frame separated by spaces, numbers written in
/// kBoardDigits (two-digit numbers high digit first; cell indices and counts 0-4095, cell
/// values 0-31, pieces 0-63). Each word is
///   the state digit  to move: 0 first player, 1 second, 2 game over; + 3 after a pass
///   two counts       two digits each (BoardFrame::counts)
///   the cells        start frame: every cell's value, row by row; later frames: the cells
///                    that changed or are marked, each as its index (one digit on boards of at
///                    most 64 cells, else two) and its value (one digit, + 32 when marked)
///   ",TOGGLES"       only when the reserve changed (from empty, for the start frame): pairs
///                    of side (0, 1) and piece digits, the piece added to that side's reserve
///                    when absent and removed when present.
[[nodiscard]] std::string board_text(const Replay& replay);

}  // namespace arena::report
