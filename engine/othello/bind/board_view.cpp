// Othello's board for the report's viewer (see board_view.hpp).
#include "engine/othello/bind/board_view.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <string>

#include "engine/core/errors.hpp"
#include "engine/core/features.hpp"

namespace arena::report {

BoardLook GameBoard<othello::Othello>::look() {
  BoardLook l;
  l.width = 8;
  l.height = 8;
  for (int i = 0; i < 8; ++i) {
    l.columns.emplace_back(1, static_cast<char>('a' + i));
    l.rows.push_back(std::to_string(i + 1));
  }
  l.background = "#23512f";
  l.mark = "#e5484d";
  l.palette = {{"empty", "#2e7d43", "square"}, {"black disc", "#111111", "disc"},
               {"white disc", "#f4f4f4", "disc"}};
  l.sides = {"Black", "White"};
  l.counts = "discs";
  return l;
}

void GameBoard<othello::Othello>::paint(const othello::Position& p, BoardFrame& f) {
  const othello::Bitboard black = p.side == 0 ? p.player : p.opponent;
  const othello::Bitboard white = p.side == 0 ? p.opponent : p.player;
  f.cells.assign(64, 0);
  for (int sq = 0; sq < 64; ++sq) {
    const othello::Bitboard bit = othello::square_bit(sq);
    f.cells[static_cast<std::size_t>(sq)] = (black & bit) != 0 ? 1 : (white & bit) != 0 ? 2 : 0;
  }
  f.counts = {std::popcount(black), std::popcount(white)};
}

std::vector<int> GameBoard<othello::Othello>::move_cells(const othello::Position&, othello::Move m) {
  return {m.square};
}

std::optional<SquareTable> GameBoard<othello::Othello>::square_table(const core::EngineConfig& config,
                                                                     std::size_t phase) {
  std::unique_ptr<core::FeatureSet<othello::Position>> set;
  try {
    set = othello::Othello::make_feature_set(config.features);
  } catch (const InputError&) {
    return std::nullopt;
  }
  std::map<std::string, double> weights;
  for (const auto& [name, values] : config.weights) {
    if (!values.empty()) weights[name] = values[std::min(phase, values.size() - 1)];
  }
  SquareTable table(64, 0.0);
  bool any = false;
  core::SparseFeatures features;
  for (int sq = 0; sq < 64; ++sq) {
    othello::Position one;
    one.player = othello::square_bit(sq);
    features.clear();
    set->extract(one, features);
    for (const auto& feature : features) {
      const std::string name = set->feature_name(static_cast<int>(feature.index));
      if (name.rfind("sq_", 0) != 0) continue;
      any = true;
      const auto it = weights.find(name);
      table[static_cast<std::size_t>(sq)] += (it == weights.end() ? 0.0 : it->second) * feature.value;
    }
  }
  if (!any) return std::nullopt;
  return table;
}

}  // namespace arena::report
