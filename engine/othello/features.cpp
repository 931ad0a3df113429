// The `classic` and `table` feature sets (see features.hpp).
#include "engine/othello/features.hpp"

#include <string>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/othello/patterns.hpp"

namespace arena::othello {

namespace {

constexpr Bitboard kColumnA = 0x0101010101010101ULL;
constexpr Bitboard kColumnH = 0x8080808080808080ULL;
constexpr Bitboard kCorners = 0x8100000000000081ULL;

/// The 8 images of square (column c, row r) of the a1 quadrant under the board symmetries.
constexpr Bitboard symmetric_images(int c, int r) {
  Bitboard b = 0;
  for (const auto& [x, y] : {std::pair{c, r}, std::pair{r, c}}) {
    for (const int xx : {x, 7 - x}) {
      for (const int yy : {y, 7 - y}) b |= square_bit(8 * yy + xx);
    }
  }
  return b;
}

constexpr std::array<Bitboard, 10> kSquareClasses = {
    symmetric_images(0, 0),  // corner
    symmetric_images(1, 0),  // c_square
    symmetric_images(2, 0),  // a_square
    symmetric_images(3, 0),  // b_square
    symmetric_images(1, 1),  // x_square
    symmetric_images(2, 1),  // ring_c
    symmetric_images(3, 1),  // ring_d
    symmetric_images(2, 2),  // centre_c
    symmetric_images(3, 2),  // centre_d
    symmetric_images(3, 3),  // centre
};

static_assert([] {
  Bitboard all = 0;
  for (const Bitboard b : kSquareClasses) {
    if ((all & b) != 0) return false;
    all |= b;
  }
  return all == ~Bitboard{0};
}(), "the 10 square classes partition the board");

const std::vector<std::string> kSquareClassNames = {
    "sq_corner", "sq_c", "sq_a", "sq_b", "sq_x",
    "sq_ring_c", "sq_ring_d", "sq_centre_c", "sq_centre_d", "sq_centre"};

/// A declared set: name, version, feature names; phases by empties (phase_of_empties).
class DeclaredSet : public core::FeatureSet<Position> {
 public:
  DeclaredSet(std::string name, int version, std::vector<std::string> names)
      : name_(std::move(name)), names_(std::move(names)) {
    std::string decl = "othello|" + name_ + "|v" + std::to_string(version);
    for (const std::string& n : names_) decl += "|" + n;
    decl += "|phases:empties 60-51,50-41,40-31,30-21,20-11,10-0";
    hash_ = core::fnv1a64(decl);
  }
  [[nodiscard]] std::string name() const override { return name_; }
  [[nodiscard]] std::uint64_t declaration_hash() const override { return hash_; }
  [[nodiscard]] int num_features() const override { return static_cast<int>(names_.size()); }
  [[nodiscard]] int num_phases() const override { return 6; }
  [[nodiscard]] std::string feature_name(int i) const override {
    return names_.at(static_cast<std::size_t>(i));
  }
  [[nodiscard]] int phase(const Position& p) const override {
    return phase_of_empties(Othello::empties(p));
  }

 protected:
  /// Appends the 10 square-class differences (own minus opponent discs per class).
  static void extract_squares(const Position& p, core::SparseFeatures& out) {
    for (std::size_t i = 0; i < kSquareClasses.size(); ++i) {
      const int d = popcount(p.player & kSquareClasses[i]) - popcount(p.opponent & kSquareClasses[i]);
      if (d != 0) out.push_back({static_cast<std::uint32_t>(i), static_cast<float>(d)});
    }
  }

 private:
  std::string name_;
  std::vector<std::string> names_;
  std::uint64_t hash_ = 0;
};

class TableSet final : public DeclaredSet {
 public:
  TableSet() : DeclaredSet("table", 1, kSquareClassNames) {}
  void extract(const Position& p, core::SparseFeatures& out) const override {
    extract_squares(p, out);
  }
};

/// `classic`: the 10 square classes, then (index 10..) mobility, potential_mobility,
/// frontier, corners, stable, parity.
class ClassicSet final : public DeclaredSet {
 public:
  ClassicSet() : DeclaredSet("classic", 1, names()) {}

  void extract(const Position& p, core::SparseFeatures& out) const override {
    extract_squares(p, out);
    const Bitboard empty = ~(p.player | p.opponent);
    const auto diff = [](Bitboard own, Bitboard opp) { return popcount(own) - popcount(opp); };
    const int values[6] = {
        // mobility: own legal moves minus the opponent's
        diff(legal_moves(p.player, p.opponent), legal_moves(p.opponent, p.player)),
        // potential mobility: empties next to the opponent's discs minus next to ours
        diff(adjacent_empties(p.opponent, empty), adjacent_empties(p.player, empty)),
        // frontier: own discs next to an empty minus the opponent's
        diff(frontier_discs(p.player, p.opponent), frontier_discs(p.opponent, p.player)),
        // corners: own corners minus the opponent's
        diff(p.player & kCorners, p.opponent & kCorners),
        // stable: corner-anchored edge discs, own minus the opponent's
        diff(edge_anchored_discs(p.player, p.opponent), edge_anchored_discs(p.opponent, p.player)),
        // parity: +1 when the side to move would play the last empty (odd empties), else -1
        (popcount(empty) & 1) != 0 ? 1 : -1,
    };
    for (std::uint32_t i = 0; i < 6; ++i) {
      if (values[i] != 0) out.push_back({10 + i, static_cast<float>(values[i])});
    }
  }

 private:
  static std::vector<std::string> names() {
    std::vector<std::string> n = kSquareClassNames;
    for (const char* s :
         {"mobility", "potential_mobility", "frontier", "corners", "stable", "parity"}) {
      n.emplace_back(s);
    }
    return n;
  }
};

/// p's discs in an unbroken run from `corner` walking `step` (+-1 along a row, +-8 along a
/// column) for at most 8 squares.
Bitboard run_from_corner(Bitboard p, int corner, int step) {
  Bitboard run = 0;
  for (int i = 0, sq = corner; i < 8 && (p & square_bit(sq)) != 0; ++i, sq += step) {
    run |= square_bit(sq);
  }
  return run;
}

}  // namespace

const std::array<Bitboard, 10>& square_classes() { return kSquareClasses; }

Bitboard edge_anchored_discs(Bitboard p, Bitboard o) {
  Bitboard stable = run_from_corner(p, 0, 1) | run_from_corner(p, 0, 8) |
                    run_from_corner(p, 7, -1) | run_from_corner(p, 7, 8) |
                    run_from_corner(p, 56, 1) | run_from_corner(p, 56, -8) |
                    run_from_corner(p, 63, -1) | run_from_corner(p, 63, -8);
  // A full edge cannot change: all of p's discs on it are stable.
  const Bitboard occupied = p | o;
  for (const Bitboard edge : {Bitboard{0xFF}, Bitboard{0xFF} << 56, kColumnA, kColumnH}) {
    if ((occupied & edge) == edge) stable |= p & edge;
  }
  return stable;
}

Bitboard adjacent_empties(Bitboard discs, Bitboard empty) {
  const Bitboard left = discs & ~kColumnA;   // may move one column left
  const Bitboard right = discs & ~kColumnH;  // may move one column right
  return empty & ((right << 1) | (left >> 1) | (discs << 8) | (discs >> 8) | (right << 9) |
                  (left >> 9) | (left << 7) | (right >> 7));
}

Bitboard frontier_discs(Bitboard p, Bitboard o) {
  // A disc is on the frontier when one of its neighbours is empty: the empties' neighbours.
  return adjacent_empties(~(p | o), p);
}

int phase_of_empties(int empties) {
  if (empties >= 51) return 0;
  if (empties <= 10) return 5;
  return (60 - empties) / 10;
}

std::unique_ptr<core::FeatureSet<Position>> make_feature_set(std::string_view name) {
  if (name == "classic") return std::make_unique<ClassicSet>();
  if (name == "table") return std::make_unique<TableSet>();
  if (name == "patterns") return make_pattern_set();
  throw InputError("unknown othello feature set '" + std::string(name) +
                   "' (expected classic, table or patterns)");
}

std::unique_ptr<core::FeatureSet<Position>> Othello::make_feature_set(std::string_view name) {
  return othello::make_feature_set(name);
}

}  // namespace arena::othello
