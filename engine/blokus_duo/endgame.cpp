// Exact endgame search (see endgame.hpp).
#include "engine/blokus_duo/endgame.hpp"

#include <algorithm>

#include "engine/blokus_duo/features.hpp"

namespace arena::blokus_duo {

namespace {

/// The final score of terminal p from the side to move's view.
int mover_score(const Position& p) { return p.side == 0 ? final_score(p) : -final_score(p); }

}  // namespace

bool exact_threshold_reached(const Position& p, int n) {
  if (is_terminal(p)) return true;
  const int own = count_placements_of(p, p.side, n);
  return own <= n && own + count_placements_of(p, p.side ^ 1, n - own) <= n;
}

int solve_exact(const Position& p, int alpha, int beta, std::uint64_t& nodes,
                core::Deadline* deadline) {
  ++nodes;
  if (deadline != nullptr && deadline->poll()) return 0;
  if (is_terminal(p)) return mover_score(p);
  MoveList list;
  generate_moves(p, list);
  std::sort(list.begin(), list.end(),
            [&](Move a, Move b) { return order_score(p, a) > order_score(p, b); });
  int best = -kTotalSquares - 20 - 1;
  for (const Move m : list) {
    const int v = -solve_exact(play(p, m), -beta, -std::max(alpha, best), nodes, deadline);
    if (deadline != nullptr && deadline->expired()) return 0;
    best = std::max(best, v);
    if (best >= beta) break;
  }
  return best;
}

int solve_exact_slow(const Position& p) {
  if (is_terminal(p)) return mover_score(p);
  MoveList list;
  generate_moves(p, list);
  int best = -kTotalSquares - 20 - 1;
  for (const Move m : list) best = std::max(best, -solve_exact_slow(play(p, m)));
  return best;
}

}  // namespace arena::blokus_duo
