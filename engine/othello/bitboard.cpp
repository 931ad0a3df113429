// The slow, obvious references of the bitboard kernels: walk each ray square by square. They
// define what the fast kernels in bitboard.hpp must compute (tests/othello/bitboard_test.cpp).
#include "engine/othello/bitboard.hpp"

namespace arena::othello {

Bitboard flips_reference(int sq, Bitboard p, Bitboard o) {
  Bitboard flipped = 0;
  for (int d = 0; d < 8; ++d) {
    Bitboard run = 0;
    int c = sq % 8 + detail::kDirCol[d];
    int r = sq / 8 + detail::kDirRow[d];
    // Collect opponent discs until the first square that is not the opponent's.
    while (c >= 0 && c < 8 && r >= 0 && r < 8 && (o & square_bit(8 * r + c)) != 0) {
      run |= square_bit(8 * r + c);
      c += detail::kDirCol[d];
      r += detail::kDirRow[d];
    }
    const bool closed = c >= 0 && c < 8 && r >= 0 && r < 8 && (p & square_bit(8 * r + c)) != 0;
    if (closed) flipped |= run;
  }
  return flipped;
}

Bitboard legal_moves_reference(Bitboard p, Bitboard o) {
  Bitboard moves = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const bool empty = ((p | o) & square_bit(sq)) == 0;
    if (empty && flips_reference(sq, p, o) != 0) moves |= square_bit(sq);
  }
  return moves;
}

}  // namespace arena::othello
