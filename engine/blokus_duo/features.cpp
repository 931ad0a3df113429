// The `classic` and `greedy` feature sets and the move-ordering key.
#include "engine/blokus_duo/features.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"

namespace arena::blokus_duo {

namespace {

/// Manhattan distance of cell c to the board centre (6.5, 6.5), in half-cells.
int centre_distance_of_cell(int c) {
  return std::abs(2 * cell_x(c) - (kBoardSize - 1)) + std::abs(2 * cell_y(c) - (kBoardSize - 1));
}

/// The smallest centre distance over player `who`'s attach points (28 when it has none).
int nearest_attach_to_centre(const Position& p, int who) {
  int best = 2 * kBoardSize;
  p.attach[static_cast<std::size_t>(who)].for_each(
      [&](int c) { best = std::min(best, centre_distance_of_cell(c)); });
  return best;
}

/// Remaining pentominoes (pieces j-u) of player `who`.
int large_pieces_left(const Position& p, int who) {
  constexpr std::uint32_t kPentominoes = kAllPieces & ~((std::uint32_t{1} << 9) - 1);
  return std::popcount(p.pieces_left[static_cast<std::size_t>(who)] & kPentominoes);
}

/// Squares of the pieces in `pieces` (bit i = piece 'a'+i).
int squares_of(std::uint32_t pieces) {
  int n = 0;
  for (; pieces != 0; pieces &= pieces - 1) {
    n += kPieces[static_cast<std::size_t>(std::countr_zero(pieces))].size;
  }
  return n;
}

/// Shared parts of the sets: a fixed declaration of names and phases.
class DeclaredSet : public core::FeatureSet<Position> {
 public:
  DeclaredSet(std::string name, int version, std::vector<std::string> names,
              std::vector<int> phase_starts)
      : name_(std::move(name)), names_(std::move(names)), phase_starts_(std::move(phase_starts)) {
    std::string decl = name_ + "|v" + std::to_string(version);
    for (const std::string& n : names_) decl += "|" + n;
    for (const int s : phase_starts_) decl += "|phase@" + std::to_string(s);
    hash_ = core::fnv1a64(decl);
  }
  [[nodiscard]] std::string name() const override { return name_; }
  [[nodiscard]] std::uint64_t declaration_hash() const override { return hash_; }
  [[nodiscard]] int num_features() const override { return static_cast<int>(names_.size()); }
  [[nodiscard]] int num_phases() const override { return static_cast<int>(phase_starts_.size()); }
  [[nodiscard]] std::string feature_name(int i) const override {
    return names_.at(static_cast<std::size_t>(i));
  }
  /// Phase by move number: the last phase whose first ply is <= the plies played.
  [[nodiscard]] int phase(const Position& p) const override {
    int ph = 0;
    while (ph + 1 < num_phases() && p.plies >= phase_starts_[static_cast<std::size_t>(ph + 1)]) {
      ++ph;
    }
    return ph;
  }

 private:
  std::string name_;
  std::vector<std::string> names_;
  std::vector<int> phase_starts_;
  std::uint64_t hash_ = 0;
};

/// `classic`: 9 features, phases starting at plies 0, 8, 16, 26 (opening: the race to the
/// centre; early and late middle game; ending).
class ClassicSet final : public DeclaredSet {
 public:
  ClassicSet()
      : DeclaredSet("classic", 1,
                    {"squares", "attach_mine", "attach_theirs", "influence_mine",
                     "influence_theirs", "large_left", "centre", "mobility_mine",
                     "mobility_theirs"},
                    {0, 8, 16, 26}) {}

  void extract(const Position& p, core::SparseFeatures& out) const override {
    const int me = p.side;
    const int opp = me ^ 1;
    const auto add = [&](std::uint32_t i, int v) {
      if (v != 0) out.push_back({i, static_cast<float>(v)});
    };
    add(0, p.squares_placed[static_cast<std::size_t>(me)] -
               p.squares_placed[static_cast<std::size_t>(opp)]);
    add(1, usable_attach_points(p, me));
    add(2, usable_attach_points(p, opp));
    add(3, influence(p, me, kInfluenceSteps));
    add(4, influence(p, opp, kInfluenceSteps));
    add(5, large_pieces_left(p, me) - large_pieces_left(p, opp));
    add(6, nearest_attach_to_centre(p, opp) - nearest_attach_to_centre(p, me));
    add(7, count_placements_of(p, me));
    add(8, count_placements_of(p, opp));
  }
};

/// `territory`: classic's 9 terms and what decides the end of a Blokus Duo game: the cells
/// only one side can reach (within kInfluenceSteps, and within kRegionSteps), and the squares
/// of each side's remaining pieces that fit nowhere now (they are lost unless the board
/// opens). Six phases of 6 plies, since the terms change meaning fast as the board fills.
class TerritorySet final : public DeclaredSet {
 public:
  TerritorySet()
      : DeclaredSet("territory", 1,
                    {"squares", "attach_mine", "attach_theirs", "influence_mine",
                     "influence_theirs", "large_left", "centre", "mobility_mine",
                     "mobility_theirs", "exclusive_mine", "exclusive_theirs", "region_mine",
                     "region_theirs", "stranded_mine", "stranded_theirs"},
                    {0, 6, 12, 18, 24, 30}) {}

  void extract(const Position& p, core::SparseFeatures& out) const override {
    const int me = p.side;
    const int opp = me ^ 1;
    const auto add = [&](std::uint32_t i, int v) {
      if (v != 0) out.push_back({i, static_cast<float>(v)});
    };
    const auto m = static_cast<std::size_t>(me);
    const auto o = static_cast<std::size_t>(opp);
    const Bits256 near_me = reach(p, me, kInfluenceSteps);
    const Bits256 near_opp = reach(p, opp, kInfluenceSteps);
    const Bits256 far_me = reach(p, me, kRegionSteps);
    const Bits256 far_opp = reach(p, opp, kRegionSteps);
    const PlacementCensus mine = census_placements_of(p, me);
    const PlacementCensus theirs = census_placements_of(p, opp);
    add(0, p.squares_placed[m] - p.squares_placed[o]);
    add(1, (mine.covered & p.attach[m]).count());  // the usable attach points
    add(2, (theirs.covered & p.attach[o]).count());
    add(3, near_me.count());
    add(4, near_opp.count());
    add(5, large_pieces_left(p, me) - large_pieces_left(p, opp));
    add(6, nearest_attach_to_centre(p, opp) - nearest_attach_to_centre(p, me));
    add(7, mine.count);
    add(8, theirs.count);
    add(9, Bits256(near_me).remove(near_opp).count());
    add(10, Bits256(near_opp).remove(near_me).count());
    add(11, Bits256(far_me).remove(far_opp).count());
    add(12, Bits256(far_opp).remove(far_me).count());
    add(13, squares_of(p.pieces_left[m] & ~mine.fitting));
    add(14, squares_of(p.pieces_left[o] & ~theirs.fitting));
  }
};

/// `greedy`: the contest hosts' simple player as a one-ply evaluation. After the greedy
/// player's move the opponent is to move, so `squares` (mover minus opponent) rewards the
/// largest piece and `centre_last` (the opponent's last piece's centre distance minus the
/// mover's) rewards the piece closest to the centre; with weights 100 and 5 the size always
/// dominates (5 x 13 < 100).
class GreedySet final : public DeclaredSet {
 public:
  GreedySet() : DeclaredSet("greedy", 1, {"squares", "centre_last"}, {0}) {}

  void extract(const Position& p, core::SparseFeatures& out) const override {
    const std::size_t me = p.side;
    const std::size_t opp = me ^ 1U;
    const int placed = p.squares_placed[me] - p.squares_placed[opp];
    if (placed != 0) out.push_back({0, static_cast<float>(placed)});
    const auto dist = [&](std::size_t who) {
      const Move m = p.last_placement[who];
      return m.is_pass() ? 0.0F : centre_distance(m.id) / 2.0F;
    };
    const float centre = dist(opp) - dist(me);
    if (centre != 0.0F) out.push_back({1, centre});
  }
};

}  // namespace

float centre_distance(int id) {
  const Placement& pl = placement_table()[id];
  return static_cast<float>(pl.centre_sum) / static_cast<float>(pl.size);
}

int usable_attach_points(const Position& p, int who) {
  int n = 0;
  p.attach[static_cast<std::size_t>(who)].for_each(
      [&](int c) { n += has_placement_at(p, who, c) ? 1 : 0; });
  return n;
}

Bits256 reach(const Position& p, int who, int steps) {
  const std::size_t w = static_cast<std::size_t>(who);
  Bits256 cells = p.attach[w];
  // Breadth-first growth by whole-board dilation: each step is 4 shifts and a mask.
  for (int i = 0; i < steps; ++i) cells = dilate(cells).remove(p.forbidden[w]);
  return cells;
}

int influence(const Position& p, int who, int steps) { return reach(p, who, steps).count(); }

int order_score(const Position& p, Move m) {
  if (m.is_pass()) return 0;
  const Placement& pl = placement_table()[m.id];
  Bits256 gained = pl.corners;
  gained.remove(p.forbidden[p.side]);
  gained.remove(p.attach[p.side]);
  return pl.size * 1000 + std::min(gained.count(), 15) * 40 + (26 - pl.centre_sum / pl.size);
}

void playout_weights(const Position& p, const MoveList& list, std::vector<double>& weights) {
  // The factors of Pentobi's Duo playout policy (see the declaration), as tables of powers
  // so that no pow() runs per move.
  constexpr double kSizeFactor = 3.0;
  constexpr double kAttachFactor = 1.8;
  constexpr double kLocalFactor = 1e6;
  static const auto powers = [](double base) {
    std::array<double, 32> t{};
    t[0] = 1;
    for (std::size_t i = 1; i < t.size(); ++i) t[i] = t[i - 1] * base;
    return t;
  };
  static const std::array<double, 32> size_gamma = powers(kSizeFactor);
  static const std::array<double, 32> attach_gamma = powers(kAttachFactor);
  static const std::array<double, 32> local_gamma = powers(kLocalFactor);
  const std::size_t opp = 1U - p.side;
  Bits256 local;
  for (int back = 1; back <= 3 && back <= p.plies; back += 2) {
    const Move m = p.history[static_cast<std::size_t>(p.plies - back)];
    if (!m.is_pass()) local |= placement_table()[m.id].corners;
  }
  local &= p.attach[opp];
  weights.resize(list.size());
  const PlacementTable& table = placement_table();
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (list[i].is_pass()) {
      weights[i] = 1;
      continue;
    }
    const Placement& pl = table[list[i].id];
    const auto attach = static_cast<std::size_t>(std::max(pl.corners.count(), 1));
    weights[i] = size_gamma[pl.size] * attach_gamma[std::min<std::size_t>(attach - 1, 31)] *
                 local_gamma[static_cast<std::size_t>((pl.mask & local).count())];
  }
}

std::unique_ptr<core::FeatureSet<Position>> make_feature_set(std::string_view name) {
  if (name == "classic") return std::make_unique<ClassicSet>();
  if (name == "greedy") return std::make_unique<GreedySet>();
  if (name == "territory") return std::make_unique<TerritorySet>();
  throw InputError("blokus-duo: unknown feature set '" + std::string(name) +
                   "' (known: classic, greedy, territory)");
}

}  // namespace arena::blokus_duo
