// The game viewer's data: every game of the report in a compact form that the page's script
// (report/assets/viewer.js) decodes only when a game is shown, so that a 10,000-game run stays
// a page of a few megabytes.
//
// Layout (JSON):
//   runs:  [{label, game, engines: [names]}]          one per log
//   games: [[run, id, pair, first, second, result, score, opening plies, moves, evals,
//            termination]]
//     first, second: indices into the run's engines; result 0 = 1-0, 1 = draw, 2 = 0-1;
//     moves: the whole transcript (opening first) as fixed-width codes without separators:
//            Othello 2 characters (lower case, pass "--"), Blokus Duo 4 (pass "----"); other
//            games: the moves joined by spaces;
//     evals: "" or one comma-separated entry per ply (mover's view, centi-units; empty entry =
//            not searched, e.g. opening plies);
//     termination: "" for normal, else "kind: reason".
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/inputs.hpp"

namespace arena::report {

/// The viewer's data for `logs`. A move whose code does not fit its game's width is recorded
/// in `problems` (FILE: game ID: ...) and the game is kept as far as it goes.
[[nodiscard]] nlohmann::json viewer_games(const std::vector<InputLog>& logs,
                                          std::vector<std::string>& problems);

/// One move in the viewer's fixed-width code: "f5", "--" (Othello pass: "pass", "PS", "--"),
/// "65u0", "----" (Blokus Duo pass: "----", "0000"); "" when `move` does not fit the game.
/// Other games: the move unchanged.
[[nodiscard]] std::string viewer_code(const std::string& game, const std::string& move);

}  // namespace arena::report
