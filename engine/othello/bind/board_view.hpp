// Othello's board for the report's viewer (the contract is report/board_view.hpp's
// GameBoard<G>): 8 x 8 cells a1 (top-left) to h8, 0 empty, 1 a black disc, 2 a white disc;
// the counts are the discs of each colour; the heat map shows the evaluation's square weights.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/othello/othello.hpp"
#include "report/board_view.hpp"

namespace arena::report {

template <>
struct GameBoard<othello::Othello> {
  [[nodiscard]] static BoardLook look();
  /// Cells by square index (a1 = 0, h8 = 63) and the disc counts of black and white.
  static void paint(const othello::Position& p, BoardFrame& f);
  /// The square the disc was played on.
  [[nodiscard]] static std::vector<int> move_cells(const othello::Position& before, othello::Move m);
  /// The config's square weights at weight phase `phase`, read through the game's own feature
  /// declaration rather than a copy of its class layout: for each square, a position with one
  /// disc of the side to move on it is run through the feature set, and the weights of the
  /// square features ("sq_" names) it turns on are summed. A single value stands for every
  /// phase; missing weights count 0. nullopt when the config's feature set is unknown or has
  /// no square features.
  [[nodiscard]] static std::optional<SquareTable> square_table(const core::EngineConfig& config,
                                                               std::size_t phase);
};

}  // namespace arena::report
