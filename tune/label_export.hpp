// Positions and one label kind out of games, as a labelled positions file (tune/positions.hpp):
// `arena convert LOG --to FILE.obf --label KIND`. The positions are exactly those the tuner
// samples from the same games with the same options (skipped plies, duplicates, per-game cap),
// in the same order, so `arena tune --positions FILE.obf` fits what `arena tune --games LOG`
// fits with that label.
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "tune/dataset.hpp"
#include "tune/positions.hpp"

namespace arena::tune {

/// The positions file text (header first, one line per position) of the positions sampled from
/// `games` with `o` (o.holdout is ignored: every position is written) labelled by `kind`:
/// result writes the final score (its sign is the result), score the final score, search the
/// recorded (or, with o.search_depth, computed) search score, exact the exact score where
/// solved (<= o.exact_empties empties) and the final score elsewhere, line the exact score or
/// before that the game's first solved score, as the tuner labels them.
/// Counts go to `stats`. Throws InputError as sample_positions does.
template <core::Game G>
[[nodiscard]] std::string labelled_positions_text(const std::vector<TrainingGame>& games,
                                                  SampleOptions o, LabelKind kind,
                                                  const std::string& rules, SampleStats& stats,
                                                  const Progress& progress) {
  o.holdout = 0.0;
  o.need_exact = needs_exact_solves(kind);
  o.need_search = kind == LabelKind::Search;
  const auto samples = sample_positions<G>(games, o, stats, progress);
  const int column = kind == LabelKind::Result ? kScoreColumn : static_cast<int>(kind);
  std::string text = positions_header(std::string(G::kName), rules, label_kind_name(kind)) + "\n";
  for (const auto& s : samples) {
    const double label = sample_labels<G>(s, games)[column];
    text += format_position_line(G::format_position(s.position), static_cast<int>(label)) + "\n";
  }
  return text;
}

}  // namespace arena::tune
