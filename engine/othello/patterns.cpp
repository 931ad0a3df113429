// The `patterns` feature set (see patterns.hpp): the declared table, its symmetric images
// (a compile-time table), fast and reference index computation, and the engine's evaluator.
#include "engine/othello/patterns.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#if defined(__BMI2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"

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

/// Squares per pattern at most (the base-3 table's width).
constexpr int kMaxPatternSquares = 10;

static_assert([] {
  for (const PatternDecl& pat : kPatterns) {
    if (pat.squares.size() > static_cast<std::size_t>(kMaxPatternSquares)) return false;
    for (std::size_t i = 1; i < pat.squares.size(); ++i) {
      if (pat.squares[i - 1] >= pat.squares[i]) return false;
    }
  }
  return true;
}(), "declared squares ascend (PEXT order = digit order) and fit the base-3 table");

constexpr std::uint32_t pow3(int k) {
  std::uint32_t r = 1;
  for (int i = 0; i < k; ++i) r *= 3;
  return r;
}

/// kBase3[bits] = sum over the set bits j of 3^j: PEXT output (digit order) to base 3.
/// (3^10 - 1) / 2 fits 16 bits, which halves the table's cache footprint (2 KiB).
constexpr auto kBase3 = [] {
  std::array<std::uint16_t, std::size_t{1} << kMaxPatternSquares> t{};
  for (std::size_t bits = 0; bits < t.size(); ++bits) {
    std::uint32_t v = 0;
    for (int j = 0; j < kMaxPatternSquares; ++j) {
      if ((bits >> j & 1U) != 0) v += pow3(j);
    }
    t[bits] = static_cast<std::uint16_t>(v);
  }
  return t;
}();

/// Whether image k of `pat` lists the same squares in the same order as an earlier image
/// (then it is not counted again).
constexpr bool repeats_earlier_image(const PatternDecl& pat, int k) {
  for (int j = 0; j < k; ++j) {
    bool same = true;
    for (const int sq : pat.squares) {
      same = same && symmetric_square(sq, j) == symmetric_square(sq, k);
    }
    if (same) return true;
  }
  return false;
}

/// One counted image of a pattern: the symmetry view it reads, the declared squares' mask and
/// the pattern table's offset in the feature vector. Pattern-major, symmetries ascending.
struct Image {
  Bitboard mask = 0;
  std::uint32_t offset = 0;
  std::uint32_t symmetry = 0;
  std::uint32_t pattern = 0;
};

constexpr std::size_t kNumImages = [] {
  std::size_t n = 0;
  for (const PatternDecl& pat : kPatterns) {
    for (int k = 0; k < 8; ++k) n += repeats_earlier_image(pat, k) ? 0 : 1;
  }
  return n;
}();

/// Per pattern, the first index of its table; then the globals' first index.
constexpr auto kOffsets = [] {
  std::array<std::uint32_t, std::size(kPatterns) + 1> o{};
  for (std::size_t i = 0; i < std::size(kPatterns); ++i) {
    o[i + 1] = o[i] + pow3(static_cast<int>(kPatterns[i].squares.size()));
  }
  return o;
}();

constexpr auto kImages = [] {
  std::array<Image, kNumImages> out{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < std::size(kPatterns); ++i) {
    Bitboard mask = 0;
    for (const int sq : kPatterns[i].squares) mask |= square_bit(sq);
    for (int k = 0; k < 8; ++k) {
      if (repeats_earlier_image(kPatterns[i], k)) continue;
      out[n++] = {mask, kOffsets[i], static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(i)};
    }
  }
  return out;
}();

constexpr std::uint32_t kGlobalsOffset = kOffsets.back();
constexpr int kNumFeatures = static_cast<int>(kGlobalsOffset + kGlobalNames.size());

/// The declaration's hash (see the file comment of patterns.hpp).
std::uint64_t build_hash() {
  std::string decl = "othello|patterns|v1|digits:empty,own,opp";
  for (const PatternDecl& pat : kPatterns) {
    decl += "|" + std::string(pat.name) + ":";
    for (const int sq : pat.squares) decl += std::to_string(sq) + ",";
  }
  for (const char* g : kGlobalNames) decl += std::string("|") + g;
  decl += "|stages:" + std::to_string(kPatternStages) + " by (60-empties)/5";
  return core::fnv1a64(decl);
}

/// The declaration hash, computed once on first use (thread-safe local static).
std::uint64_t declaration_hash_once() {
  static const std::uint64_t h = build_hash();
  return h;
}

/// PEXT (parallel bit extract): the bits of b under mask, packed low in ascending order. BMI2
/// has it as one instruction (3 cycles latency, 1 per cycle on Zen 3+ and Intel since
/// Haswell); the portable loop costs one iteration per mask bit.
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

/// Board transforms by delta swaps (Hacker's Delight 7-1; the chess-programming wiki's
/// "Flipping Mirroring and Rotating", with a1 = bit 0): 3 swaps each, about 12 operations.
inline Bitboard flip_rows(Bitboard b) { return __builtin_bswap64(b); }  // row r <-> 7 - r
inline Bitboard mirror_columns(Bitboard b) {                          // column c <-> 7 - c
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
inline Bitboard transpose(Bitboard b) {  // (row, column) <-> (column, row): the a1-h8 flip
  Bitboard t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
  b ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (b ^ (b << 14));
  b ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (b ^ (b << 7));
  return b ^ t ^ (t >> 7);
}

/// views[k] has square s set when b has symmetric_square(s, k) set, so the declared squares
/// of views[k] read image k of every pattern: views[k] = T(C(R(b))) with the row flip R, the
/// column mirror C and the transpose T each applied when k has its bit (1, 0 and 2).
inline std::array<Bitboard, 8> symmetry_views(Bitboard b) {
  std::array<Bitboard, 8> v{};
  v[0] = b;
  v[1] = mirror_columns(b);
  v[2] = flip_rows(b);
  v[3] = mirror_columns(v[2]);
  for (std::size_t k = 0; k < 4; ++k) v[k + 4] = transpose(v[k]);
  return v;
}

/// The two global terms' values (mobility, parity), mover's view.
inline std::array<int, 2> global_values(const Position& p) {
  const int mobility =
      popcount(legal_moves(p.player, p.opponent)) - popcount(legal_moves(p.opponent, p.player));
  const int parity = (Othello::empties(p) & 1) != 0 ? 1 : -1;
  return {mobility, parity};
}

#if defined(__AVX512VBMI__) && defined(__AVX512VNNI__) && defined(__AVX512BW__)
#define ARENA_PATTERNS_AVX512 1

/// The vector path (AVX-512 VBMI + VNNI), 16 images per 512-bit register, one dword each:
/// the board becomes 64 cell bytes (0 empty, 1 own, 2 opponent), VPERMB (any byte from any of
/// 64) lines up 4 digits of each image per dword, and VPDPBUSD (4 byte products summed into a
/// dword) weighs them by 1, 3, 9, 27; three such blocks (digits 0-3, 4-7, 8-9) are joined by
/// Horner's rule in base 81 (VPMULLD by 81). Digits a pattern does not have weigh 0. About 10
/// instructions per 16 images instead of ~11 per image on the scalar PEXT path (measured on
/// Zen 4: 16 ns against ~120 ns for the 84 indices).
constexpr std::size_t kGroups = (kNumImages + 15) / 16;

struct VectorTables {
  /// [group * 3 + block][4 * image + j]: the square read as digit 4 * block + j.
  std::array<std::array<std::uint8_t, 64>, kGroups * 3> squares{};
  /// The matching weight of that digit within its block, 3^j, or 0 past the pattern's size.
  std::array<std::array<std::int8_t, 64>, kGroups * 3> powers{};
  /// [group][image]: the pattern table's offset (0 for the padding images).
  std::array<std::array<std::uint32_t, 16>, kGroups> offsets{};
};

constexpr VectorTables kVector = [] {
  VectorTables t;
  for (std::size_t i = 0; i < kNumImages; ++i) {
    const Image& im = kImages[i];
    const auto& decl = kPatterns[im.pattern].squares;
    t.offsets[i / 16][i % 16] = im.offset;
    for (std::size_t d = 0; d < decl.size(); ++d) {
      const std::size_t row = (i / 16) * 3 + d / 4;
      const std::size_t col = 4 * (i % 16) + d % 4;
      t.squares[row][col] =
          static_cast<std::uint8_t>(symmetric_square(decl[d], static_cast<int>(im.symmetry)));
      t.powers[row][col] = static_cast<std::int8_t>(pow3(static_cast<int>(d % 4)));
    }
  }
  return t;
}();

static_assert(kMaxPatternSquares <= 12, "three 4-digit blocks per image");

/// The 16 feature indices of image group g of the position whose cell bytes are `cells`.
inline __m512i group_indices(__m512i cells, std::size_t g) {
  const auto block = [&](std::size_t b) {
    const __m512i squares = _mm512_loadu_si512(kVector.squares[g * 3 + b].data());
    // The zero-masking form with every lane kept: GCC 12 flags the plain form's undefined
    // pass-through operand as uninitialised (a false positive under -Werror).
    return _mm512_maskz_permutexvar_epi8(~__mmask64{0}, squares, cells);
  };
  const auto powers = [&](std::size_t b) {
    return _mm512_loadu_si512(kVector.powers[g * 3 + b].data());
  };
  const __m512i k81 = _mm512_set1_epi32(81);
  __m512i acc = _mm512_dpbusd_epi32(_mm512_setzero_si512(), block(2), powers(2));
  acc = _mm512_dpbusd_epi32(_mm512_mullo_epi32(acc, k81), block(1), powers(1));
  acc = _mm512_dpbusd_epi32(_mm512_mullo_epi32(acc, k81), block(0), powers(0));
  return _mm512_add_epi32(acc, _mm512_loadu_si512(kVector.offsets[g].data()));
}

/// The 64 cell bytes of p: 1 where the mover has a disc, 2 where the opponent has one.
inline __m512i cell_bytes(const Position& p) {
  const __m512i own = _mm512_maskz_mov_epi8(p.player, _mm512_set1_epi8(1));
  return _mm512_mask_mov_epi8(own, p.opponent, _mm512_set1_epi8(2));
}

#endif

/// Index slots filled by image_indices: whole 16-lane groups on the vector path (the last
/// group's padding lanes hold index 0), one per image otherwise.
#if defined(ARENA_PATTERNS_AVX512)
constexpr std::size_t kIndexSlots = kGroups * 16;
#else
constexpr std::size_t kIndexSlots = kNumImages;
#endif

/// The feature indices of p's images, in image order (the first kNumImages slots).
inline void image_indices(const Position& p, std::array<std::uint32_t, kIndexSlots>& out) {
#if defined(ARENA_PATTERNS_AVX512)
  const __m512i cells = cell_bytes(p);
  for (std::size_t g = 0; g < kGroups; ++g) {
    _mm512_storeu_si512(out.data() + 16 * g, group_indices(cells, g));
  }
#else
  const auto own = symmetry_views(p.player);
  const auto opp = symmetry_views(p.opponent);
  for (std::size_t i = 0; i < kNumImages; ++i) {
    const Image& im = kImages[i];
    out[i] = im.offset + kBase3[gather(own[im.symmetry], im.mask)] +
             2U * kBase3[gather(opp[im.symmetry], im.mask)];
  }
#endif
}

class PatternSet final : public core::FeatureSet<Position> {
 public:
  [[nodiscard]] std::string name() const override { return "patterns"; }
  [[nodiscard]] std::uint64_t declaration_hash() const override {
    return declaration_hash_once();
  }
  [[nodiscard]] int num_features() const override { return kNumFeatures; }
  [[nodiscard]] int num_phases() const override { return kPatternStages; }
  [[nodiscard]] std::string feature_name(int i) const override {
    const auto u = static_cast<std::uint32_t>(i);
    if (u >= kGlobalsOffset) return kGlobalNames.at(u - kGlobalsOffset);
    std::size_t p = 0;
    while (kOffsets[p + 1] <= u) ++p;
    // pattern name, then the configuration's digits in declared square order
    std::string name(kPatterns[p].name);
    name += "_";
    std::uint32_t c = u - kOffsets[p];
    for (std::size_t d = 0; d < kPatterns[p].squares.size(); ++d, c /= 3) {
      name += static_cast<char>('0' + c % 3);
    }
    return name;
  }
  [[nodiscard]] int phase(const Position& p) const override {
    return pattern_stage(Othello::empties(p));
  }
  void extract(const Position& p, core::SparseFeatures& out) const override {
    std::array<std::uint32_t, kNumImages> idx{};
    pattern_indices(p, idx);
    for (const std::uint32_t i : idx) out.push_back({i, 1.0F});
    const auto g = global_values(p);
    for (std::uint32_t j = 0; j < 2; ++j) {
      if (g[j] != 0) out.push_back({kGlobalsOffset + j, static_cast<float>(g[j])});
    }
  }
  [[nodiscard]] bool uses_weights_file() const override { return true; }
  [[nodiscard]] std::unique_ptr<core::SpecialisedEval<Position>> make_specialised_eval(
      const std::vector<double>& weights) const override {
    return std::make_unique<PatternEvaluator>(weights);
  }
};

}  // namespace

std::span<const PatternDecl> pattern_table() { return kPatterns; }

Bitboard symmetric_board(Bitboard b, int k) {
  Bitboard out = 0;
  for (; b != 0; b &= b - 1) out |= square_bit(symmetric_square(lowest_square(b), k));
  return out;
}

int num_pattern_images() { return static_cast<int>(kNumImages); }

void pattern_indices(const Position& p, std::span<std::uint32_t> out) {
  std::array<std::uint32_t, kIndexSlots> idx;
  image_indices(p, idx);
  std::copy_n(idx.begin(), kNumImages, out.begin());
}

void pattern_indices_slow(const Position& p, std::span<std::uint32_t> out) {
  for (std::size_t i = 0; i < kNumImages; ++i) {
    const Image& im = kImages[i];
    std::uint32_t index = 0;
    std::uint32_t place = 1;
    for (const int declared : kPatterns[im.pattern].squares) {
      const int sq = symmetric_square(declared, static_cast<int>(im.symmetry));
      const std::uint32_t digit = (p.player & square_bit(sq)) != 0     ? 1
                                  : (p.opponent & square_bit(sq)) != 0 ? 2
                                                                       : 0;
      index += digit * place;
      place *= 3;
    }
    out[i] = im.offset + index;
  }
}

std::unique_ptr<core::FeatureSet<Position>> make_pattern_set() {
  return std::make_unique<PatternSet>();
}

PatternEvaluator::PatternEvaluator(const std::vector<double>& weights)
    : num_features_(static_cast<std::size_t>(kNumFeatures)) {
  if (weights.size() != num_features_ * kPatternStages) {
    throw std::invalid_argument("PatternEvaluator: expected " +
                                std::to_string(num_features_ * kPatternStages) +
                                " weights, got " + std::to_string(weights.size()));
  }
  weights_.reserve(weights.size());
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const double r = std::nearbyint(weights[i]);
    if (!(r >= INT16_MIN && r <= INT16_MAX)) {
      throw InputError("weight of feature " +
                       make_pattern_set()->feature_name(static_cast<int>(i % num_features_)) +
                       " in stage " + std::to_string(i / num_features_) + " is " +
                       std::to_string(weights[i]) + ", outside the 16-bit range");
    }
    weights_.push_back(static_cast<std::int16_t>(r));
  }
}

int PatternEvaluator::evaluate(const Position& p) const {
  const std::int16_t* w = weights_.data() +
      static_cast<std::size_t>(pattern_stage(Othello::empties(p))) * num_features_;
  const auto g = global_values(p);
  // The indices go through the stack to scalar loads (on Zen 4, six 16-lane VPGATHERDD
  // measured ~10 ns slower than the 84 loads), summed in four chains: one chain of 84
  // dependent adds would cost 84 cycles.
  alignas(64) std::array<std::uint32_t, kIndexSlots> idx;
  image_indices(p, idx);
  static_assert(kNumImages % 4 == 0);
  int s0 = w[kGlobalsOffset] * g[0] + w[kGlobalsOffset + 1] * g[1];
  int s1 = 0;
  int s2 = 0;
  int s3 = 0;
  for (std::size_t i = 0; i < kNumImages; i += 4) {
    s0 += w[idx[i]];
    s1 += w[idx[i + 1]];
    s2 += w[idx[i + 2]];
    s3 += w[idx[i + 3]];
  }
  return (s0 + s1) + (s2 + s3);
}

}  // namespace arena::othello
