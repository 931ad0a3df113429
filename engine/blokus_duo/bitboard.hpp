// A 256-bit board set for the 14 x 14 Blokus Duo board: 16 rows of 16 bits, cell (x, y) at bit
// y * 16 + x (x = column, y = row, both 0-based from the top-left as in the contest code).
// Columns 14-15 and rows 14-15 are padding and always zero, so a one-column shift cannot wrap
// a cell into the next row. The hot operation of move generation is "does this placement hit a
// forbidden cell": four 64-bit ANDs, one AVX2 VPTEST when the build targets it.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace arena::blokus_duo {

/// Side length of the board, cells.
inline constexpr int kBoardSize = 14;
/// Bits per board row (14 cells + 2 padding bits).
inline constexpr int kRowBits = 16;
/// Number of bit positions (cells plus padding).
inline constexpr int kNumBits = 256;

/// The bit index of cell (x, y), 0-based column and row from the top-left.
[[nodiscard]] constexpr int cell_index(int x, int y) { return y * kRowBits + x; }
/// Column of a bit index.
[[nodiscard]] constexpr int cell_x(int index) { return index % kRowBits; }
/// Row of a bit index.
[[nodiscard]] constexpr int cell_y(int index) { return index / kRowBits; }
/// Whether (x, y) lies on the 14 x 14 board.
[[nodiscard]] constexpr bool on_board(int x, int y) {
  return x >= 0 && x < kBoardSize && y >= 0 && y < kBoardSize;
}

/// A set of cells as four 64-bit words (rows 0-3 in word 0, ..., rows 12-15 in word 3).
struct alignas(32) Bits256 {
  std::array<std::uint64_t, 4> w{};

  [[nodiscard]] constexpr bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1U; }
  constexpr void set(int i) { w[i >> 6] |= std::uint64_t{1} << (i & 63); }
  constexpr void reset(int i) { w[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  [[nodiscard]] constexpr bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
  [[nodiscard]] constexpr int count() const {
    return std::popcount(w[0]) + std::popcount(w[1]) + std::popcount(w[2]) + std::popcount(w[3]);
  }
  constexpr Bits256& operator|=(const Bits256& o) {
    for (int i = 0; i < 4; ++i) w[i] |= o.w[i];
    return *this;
  }
  constexpr Bits256& operator&=(const Bits256& o) {
    for (int i = 0; i < 4; ++i) w[i] &= o.w[i];
    return *this;
  }
  /// this &= ~o (set difference).
  constexpr Bits256& remove(const Bits256& o) {
    for (int i = 0; i < 4; ++i) w[i] &= ~o.w[i];
    return *this;
  }
  // Operands by reference: a 32-byte-aligned type passed by value draws GCC's psABI note.
  friend constexpr Bits256 operator|(const Bits256& a, const Bits256& b) {
    Bits256 r = a;
    return r |= b;
  }
  friend constexpr Bits256 operator&(const Bits256& a, const Bits256& b) {
    Bits256 r = a;
    return r &= b;
  }
  friend constexpr bool operator==(const Bits256&, const Bits256&) = default;

  /// Calls f(index) for every set bit, lowest first (count-trailing-zeros loop: one TZCNT and
  /// one BLSR per bit).
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int i = 0; i < 4; ++i) {
      for (std::uint64_t b = w[i]; b != 0; b &= b - 1) f(i * 64 + std::countr_zero(b));
    }
  }

  /// The set moved towards higher bit indices by n (0 < n < 64), bits past 255 dropped.
  [[nodiscard]] constexpr Bits256 shifted_up(int n) const {
    Bits256 r;
    r.w[0] = w[0] << n;
    for (int i = 1; i < 4; ++i) r.w[i] = (w[i] << n) | (w[i - 1] >> (64 - n));
    return r;
  }
  /// The set moved towards lower bit indices by n (0 < n < 64).
  [[nodiscard]] constexpr Bits256 shifted_down(int n) const {
    Bits256 r;
    for (int i = 0; i < 3; ++i) r.w[i] = (w[i] >> n) | (w[i + 1] << (64 - n));
    r.w[3] = w[3] >> n;
    return r;
  }
};

/// Whether a and b share a cell. With AVX2 this is one VPTEST on 256 bits (the board fits one
/// YMM register exactly), else four ANDs folded with ORs.
[[nodiscard]] inline bool intersects(const Bits256& a, const Bits256& b) {
#if defined(__AVX2__)
  const __m256i va = _mm256_load_si256(reinterpret_cast<const __m256i*>(a.w.data()));
  const __m256i vb = _mm256_load_si256(reinterpret_cast<const __m256i*>(b.w.data()));
  return _mm256_testz_si256(va, vb) == 0;
#else
  return ((a.w[0] & b.w[0]) | (a.w[1] & b.w[1]) | (a.w[2] & b.w[2]) | (a.w[3] & b.w[3])) != 0;
#endif
}

#if defined(__AVX512F__)
/// A board set in both 256-bit halves of a 512-bit value, to test two placements (one a half)
/// against it in one step.
[[nodiscard]] inline __m512i in_both_halves(const Bits256& s) {
  return _mm512_maskz_broadcast_i64x4(
      0xFF, _mm256_load_si256(reinterpret_cast<const __m256i*>(s.w.data())));
}
/// kDisjointHalves[hit]: for the lane mask of a 512-bit test of two placements (one a half),
/// the lanes of the halves with no hit lane.
inline constexpr std::array<std::uint8_t, 256> kDisjointHalves = [] {
  std::array<std::uint8_t, 256> t{};
  for (std::size_t hit = 0; hit < t.size(); ++hit) {
    t[hit] = static_cast<std::uint8_t>(((hit & 0x0FU) == 0 ? 0x0FU : 0U) |
                                       ((hit & 0xF0U) == 0 ? 0xF0U : 0U));
  }
  return t;
}();
/// The lanes of the halves of `pair` (two board sets, one a half) that share no cell with
/// `against` (see in_both_halves): 0x0F for the first, 0xF0 for the second. A table, not
/// arithmetic: GCC turns the arithmetic form into a branch, and the verdicts are unpredictable.
[[nodiscard]] inline __mmask8 disjoint_halves(__m512i pair, __m512i against) {
  return kDisjointHalves[_mm512_test_epi64_mask(pair, against)];
}
/// The or of the two halves of a 512-bit value, as a board set.
[[nodiscard]] inline Bits256 fold_halves(__m512i v) {
  alignas(64) std::array<std::uint64_t, 8> lanes{};
  _mm512_store_si512(lanes.data(), v);
  Bits256 r;
  for (std::size_t k = 0; k < 4; ++k) r.w[k] = lanes[k] | lanes[k + 4];
  return r;
}
#endif

/// Every cell of the 14 x 14 board (padding bits clear).
[[nodiscard]] constexpr Bits256 board_cells() {
  Bits256 r;
  for (int y = 0; y < kBoardSize; ++y) {
    for (int x = 0; x < kBoardSize; ++x) r.set(cell_index(x, y));
  }
  return r;
}

/// The cells edge-adjacent to s (not s itself unless adjacent to another cell of s), on board.
[[nodiscard]] constexpr Bits256 edge_neighbours(const Bits256& s) {
  Bits256 r = s.shifted_up(1) | s.shifted_down(1) | s.shifted_up(kRowBits) |
              s.shifted_down(kRowBits);
  return r &= board_cells();
}

/// s grown by one step in the four edge directions (s plus its edge neighbours), on board.
[[nodiscard]] constexpr Bits256 dilate(const Bits256& s) { return s | edge_neighbours(s); }

}  // namespace arena::blokus_duo
