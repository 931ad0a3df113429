// The `classic`, `greedy`, `territory`, `territory_plus` and `territory_sealed` feature sets
// and the move-ordering key.
#include "engine/blokus_duo/features.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>

#include "engine/blokus_duo/census_cache.hpp"
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

/// The pentominoes (pieces j-u) as a piece set.
constexpr std::uint32_t kPentominoes = kAllPieces & ~((std::uint32_t{1} << 9) - 1);

/// Remaining pentominoes of player `who`.
int large_pieces_left(const Position& p, int who) {
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

/// What the territory sets measure of one position: each side's reach at three distances
/// and its placement census.
struct Territory {
  std::array<Bits256, 2> near;    ///< reach within kInfluenceSteps, by side
  std::array<Bits256, 2> middle;  ///< reach within kMiddleSteps
  std::array<Bits256, 2> far;     ///< reach within kRegionSteps
  std::array<PlacementCensus, 2> census;

  /// The cells side `w` alone reaches within the steps of `r` (near, middle or far).
  static int exclusive(const std::array<Bits256, 2>& r, std::size_t w) {
    return Bits256(r[w]).remove(r[w ^ 1U]).count();
  }
};

/// Steps of territory_plus's middle reach, between the near and the far one.
constexpr int kMiddleSteps = 5;

/// `territory`: classic's 9 terms and what decides the end of a Blokus Duo game: the cells
/// only one side can reach (within kInfluenceSteps, and within kRegionSteps), and the squares
/// of each side's remaining pieces that fit nowhere now (they are lost unless the board
/// opens). Six phases of 6 plies, since the terms change meaning fast as the board fills.
/// `territory_plus` adds terms of the same measurements, chosen by the holdout error of fits
/// to Pentobi's games: the usable attach points and coverable cells the opponent cannot reach
/// within kInfluenceSteps, all coverable cells, the pentominoes that fit, the squares left
/// beyond a side's far exclusive region, exclusive cells within kMiddleSteps, and per piece
/// whether it is left and whether it is left but fits nowhere (mine minus theirs).
/// `territory_sealed` adds, per side, what the opponent can never take (cells it may not
/// cover, edge-adjacent to its pieces): usable attach points, coverable cells and far-reach
/// cells among them; and the placements by piece size (mobility by size: the small pieces'
/// moves are the end's reserve, the large ones' the squares that are still to score).
class TerritorySet final : public DeclaredSet {
 public:
  /// Which terms a set has: each level has the terms of the ones before it.
  enum class Level { kTerritory, kPlus, kSealed };

  explicit TerritorySet(Level level)
      : DeclaredSet(set_name(level), 1, names(level), {0, 6, 12, 18, 24, 30}), level_(level) {}

  /// The set's name in configs.
  static std::string set_name(Level level) {
    switch (level) {
      case Level::kTerritory: return "territory";
      case Level::kPlus: return "territory_plus";
      case Level::kSealed: return "territory_sealed";
    }
    return {};
  }

  void extract(const Position& p, core::SparseFeatures& out) const override {
    const auto m = static_cast<std::size_t>(p.side);
    const auto o = m ^ 1U;
    const auto add = [&](std::uint32_t i, int v) {
      if (v != 0) out.push_back({i, static_cast<float>(v)});
    };
    // One cache per thread: extract is const and called from every search thread.
    thread_local CensusCache cache;
    Territory t;
    t.census = cache.census(p);
    // Each reach grows from the shorter one (the steps are nested).
    for (const std::size_t w : {m, o}) {
      const int who = static_cast<int>(w);
      t.near[w] = reach(p, who, kInfluenceSteps);
      t.middle[w] = extend_reach(p, who, t.near[w], kMiddleSteps - kInfluenceSteps);
      t.far[w] = extend_reach(p, who, t.middle[w], kRegionSteps - kMiddleSteps);
    }
    const PlacementCensus& mine = t.census[m];
    const PlacementCensus& theirs = t.census[o];
    add(0, p.squares_placed[m] - p.squares_placed[o]);
    add(1, (mine.covered & p.attach[m]).count());  // the usable attach points
    add(2, (theirs.covered & p.attach[o]).count());
    add(3, t.near[m].count());
    add(4, t.near[o].count());
    add(5, large_pieces_left(p, p.side) - large_pieces_left(p, p.side ^ 1));
    add(6, nearest_attach_to_centre(p, p.side ^ 1) - nearest_attach_to_centre(p, p.side));
    add(7, mine.count);
    add(8, theirs.count);
    add(9, Territory::exclusive(t.near, m));
    add(10, Territory::exclusive(t.near, o));
    add(11, Territory::exclusive(t.far, m));
    add(12, Territory::exclusive(t.far, o));
    // The pieces each side has left that fit nowhere now.
    const std::uint32_t stuck_m = p.pieces_left[m] & ~mine.fitting;
    const std::uint32_t stuck_o = p.pieces_left[o] & ~theirs.fitting;
    add(13, squares_of(stuck_m));
    add(14, squares_of(stuck_o));
    if (level_ == Level::kTerritory) return;
    std::uint32_t i = kTerritoryTerms;
    for (const std::size_t w : {m, o}) {
      const PlacementCensus& c = t.census[w];
      const Bits256& rival = t.near[w ^ 1U];
      add(i++, (c.covered & p.attach[w]).remove(rival).count());
      add(i++, Bits256(c.covered).remove(rival).count());
      add(i++, c.covered.count());
      add(i++, std::popcount(c.fitting & p.pieces_left[w] & kPentominoes));
      add(i++, std::max(0, squares_of(p.pieces_left[w]) - Territory::exclusive(t.far, w)));
      add(i++, Territory::exclusive(t.middle, w));
    }
    for (std::uint32_t piece = 0; piece < kNumPieces; ++piece, ++i) {
      add(i, static_cast<int>(p.pieces_left[m] >> piece & 1U) -
                 static_cast<int>(p.pieces_left[o] >> piece & 1U));
      add(i + kNumPieces,
          static_cast<int>(stuck_m >> piece & 1U) - static_cast<int>(stuck_o >> piece & 1U));
    }
    if (level_ == Level::kPlus) return;
    i += kNumPieces;
    const Bits256 occupied = p.occupied[0] | p.occupied[1];
    for (const std::size_t w : {m, o}) {
      const PlacementCensus& c = t.census[w];
      const Bits256& sealed = p.forbidden[w ^ 1U];  // the cells the opponent may never cover
      add(i++, (c.covered & p.attach[w] & sealed).count());
      add(i++, (c.covered & sealed).count());
      add(i++, (t.far[w] & sealed).remove(occupied).count());
      for (std::size_t size = 1; size <= 5; ++size) add(i++, c.by_size[size]);
    }
  }

 private:
  static constexpr std::uint32_t kTerritoryTerms = 15;

  static std::vector<std::string> names(Level level) {
    std::vector<std::string> n = {"squares", "attach_mine", "attach_theirs", "influence_mine",
                                  "influence_theirs", "large_left", "centre", "mobility_mine",
                                  "mobility_theirs", "exclusive_mine", "exclusive_theirs",
                                  "region_mine", "region_theirs", "stranded_mine",
                                  "stranded_theirs"};
    if (level == Level::kTerritory) return n;
    for (const char* side : {"_mine", "_theirs"}) {
      for (const char* term : {"safe_attach", "safe_cover", "cover", "large_fit", "shortfall",
                               "middle"}) {
        n.push_back(std::string(term) + side);
      }
    }
    for (const char* term : {"left_", "stuck_"}) {
      for (const auto& piece : kPieces) n.push_back(std::string(term) + piece.letter);
    }
    if (level == Level::kPlus) return n;
    for (const char* side : {"_mine", "_theirs"}) {
      for (const char* term : {"sealed_attach", "sealed_cover", "sealed_far", "fits_size1",
                               "fits_size2", "fits_size3", "fits_size4", "fits_size5"}) {
        n.push_back(std::string(term) + side);
      }
    }
    return n;
  }

  Level level_;
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
  return extend_reach(p, who, p.attach[static_cast<std::size_t>(who)], steps);
}

Bits256 extend_reach(const Position& p, int who, Bits256 cells, int steps) {
  const Bits256& forbidden = p.forbidden[static_cast<std::size_t>(who)];
  // Breadth-first growth by whole-board dilation: each step is 4 shifts and a mask.
  for (int i = 0; i < steps; ++i) cells = dilate(cells).remove(forbidden);
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
  using Level = TerritorySet::Level;
  for (const Level level : {Level::kTerritory, Level::kPlus, Level::kSealed}) {
    if (name == TerritorySet::set_name(level)) return std::make_unique<TerritorySet>(level);
  }
  throw InputError("blokus-duo: unknown feature set '" + std::string(name) +
                   "' (known: classic, greedy, territory, territory_plus, territory_sealed)");
}

}  // namespace arena::blokus_duo
