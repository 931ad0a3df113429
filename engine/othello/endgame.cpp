// Exact endgame solver (see endgame.hpp).
#include "engine/othello/othello.hpp"

namespace arena::othello {

namespace {

int negamax(Bitboard p, Bitboard o, int alpha, int beta, bool passed, std::uint64_t& nodes) {
  ++nodes;
  Bitboard moves = legal_moves(p, o);
  if (moves == 0) {
    if (passed) return Othello::final_score_for_mover({p, o, 0, 0});
    return -negamax(o, p, -beta, -alpha, true, nodes);
  }
  int best = -65;
  for (; moves != 0; moves &= moves - 1) {
    const int sq = lowest_square(moves);
    const Bitboard f = flips(sq, p, o);
    const int score = -negamax(o ^ f, p | f | square_bit(sq), -beta, -alpha, false, nodes);
    if (score > best) {
      best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
  }
  return best;
}

}  // namespace

int Othello::solve_exact(const Position& p, int alpha, int beta, std::uint64_t& nodes) {
  return negamax(p.player, p.opponent, alpha, beta, false, nodes);
}

}  // namespace arena::othello
