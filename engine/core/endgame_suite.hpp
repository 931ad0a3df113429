// The customisation point through which `arena solve` solves a game's endgame test suite (a
// file of positions with their known exact scores, such as Othello's FFO/OBF files). A game
// binds it by specialising EndgameSuite<G> in its folder (engine/<game>/bind/); the registry
// includes the specialisation, so the command names no game.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/engine_config.hpp"

namespace arena::core {

/// The exact result of one suite position.
struct SuiteResult {
  int score = 0;               ///< final score with best play, side to move's view, game units
  std::string best_move;       ///< a move reaching it, standard notation
  std::uint64_t nodes = 0;     ///< nodes searched
};

/// Game G's endgame suite. A specialisation provides:
///  - `Entry`: one position of a suite file with what the file says about it;
///  - `kOrderingConfig`: the shipped engine config (a path below the clone) whose static
///    evaluation orders the solver's moves by default;
///  - `read(path) -> std::vector<Entry>`: the file's positions with their line numbers
///    (`entry.line`); InputError naming FILE:LINE for a malformed one, or the file when it
///    holds none;
///  - `board(entry) -> std::string`: the position in G's position notation;
///  - `expected(entry) -> std::optional<int>`: the file's best score, if it gives one;
///  - `move_ok(entry, result) -> bool`: whether the file lists result's move with its score
///    (true when it lists no moves);
///  - `Solver(table_bits, ordering)`: a solver with a 2^table_bits-entry table whose moves are
///    ordered by the static evaluation of engine config `ordering` (none: its own), with
///    `clear()` (empties the table, so the next result does not depend on the positions solved
///    before) and `solve(entry) -> SuiteResult`.
/// The primary template, for games without a suite solver, provides nothing.
template <class G>
struct EndgameSuite {};

/// Whether game G binds an endgame suite solver.
template <class G>
concept HasEndgameSuite = requires { typename EndgameSuite<G>::Solver; };

}  // namespace arena::core
