// The `patterns` feature set (see patterns.hpp): the declared table, its symmetric images,
// fast and reference index computation, and the allocation-free evaluator.
#include "engine/othello/patterns.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "engine/core/engine_config.hpp"

namespace arena::othello {

namespace {

// The declared squares, a1 = 0 (column a..h = 0..7, row 1..8 = 0..7), in digit order.
constexpr int kEdge2x[] = {0, 1, 2, 3, 4, 5, 6, 7, 9, 14};          // a1..h1, b2, g2
constexpr int kCorner3x3[] = {0, 1, 2, 8, 9, 10, 16, 17, 18};        // a1..c3
constexpr int kCorner2x5[] = {0, 1, 2, 3, 4, 8, 9, 10, 11, 12};      // a1..e1, a2..e2
constexpr int kRow2[] = {8, 9, 10, 11, 12, 13, 14, 15};              // a2..h2
constexpr int kRow3[] = {16, 17, 18, 19, 20, 21, 22, 23};            // a3..h3
constexpr int kRow4[] = {24, 25, 26, 27, 28, 29, 30, 31};            // a4..h4
constexpr int kDiag8[] = {0, 9, 18, 27, 36, 45, 54, 63};             // a1..h8
constexpr int kDiag7[] = {1, 10, 19, 28, 37, 46, 55};                // b1..h7
constexpr int kDiag6[] = {2, 11, 20, 29, 38, 47};                    // c1..h6
constexpr int kDiag5[] = {3, 12, 21, 30, 39};                        // d1..h5
constexpr int kDiag4[] = {4, 13, 22, 31};                            // e1..h4

constexpr PatternDecl kPatterns[] = {
    {"edge_2x", kEdge2x},   {"corner_3x3", kCorner3x3}, {"corner_2x5", kCorner2x5},
    {"row_2", kRow2},       {"row_3", kRow3},           {"row_4", kRow4},
    {"diag_8", kDiag8},     {"diag_7", kDiag7},         {"diag_6", kDiag6},
    {"diag_5", kDiag5},     {"diag_4", kDiag4},
};

constexpr std::array<const char*, 2> kGlobalNames = {"mobility", "parity"};

constexpr std::uint32_t pow3(int k) {
  std::uint32_t r = 1;
  for (int i = 0; i < k; ++i) r *= 3;
  return r;
}

/// One symmetric image of a pattern: its squares as a mask, the table's offset in the feature
/// vector, and T[bits] = sum over the set bits (in ascending square order, as PEXT gathers
/// them) of 3^(the square's digit position).
struct Image {
  Bitboard mask = 0;
  std::uint32_t offset = 0;
  std::vector<int> squares;  // digit order
  std::vector<std::uint16_t> to_base3;  // at most (3^10 - 1) / 2: 16 bits halve the cache use
};

struct Layout {
  std::vector<Image> images;
  std::vector<std::uint32_t> offsets;  // per pattern, then the globals' first index
  int num_features = 0;
  std::uint64_t hash = 0;
};

Layout build_layout() {
  Layout l;
  std::uint32_t offset = 0;
  std::string decl = "othello|patterns|v1|digits:empty,own,opp";
  for (const PatternDecl& pat : kPatterns) {
    l.offsets.push_back(offset);
    decl += "|" + std::string(pat.name) + ":";
    for (const int sq : pat.squares) decl += std::to_string(sq) + ",";
    std::vector<std::vector<int>> seen;
    for (int k = 0; k < 8; ++k) {
      Image im;
      for (const int sq : pat.squares) im.squares.push_back(symmetric_square(sq, k));
      bool repeat = false;
      for (const auto& s : seen) repeat = repeat || s == im.squares;
      if (repeat) continue;
      seen.push_back(im.squares);
      for (const int sq : im.squares) im.mask |= square_bit(sq);
      im.offset = offset;
      // PEXT bit j is the j-th lowest square of the mask; find its digit position.
      std::vector<std::uint32_t> digit_of_bit;
      for (Bitboard m = im.mask; m != 0; m &= m - 1) {
        const int sq = lowest_square(m);
        for (std::size_t d = 0; d < im.squares.size(); ++d) {
          if (im.squares[d] == sq) digit_of_bit.push_back(pow3(static_cast<int>(d)));
        }
      }
      const std::size_t n = std::size_t{1} << im.squares.size();
      im.to_base3.resize(n);
      for (std::size_t bits = 0; bits < n; ++bits) {
        std::uint32_t v = 0;
        for (std::size_t j = 0; j < digit_of_bit.size(); ++j) {
          if ((bits >> j & 1U) != 0) v += digit_of_bit[j];
        }
        im.to_base3[bits] = static_cast<std::uint16_t>(v);
      }
      l.images.push_back(std::move(im));
    }
    offset += pow3(static_cast<int>(pat.squares.size()));
  }
  l.offsets.push_back(offset);
  for (const char* g : kGlobalNames) decl += std::string("|") + g;
  decl += "|stages:" + std::to_string(kPatternStages) + " by (60-empties)/5";
  l.num_features = static_cast<int>(offset + kGlobalNames.size());
  l.hash = core::fnv1a64(decl);
  return l;
}

/// The layout, built once on first use (thread-safe initialisation of a local static; the
/// tables are too large to build at compile time cheaply).
const Layout& layout() {
  static const Layout l = build_layout();
  return l;
}

inline std::uint64_t gather(Bitboard b, Bitboard mask) {
#if defined(__BMI2__)
  return _pext_u64(b, mask);
#else
  std::uint64_t out = 0;
  for (std::uint64_t bit = 1; mask != 0; mask &= mask - 1, bit <<= 1) {
    if ((b & mask & -mask) != 0) out |= bit;
  }
  return out;
#endif
}

/// The two global terms' values (mobility, parity), mover's view.
inline std::array<int, 2> global_values(const Position& p) {
  const int mobility =
      popcount(legal_moves(p.player, p.opponent)) - popcount(legal_moves(p.opponent, p.player));
  const int parity = (Othello::empties(p) & 1) != 0 ? 1 : -1;
  return {mobility, parity};
}

class PatternSet final : public core::FeatureSet<Position> {
 public:
  [[nodiscard]] std::string name() const override { return "patterns"; }
  [[nodiscard]] std::uint64_t declaration_hash() const override { return layout().hash; }
  [[nodiscard]] int num_features() const override { return layout().num_features; }
  [[nodiscard]] int num_phases() const override { return kPatternStages; }
  [[nodiscard]] std::string feature_name(int i) const override {
    const Layout& l = layout();
    const auto u = static_cast<std::uint32_t>(i);
    if (u >= l.offsets.back()) return kGlobalNames.at(u - l.offsets.back());
    std::size_t p = 0;
    while (l.offsets[p + 1] <= u) ++p;
    // pattern name, then the configuration's digits in declared square order
    std::string name(kPatterns[p].name);
    name += "_";
    std::uint32_t c = u - l.offsets[p];
    for (std::size_t d = 0; d < kPatterns[p].squares.size(); ++d, c /= 3) {
      name += static_cast<char>('0' + c % 3);
    }
    return name;
  }
  [[nodiscard]] int phase(const Position& p) const override {
    return pattern_stage(Othello::empties(p));
  }
  void extract(const Position& p, core::SparseFeatures& out) const override {
    std::array<std::uint32_t, 128> idx{};
    const std::span<std::uint32_t> s(idx.data(), static_cast<std::size_t>(num_pattern_images()));
    pattern_indices(p, s);
    for (const std::uint32_t i : s) out.push_back({i, 1.0F});
    const auto g = global_values(p);
    const std::uint32_t base = layout().offsets.back();
    for (std::uint32_t j = 0; j < 2; ++j) {
      if (g[j] != 0) out.push_back({base + j, static_cast<float>(g[j])});
    }
  }
  [[nodiscard]] bool uses_weights_file() const override { return true; }
};

}  // namespace

std::span<const PatternDecl> pattern_table() { return kPatterns; }

Bitboard symmetric_board(Bitboard b, int k) {
  Bitboard out = 0;
  for (; b != 0; b &= b - 1) out |= square_bit(symmetric_square(lowest_square(b), k));
  return out;
}

int num_pattern_images() { return static_cast<int>(layout().images.size()); }

void pattern_indices(const Position& p, std::span<std::uint32_t> out) {
  const Layout& l = layout();
  for (std::size_t i = 0; i < l.images.size(); ++i) {
    const Image& im = l.images[i];
    out[i] = im.offset + im.to_base3[gather(p.player, im.mask)] +
             2U * im.to_base3[gather(p.opponent, im.mask)];
  }
}

void pattern_indices_slow(const Position& p, std::span<std::uint32_t> out) {
  const Layout& l = layout();
  for (std::size_t i = 0; i < l.images.size(); ++i) {
    std::uint32_t index = 0;
    std::uint32_t place = 1;
    for (const int sq : l.images[i].squares) {
      const std::uint32_t digit = (p.player & square_bit(sq)) != 0     ? 1
                                  : (p.opponent & square_bit(sq)) != 0 ? 2
                                                                       : 0;
      index += digit * place;
      place *= 3;
    }
    out[i] = l.images[i].offset + index;
  }
}

std::unique_ptr<core::FeatureSet<Position>> make_pattern_set() {
  return std::make_unique<PatternSet>();
}

PatternEvaluator::PatternEvaluator(const std::vector<double>& weights)
    : weights_(weights.begin(), weights.end()),
      num_features_(static_cast<std::size_t>(layout().num_features)) {
  if (weights_.size() != num_features_ * kPatternStages) {
    throw std::invalid_argument("PatternEvaluator: expected " +
                                std::to_string(num_features_ * kPatternStages) +
                                " weights, got " + std::to_string(weights_.size()));
  }
}

int PatternEvaluator::evaluate(const Position& p) const {
  const Layout& l = layout();
  const float* w = weights_.data() +
                   static_cast<std::size_t>(pattern_stage(Othello::empties(p))) * num_features_;
  float sum = 0.0F;
  for (const Image& im : l.images) {
    sum += w[im.offset + im.to_base3[gather(p.player, im.mask)] +
             2U * im.to_base3[gather(p.opponent, im.mask)]];
  }
  const auto g = global_values(p);
  const std::uint32_t base = l.offsets.back();
  sum += w[base] * static_cast<float>(g[0]) + w[base + 1] * static_cast<float>(g[1]);
  return static_cast<int>(std::lround(sum));
}

}  // namespace arena::othello
