// Exact endgame solver (see endgame.hpp for the ideas). Numbered steps in search_deep follow
// the order in which a node is processed.
#include "engine/othello/endgame.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "engine/othello/features.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {

namespace {

constexpr Bitboard kCorners = 0x8100000000000081ULL;
constexpr Bitboard kColumnA = 0x0101010101010101ULL;
constexpr Bitboard kColumnH = 0x8080808080808080ULL;
constexpr Bitboard kRow1 = 0x00000000000000FFULL;
constexpr Bitboard kRow8 = 0xFF00000000000000ULL;
constexpr Bitboard kBorder = kColumnA | kColumnH | kRow1 | kRow8;

/// The four 4x4 quadrants; parity ordering plays first in quadrants with an odd number of
/// empties.
constexpr std::array<Bitboard, 4> kQuadrants = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                                0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

/// The empties lying in quadrants that hold an odd number of empties.
Bitboard odd_parity_squares(Bitboard empty) {
  Bitboard odd = 0;
  for (const Bitboard q : kQuadrants) {
    if ((popcount(empty & q) & 1) != 0) odd |= empty & q;
  }
  return odd;
}

/// WOF score of a finished game from p's view given p's disc count (o's is implied by empties).
int final_score(Bitboard p, Bitboard o) {
  return Othello::final_score_for_mover(Position{p, o, 0, 0});
}

// ---- Edge stability: an exact table for one edge in isolation ---------------------------

/// Discs of `p` flipped along an 8-square line when `p` plays at bit x (1-D rules).
int line_flips(int x, int p, int o) {
  int flipped = 0;
  for (const int step : {-1, 1}) {
    int run = 0;
    int i = x + step;
    while (i >= 0 && i < 8 && ((o >> i) & 1) != 0) {
      run |= 1 << i;
      i += step;
    }
    if (i >= 0 && i < 8 && ((p >> i) & 1) != 0) flipped |= run;
  }
  return flipped;
}

/// kEdgeStable[p | o << 8]: the discs of p on one edge that stay p whatever moves either side
/// makes on that edge (edge discs can only be flipped along their edge). Computed by working
/// back from full edges: a disc is stable when it is stable after every move on every empty
/// square by either side, whether or not the move flips anything on the edge (it may be legal
/// through another direction). 64 KiB, built once at start-up.
const std::array<std::uint8_t, 65536> kEdgeStable = [] {
  std::array<std::uint8_t, 65536> table{};
  // Fill by decreasing number of discs: each configuration needs those with one more disc.
  for (int discs = 8; discs >= 0; --discs) {
    for (int p = 0; p < 256; ++p) {
      for (int o = 0; o < 256; ++o) {
        if ((p & o) != 0 || std::popcount(static_cast<unsigned>(p | o)) != discs) continue;
        int stable = p;
        for (int x = 0; x < 8 && stable != 0; ++x) {
          if ((((p | o) >> x) & 1) != 0) continue;
          const int fp = line_flips(x, p, o);
          const int p1 = p | fp | (1 << x);
          const int o1 = o & ~fp;
          stable &= table[static_cast<std::size_t>(p1 | o1 << 8)];
          const int fo = line_flips(x, o, p);
          const int p2 = p & ~fo;
          const int o2 = o | fo | (1 << x);
          stable &= table[static_cast<std::size_t>(p2 | o2 << 8)] & p2;
        }
        table[static_cast<std::size_t>(p | o << 8)] = static_cast<std::uint8_t>(stable);
      }
    }
  }
  return table;
}();

/// Column a as a byte (bit k = row k) by one multiplication: the magic 0x0102040810204080
/// moves the bit of row k to bit 56 + k, and no two partial products share a bit (no carries).
/// The classic "gather a file" trick of chess bitboards; about 3 instructions.
int column_a_byte(Bitboard b) {
  return static_cast<int>(((b & kColumnA) * 0x0102040810204080ULL) >> 56);
}

/// kColumnOfByte[byte]: the inverse of column_a_byte (bit k -> square of row k in column a).
constexpr std::array<Bitboard, 256> kColumnOfByte = [] {
  std::array<Bitboard, 256> table{};
  for (int byte = 0; byte < 256; ++byte) {
    for (int k = 0; k < 8; ++k) {
      if (((byte >> k) & 1) != 0) table[static_cast<std::size_t>(byte)] |= square_bit(8 * k);
    }
  }
  return table;
}();

Bitboard edge_stable(Bitboard p, Bitboard o) {
  const auto lookup = [](int pb, int ob) { return kEdgeStable[static_cast<std::size_t>(pb | ob << 8)]; };
  Bitboard stable = lookup(static_cast<int>(p & 0xFF), static_cast<int>(o & 0xFF));
  stable |= static_cast<Bitboard>(lookup(static_cast<int>(p >> 56), static_cast<int>(o >> 56))) << 56;
  stable |= kColumnOfByte[lookup(column_a_byte(p), column_a_byte(o))];
  stable |= kColumnOfByte[lookup(column_a_byte(p >> 7), column_a_byte(o >> 7))] << 7;
  return stable;
}

/// Squares whose line along direction `shift` (1 row, 8 column, 9 and 7 diagonals) holds no
/// empty square: the empties are smeared both ways along the line in 3 doubling steps
/// (Kogge-Stone fill, ~20 instructions) and the full lines are what the smear never reaches.
/// The masks drop the squares a shift wraps onto from the other side of the board; vertical
/// lines need none.
template <int kShift>
Bitboard full_lines(Bitboard occupied) {
  constexpr Bitboard kAll = ~Bitboard{0};
  constexpr Bitboard kLeftHalf = 0x0F0F0F0F0F0F0F0FULL;
  constexpr Bitboard kAB = kColumnA | kColumnA << 1;
  constexpr Bitboard kGH = kColumnH | kColumnH >> 1;
  // Masks after shifting by 1, 2 and 4 steps up (m) and down (r): a diagonal or row step left
  // wraps into the right columns, one right into the left columns.
  constexpr bool kRight = kShift == 1 || kShift == 9;  // an up step moves one column right
  constexpr Bitboard m1 = kShift == 8 ? kAll : kRight ? ~kColumnA : ~kColumnH;
  constexpr Bitboard r1 = kShift == 8 ? kAll : kRight ? ~kColumnH : ~kColumnA;
  constexpr Bitboard m2 = kShift == 8 ? kAll : kRight ? ~kAB : ~kGH;
  constexpr Bitboard r2 = kShift == 8 ? kAll : kRight ? ~kGH : ~kAB;
  constexpr Bitboard m4 = kShift == 8 ? kAll : kRight ? ~kLeftHalf : kLeftHalf;
  constexpr Bitboard r4 = kShift == 8 ? kAll : kRight ? kLeftHalf : ~kLeftHalf;
  Bitboard up = ~occupied;
  Bitboard down = up;
  up |= (up << kShift) & m1;
  down |= (down >> kShift) & r1;
  up |= (up << (2 * kShift)) & m2;
  down |= (down >> (2 * kShift)) & r2;
  up |= (up << (4 * kShift)) & m4;
  down |= (down >> (4 * kShift)) & r4;
  return ~(up | down);
}

// ---- The last four empties: no move generation ------------------------------------------

/// kLineFlipCount[x][line]: discs flipped along one full 8-square line when the side owning
/// the bits of `line` plays at x and every other square of the line is the opponent's (or off
/// the board: a diagonal's missing squares read as 0 and lie beyond its ends, so no run that
/// reaches them is closed). 2 KiB.
const std::array<std::array<std::uint8_t, 256>, 8> kLineFlipCount = [] {
  std::array<std::array<std::uint8_t, 256>, 8> table{};
  for (int x = 0; x < 8; ++x) {
    for (int line = 0; line < 256; ++line) {
      int count = 0;
      for (const int step : {-1, 1}) {
        int i = x + step;
        while (i >= 0 && i < 8 && ((line >> i) & 1) == 0) i += step;
        if (i >= 0 && i < 8) count += std::abs(i - x) - 1;
      }
      table[static_cast<std::size_t>(x)][static_cast<std::size_t>(line)] =
          static_cast<std::uint8_t>(count);
    }
  }
  return table;
}();

/// Discs that `own` flips by playing at `sq` when every other square is occupied (the last
/// empty): the sum over sq's four lines of a table lookup, each line's discs gathered into a
/// byte indexed by column (rows, diagonals) or row (the column). Much cheaper than flips(),
/// since only the count is needed (Edax's count_last_flip is the same idea).
int last_flip_count(int sq, Bitboard own) {
  constexpr Bitboard kGather = 0x0101010101010101ULL;  // sums the bytes into the top byte
  const int col = sq & 7;
  const int row = sq >> 3;
  const auto count = [](int x, Bitboard line) {
    return kLineFlipCount[static_cast<std::size_t>(x)][static_cast<std::size_t>(line)];
  };
  // A diagonal is the two opposite rays from sq (directions 4/5 and 6/7 of kRays).
  const auto& ray = detail::kRays[static_cast<std::size_t>(sq)];
  const auto diagonal = [&](int d) { return ((own & (ray[d] | ray[d + 1])) * kGather) >> 56; };
  return count(col, (own >> (8 * row)) & 0xFF) +
         count(row, static_cast<Bitboard>(column_a_byte(own >> col))) + count(col, diagonal(4)) +
         count(col, diagonal(6));
}

/// Exact score with one empty square `sq` left: p plays it if it flips, else o does, else the
/// game ends. Counts flipped discs only.
int solve_1(Bitboard p, int sq, std::uint64_t& nodes) {
  ++nodes;
  const Bitboard o = ~p & ~square_bit(sq);
  const int own = popcount(p);
  // After p's move: own + flipped + 1 discs of 64, the rest o's.
  if (const int n = last_flip_count(sq, p); n != 0) return 2 * (own + n + 1) - 64;
  if (const int n = last_flip_count(sq, o); n != 0) return 64 - 2 * (64 - own + n);
  // Nobody can play: the empty goes to the winner (63 discs: never a draw).
  return own > 31 ? 2 * own - 62 : 2 * own - 64;
}

/// Exact score with the N empties `squares` (tried in that order), fail-soft in [alpha, beta].
template <int N>
int solve_n(Bitboard p, Bitboard o, int alpha, int beta, const std::array<int, N>& squares,
            bool passed, std::uint64_t& nodes) {
  if constexpr (N == 1) {
    (void)o;
    (void)alpha;
    (void)beta;
    (void)passed;
    return solve_1(p, squares[0], nodes);
  } else {
    ++nodes;
    int best = -65;
    for (int i = 0; i < N; ++i) {
      const int sq = squares[static_cast<std::size_t>(i)];
      const Bitboard f = flips(sq, p, o);
      if (f == 0) continue;
      std::array<int, N - 1> rest{};
      for (int j = 0, k = 0; j < N; ++j) {
        if (j != i) rest[static_cast<std::size_t>(k++)] = squares[static_cast<std::size_t>(j)];
      }
      const int score =
          -solve_n<N - 1>(o ^ f, p | f | square_bit(sq), -beta, -alpha, rest, false, nodes);
      if (score > best) {
        best = score;
        if (score >= beta) return best;
        alpha = std::max(alpha, score);
      }
    }
    if (best != -65) return best;
    if (passed) return final_score(p, o);
    return -solve_n<N>(o, p, -beta, -alpha, squares, true, nodes);
  }
}

// ---- Move ordering at deep nodes ---------------------------------------------------------

/// Owned corners and the owned edge squares next to an owned corner: a cheap count of discs
/// that can no longer be flipped.
int corner_stability(Bitboard p) {
  const Bitboard corners = p & kCorners;
  const Bitboard next = ((corners & kColumnA) << 1) | ((corners & kColumnH) >> 1) |
                        ((corners & kRow1) << 8) | ((corners & kRow8) >> 8);
  return popcount(corners | (next & p));
}

/// Small static square values for tie-breaks (corners best, X-squares worst).
constexpr std::array<int, 64> kSquareValue = {
    20, 4, 12, 10, 10, 12, 4, 20,  //
    4,  0, 6,  6,  6,  6,  0, 4,   //
    12, 6, 8,  8,  8,  8,  6, 12,  //
    10, 6, 8,  0,  0,  8,  6, 10,  //
    10, 6, 8,  0,  0,  8,  6, 10,  //
    12, 6, 8,  8,  8,  8,  6, 12,  //
    4,  0, 6,  6,  6,  6,  0, 4,   //
    20, 4, 12, 10, 10, 12, 4, 20};

/// The squares grouped by kSquareValue, best group first (corners, A-, B-squares, ..., X-squares):
/// shallow nodes try moves in this order within a parity group, a presorted order that costs
/// one mask per group instead of a sort.
constexpr std::array<Bitboard, 7> kSquareGroups = [] {
  std::array<Bitboard, 7> groups{};
  constexpr std::array<int, 7> kValues = {20, 12, 10, 8, 6, 4, 0};
  for (std::size_t g = 0; g < kValues.size(); ++g) {
    for (int sq = 0; sq < 64; ++sq) {
      if (kSquareValue[static_cast<std::size_t>(sq)] == kValues[g]) groups[g] |= square_bit(sq);
    }
  }
  return groups;
}();

/// The empties of a 4-empty position, odd-parity quadrants first, best square group first
/// within each.
std::array<int, 4> parity_ordered_squares(Bitboard empty) {
  std::array<int, 4> squares{};
  std::size_t k = 0;
  const Bitboard odd = odd_parity_squares(empty);
  for (const Bitboard parity_group : {empty & odd, empty & ~odd}) {
    for (const Bitboard square_group : kSquareGroups) {
      for (Bitboard b = parity_group & square_group; b != 0; b &= b - 1) {
        squares[k++] = lowest_square(b);
      }
    }
  }
  return squares;
}

/// Ordering key of the move to `sq` leading to (next_p to move, next_o), higher first. The
/// weights form a lexicographic order, most important first: the opponent's replies (corner
/// replies count double), our corner-anchored discs, the opponent's potential mobility
/// (empties next to our discs), then parity and the square's static value.
int ordering_key(Bitboard next_p, Bitboard next_o, int sq, Bitboard odd) {
  const Bitboard empty = ~(next_p | next_o);
  const Bitboard replies = legal_moves(next_p, next_o);
  const int mobility = popcount(replies) + popcount(replies & kCorners);
  const int potential = popcount(adjacent_empties(next_o, empty));
  int key = -mobility * (1 << 15) + corner_stability(next_o) * (1 << 11) - potential * (1 << 5);
  if ((square_bit(sq) & odd) != 0) key += 16;
  return key + kSquareValue[static_cast<std::size_t>(sq)] / 2;
}

/// Depth of the evaluation search that orders the moves of a node with `empties` empties
/// (kSortEmpties and more): one more ply every 3 empties, at most 2 (a third ply cost more
/// than it saved: FFO #40-#49 5 % more nodes).
int sort_depth(int empties) {
  return std::clamp((empties - EndgameSolver::kSortEmpties) / 3, 0, 2);
}

/// Depth of the evaluation search that predicts a deep node's score for ProbCut: none (the
/// static evaluation) below 12 empties, then 2 plies, then 4 from 16 empties on.
int probcut_depth(int empties) { return std::clamp((empties - 8) / 4 * 2, 0, 4); }

/// Standard deviation (discs) of the exact score around a `depth`-ply evaluation search, for
/// the shipped pattern evaluation (configs/othello/patterns.cfg): measured on 1,104 positions
/// of WTHOR 2000-2024 games at 12-22 empties (about 9.0 discs for the static evaluation, 7.9 at
/// 2 plies, 6.6 at 4; nearly the same at every number of empties in that range).
double probcut_sigma(int depth) { return 9.0 - 0.6 * depth; }

}  // namespace

/// A candidate move with its ordering key and the position after it (opponent to move).
struct EndgameSolver::Candidate {
  int key = 0;
  int square = 0;
  Bitboard next_p = 0;
  Bitboard next_o = 0;
};

// ---- Ordering evaluation -----------------------------------------------------------------

int default_ordering_eval(Bitboard p, Bitboard o) {
  // Weights in centi-discs, chosen by hand like classic.cfg's late phases: a corner is worth
  // most, then each move (corner moves twice), each empty next to the opponent (a potential
  // move), and discs anchored at a corner; an X-square next to an empty corner is a liability.
  constexpr Bitboard kXSquares = 0x4200000000000042ULL;
  const Bitboard empty = ~(p | o);
  const Bitboard mp = legal_moves(p, o);
  const Bitboard mo = legal_moves(o, p);
  const Bitboard open_x = kXSquares & ((empty & kCorners) << 9 | (empty & kCorners) >> 9 |
                                       (empty & kCorners) << 7 | (empty & kCorners) >> 7);
  int score = 800 * (popcount(p & kCorners) - popcount(o & kCorners));
  score += 100 * (popcount(mp) + popcount(mp & kCorners) - popcount(mo) - popcount(mo & kCorners));
  score += 30 * (popcount(adjacent_empties(o, empty)) - popcount(adjacent_empties(p, empty)));
  score += 120 * (corner_stability(p) - corner_stability(o));
  score -= 250 * (popcount(p & open_x) - popcount(o & open_x));
  return score;
}

// ---- Stability ---------------------------------------------------------------------------

Bitboard stable_discs(Bitboard p, Bitboard o) {
  const Bitboard occupied = p | o;
  const Bitboard full_h = full_lines<1>(occupied);
  const Bitboard full_v = full_lines<8>(occupied);
  const Bitboard full_9 = full_lines<9>(occupied);
  const Bitboard full_7 = full_lines<7>(occupied);
  Bitboard stable = edge_stable(p, o) | (p & full_h & full_v & full_9 & full_7);
  // Grow: a disc is stable when each direction is full, at the border or next to a stable
  // disc of its colour (a run through that neighbour would flip the neighbour too).
  for (;;) {
    const Bitboard ok_h =
        full_h | kColumnA | kColumnH | ((stable << 1) & ~kColumnA) | ((stable >> 1) & ~kColumnH);
    const Bitboard ok_v = full_v | kRow1 | kRow8 | (stable << 8) | (stable >> 8);
    const Bitboard ok_9 =
        full_9 | kBorder | ((stable << 9) & ~kColumnA) | ((stable >> 9) & ~kColumnH);
    const Bitboard ok_7 =
        full_7 | kBorder | ((stable << 7) & ~kColumnH) | ((stable >> 7) & ~kColumnA);
    const Bitboard grown = stable | (p & ok_h & ok_v & ok_9 & ok_7);
    if (grown == stable) return stable;
    stable = grown;
  }
}

// ---- The solver --------------------------------------------------------------------------

EndgameSolver::EndgameSolver(int table_bits, OrderingEval eval)
    : eval_(eval ? std::move(eval) : OrderingEval(default_ordering_eval)),
      table_(std::size_t{1} << table_bits),
      mask_((std::uint64_t{1} << table_bits) - 1) {}

void EndgameSolver::clear() { std::fill(table_.begin(), table_.end(), Entry{}); }

int EndgameSolver::solve(Bitboard p, Bitboard o, int alpha, int beta, core::Deadline* deadline) {
  deadline_ = deadline;
  level_ = kExactLevel;
  const int empties = 64 - popcount(p | o);
  if (empties > kShallowEmpties) return search_deep(p, o, alpha, beta, empties, false);
  return search_shallow(p, o, alpha, beta, empties, false);
}

EndgameSolver::Result EndgameSolver::solve_root(Bitboard p, Bitboard o, core::Deadline* deadline) {
  Result result;
  deadline_ = deadline;
  const auto interrupted = [&] {
    result.complete = false;
    return result;
  };
  Bitboard moves = legal_moves(p, o);
  if (moves == 0) {
    if (legal_moves(o, p) == 0) {
      result.score = final_score(p, o);
      return result;
    }
    result.best_square = kPassSquare;
    result.score = -solve(o, p, -64, 64, deadline);
    return expired() ? interrupted() : result;
  }
  const int empties = 64 - popcount(p | o);
  if (empties > kShallowEmpties) {
    // The first guess comes from a shallow evaluation search, each pass's result is the next
    // pass's guess (6 discs of margin below the evaluation, 2 below a selective result).
    int margin = 6;
    const int guess = selective_passes(p, o, empties, predicted_score(p, o, empties), margin);
    level_ = kExactLevel;
    if (!expired()) result.score = root_probes(p, o, empties, guess, margin);
  } else {
    result.score = solve(p, o, -64, 64, deadline);
  }
  if (expired()) return interrupted();
  // A null window at the known score: a move reaching it is a best move.
  const auto reaches_score = [&](int sq) {
    const Bitboard f = flips(sq, p, o);
    return -solve(o ^ f, p | f | square_bit(sq), -result.score - 1, -result.score + 1,
                  deadline) == result.score;
  };
  // The root is a deep node, so the table's move is tried first; it is checked, because an
  // entry whose lower bound equals the score may hold a move that does not reach it
  // (regression: 6 wrong moves in 1,600 adjudicated self-play endgames, found by perfect-play
  // playouts). A position too small for the table tries each move.
  if (const Entry* e = find(Othello::hash(Position{p, o, 0, 0}));
      e != nullptr && e->move != kPassSquare && (moves & square_bit(e->move)) != 0 &&
      e->lower == result.score) {
    const bool best = reaches_score(e->move);
    if (expired()) return interrupted();
    if (best) {
      result.best_square = e->move;
      return result;
    }
  }
  for (; moves != 0; moves &= moves - 1) {
    const int sq = lowest_square(moves);
    const bool best = reaches_score(sq);
    if (expired()) return interrupted();
    if (best) {
      result.best_square = sq;
      break;
    }
  }
  return result;
}

EndgameSolver::Result EndgameSolver::solve_root_window(Bitboard p, Bitboard o, int alpha,
                                                       int beta, core::Deadline* deadline) {
  const int empties = 64 - popcount(p | o);
  if (legal_moves(p, o) == 0 || empties <= kShallowEmpties) return solve_root(p, o, deadline);
  deadline_ = deadline;
  Result result;
  if (empties >= kProbCutEmpties) {
    for (level_ = 0; level_ < kExactLevel && !expired(); ++level_) {
      (void)search_deep(p, o, alpha, beta, empties, false);
    }
  }
  level_ = kExactLevel;
  result.score = search_deep(p, o, alpha, beta, empties, false);
  if (expired()) {
    result.complete = false;
    return result;
  }
  if (result.score <= alpha) return result;
  // The root's exact store came last (no later node reaches the root), with the move that
  // reached the score or cut; a root ended by ETC stored its refuting move the same way.
  const Entry* e = find(Othello::hash(Position{p, o, 0, 0}));
  if (e == nullptr || e->level != kExactLevel || e->move == kPassSquare ||
      (legal_moves(p, o) & square_bit(e->move)) == 0) {
    result.complete = false;
    return result;
  }
  result.best_square = e->move;
  return result;
}

int EndgameSolver::predicted_score(Bitboard p, Bitboard o, int empties) {
  const int depth = std::clamp(empties - 16, 2, 6) / 2 * 2;
  const int predicted = eval_search(p, o, -64 * 100, 64 * 100, depth, false);
  return 2 * static_cast<int>(std::lround(predicted / 200.0));
}

int EndgameSolver::selective_passes(Bitboard p, Bitboard o, int empties, int guess,
                                    int& margin) {
  if (empties < kProbCutEmpties) return guess;
  for (level_ = 0; level_ < kExactLevel && !expired(); ++level_) {
    guess = root_probes(p, o, empties, guess, margin);
    margin = 2;
  }
  return guess;
}

EndgameSolver::Result EndgameSolver::probable_root(Bitboard p, Bitboard o,
                                                   core::Deadline* deadline) {
  deadline_ = deadline;
  const int empties = 64 - popcount(p | o);
  const Bitboard moves = legal_moves(p, o);
  if (empties < kProbCutEmpties || moves == 0) return solve_root(p, o, deadline);
  Result result;
  int margin = 6;
  result.score = selective_passes(p, o, empties, predicted_score(p, o, empties), margin);
  level_ = kExactLevel;
  // The last pass's final probe stored the root with the move that reached its score.
  const Entry* e = find(Othello::hash(Position{p, o, 0, 0}));
  if (expired() || e == nullptr || e->move == kPassSquare || (moves & square_bit(e->move)) == 0) {
    result.complete = false;
    return result;
  }
  result.best_square = e->move;
  return result;
}

int EndgameSolver::root_probes(Bitboard p, Bitboard o, int empties, int guess, int margin) {
  // Null-window probes (g - 1, g + 1) around a guess g: every score is even, so each probe
  // either returns g exactly or a bound that becomes the next guess (MTD(f), Plaat et al.
  // 1996, with steps of 2). A probe above the true score fails low, which needs every root
  // move refuted; one below it fails high on a single good move, far cheaper. So the first
  // probe sits `margin` discs below the guess, and after a fail low the next one drops by a
  // doubling margin, to climb back with fail highs (FFO #40-#45: up to 40% fewer nodes than
  // probing at the guess).
  guess = std::clamp(guess - margin, -64, 64);
  int lower = -64;
  int drop = std::max(margin, 2);
  for (;;) {
    const int v = search_deep(p, o, guess - 1, guess + 1, empties, false);
    if (expired()) return 0;
    if (v == guess) return guess;
    if (v > guess) {
      lower = v;
      guess = v;
    } else {
      // Only a selective pass can fail low at a score it failed high at before: take it.
      if (guess <= lower) return guess;
      guess = std::max(v - drop, lower);
      drop *= 2;
    }
  }
}

bool EndgameSolver::probcut(Bitboard p, Bitboard o, int alpha, int beta, int empties,
                            int& score) {
  // Multi-ProbCut (Buro 1997): if a shallow search predicts the score t standard deviations
  // above beta (below alpha), the node fails high (low) without being searched. Null-window
  // evaluation searches at the two thresholds are enough.
  const int depth = probcut_depth(empties);
  const double margin = kPassConfidence[static_cast<std::size_t>(level_)] * probcut_sigma(depth);
  const int high = static_cast<int>(std::lround((beta + margin) * 100.0));
  // The bounds returned are the nearest even scores beyond the window (every final score is
  // even), so that the root's probes step by 2 discs in the selective passes too.
  if (beta + margin < 64 && eval_search(p, o, high - 1, high, depth, false) >= high) {
    score = beta + (beta & 1);
    return true;
  }
  const int low = static_cast<int>(std::lround((alpha - margin) * 100.0));
  if (alpha - margin > -64 && eval_search(p, o, low, low + 1, depth, false) <= low) {
    score = alpha - (alpha & 1);
    return true;
  }
  return false;
}

int EndgameSolver::eval_search(Bitboard p, Bitboard o, int alpha, int beta, int depth,
                               bool passed) {
  ++nodes_;
  if (out_of_time()) return 0;
  if (depth == 0) return eval_(p, o);
  const Bitboard moves = legal_moves(p, o);
  if (moves == 0) {
    if (passed) return 100 * final_score(p, o);
    return -eval_search(o, p, -beta, -alpha, depth, true);
  }
  int best = -100 * 65;
  for (Bitboard b = moves; b != 0; b &= b - 1) {
    const int sq = lowest_square(b);
    const Bitboard f = flips(sq, p, o);
    const int score = -eval_search(o ^ f, p | f | square_bit(sq), -beta, -alpha, depth - 1, false);
    if (score > best) {
      best = score;
      if (score >= beta) break;
      alpha = std::max(alpha, score);
    }
  }
  return best;
}

int EndgameSolver::order_moves(Bitboard p, Bitboard o, int empties, int tt_move,
                               Candidate* list) {
  // Each opponent reply (corner replies twice) costs as much as 2 discs of evaluation: the
  // evaluation ranks, mobility breaks near-ties and restrains the evaluation's errors (the
  // balance measured on FFO #40-#49: 3 discs cost 6 % more nodes, 4.5 discs 6 % more again;
  // evaluation alone or mobility alone did worse on #40-#44).
  constexpr int kReplyCost = 200;
  int n = 0;
  const Bitboard odd = odd_parity_squares(~(p | o));
  const bool sorted_by_eval = empties >= kSortEmpties;
  const int depth = sort_depth(empties);
  for (Bitboard moves = legal_moves(p, o); moves != 0; moves &= moves - 1) {
    const int sq = lowest_square(moves);
    const Bitboard f = flips(sq, p, o);
    Candidate& c = list[n++];
    c.square = sq;
    c.next_p = o ^ f;
    c.next_o = p | f | square_bit(sq);
    if (sq == tt_move) {
      c.key = 1 << 30;
    } else if (c.next_p == 0) {
      c.key = (1 << 30) - 1;  // a wipe-out: nothing is better
    } else if (sorted_by_eval) {
      // The mover's evaluation after the move (centi-discs) minus a fastest-first term.
      const Bitboard replies = legal_moves(c.next_p, c.next_o);
      const int mobility = popcount(replies) + popcount(replies & kCorners);
      c.key = -eval_search(c.next_p, c.next_o, -64 * 100, 64 * 100, depth, false) -
              mobility * kReplyCost;
    } else {
      c.key = ordering_key(c.next_p, c.next_o, sq, odd);
    }
  }
  // Insertion sort, highest key first and stable (ties keep square order): a handful of moves
  // needs no merge buffers.
  for (int i = 1; i < n; ++i) {
    const Candidate c = list[i];
    int j = i;
    for (; j > 0 && list[j - 1].key < c.key; --j) list[j] = list[j - 1];
    list[j] = c;
  }
  return n;
}

const EndgameSolver::Entry* EndgameSolver::find(std::uint64_t key) const {
  const std::size_t index = key & mask_ & ~std::uint64_t{1};
  if (table_[index].key == key) return &table_[index];
  if (table_[index + 1].key == key) return &table_[index + 1];
  return nullptr;
}

void EndgameSolver::store(std::uint64_t key, int empties, int alpha, int beta, int score,
                          int move) {
  // Two-slot bucket: slot 0 keeps the deeper entry, slot 1 always takes the newest.
  const std::size_t index = key & mask_ & ~std::uint64_t{1};
  Entry* slot = &table_[index];
  if (slot->key != key && slot->empties > empties) slot = &table_[index + 1];
  // A selective pass never weakens the bounds of a more reliable one; a more reliable pass
  // starts the entry's bounds afresh (keeping its move).
  if (slot->key == key && slot->level > level_) return;
  if (slot->key != key) *slot = Entry{key, -64, 64, kPassSquare, 0, 0};
  if (slot->level < level_) {
    slot->lower = -64;
    slot->upper = 64;
    slot->level = static_cast<std::uint8_t>(level_);
  }
  // Exact search: every fail-soft result is a true bound, so bounds only ever tighten. A
  // selective pass may contradict itself; the newer bound wins.
  if (score < beta) {
    slot->upper = static_cast<std::int8_t>(std::min<int>(slot->upper, score));
    if (slot->lower > slot->upper) slot->lower = -64;
  }
  if (score > alpha) {
    slot->lower = static_cast<std::int8_t>(std::max<int>(slot->lower, score));
    if (slot->lower > slot->upper) slot->upper = 64;
  }
  slot->empties = static_cast<std::uint8_t>(empties);
  if (move != kPassSquare) slot->move = static_cast<std::uint8_t>(move);
}

int EndgameSolver::search_deep(Bitboard p, Bitboard o, int alpha, int beta, int empties,
                               bool passed) {
  ++nodes_;
  if (out_of_time()) return 0;
  // Step 1. Stability cutoff: o's stable discs stay o's, so p scores at most 64 - 2 x stable.
  // Only worth computing when alpha is high enough for o's disc count to matter.
  if (64 - 2 * popcount(o) <= alpha) {
    const int bound = 64 - 2 * popcount(stable_discs(o, p));
    if (bound <= alpha) return bound;
  }

  // Step 2. Transposition table: narrow the window, or return on a cutoff.
  const std::uint64_t key = Othello::hash(Position{p, o, 0, 0});
  int tt_move = kPassSquare;
  if (const Entry* e = find(key); e != nullptr) {
    // Bounds of a less selective (or the exact) pass hold in this one; the move always helps.
    if (e->level >= level_) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      if (e->lower == e->upper) return e->lower;
      alpha = std::max<int>(alpha, e->lower);
      beta = std::min<int>(beta, e->upper);
    }
    tt_move = e->move;
  }

  // Step 2b. Selective passes: ProbCut.
  if (level_ < kExactLevel && empties >= kProbCutEmpties) {
    if (int score = 0; probcut(p, o, alpha, beta, empties, score)) return score;
  }

  // Step 3. Moves; pass or game end.
  if (legal_moves(p, o) == 0) {
    if (passed) return final_score(p, o);
    return -search_deep(o, p, -beta, -alpha, empties, true);
  }

  // Step 4. Order the moves: the table move first, then by a shallow evaluation search (many
  // empties) or fastest first (fewest opponent replies, corners and parity as tie-breaks).
  std::array<Candidate, 64> list;
  const int n = order_moves(p, o, empties, tt_move, list.data());

  // Step 5. Enhanced transposition cutoff: a child stored with an upper bound <= -beta
  // refutes this node without searching (Plaat et al., "Nearly optimal minimax tree search?").
  if (empties >= kEtcEmpties) {
    for (int i = 0; i < n; ++i) {
      const Candidate& c = list[static_cast<std::size_t>(i)];
      if (const Entry* e = find(Othello::hash(Position{c.next_p, c.next_o, 0, 0}));
          e != nullptr && e->level >= level_ && -e->upper >= beta) {
        store(key, empties, alpha, beta, -e->upper, c.square);
        return -e->upper;
      }
    }
  }

  // Step 6. Principal variation search: the first move with the full window, the others with
  // a null window first and a re-search when they beat alpha.
  const int alpha0 = alpha;
  int best = -65;
  int best_move = kPassSquare;
  const int child_empties = empties - 1;
  for (int i = 0; i < n; ++i) {
    const Candidate& c = list[static_cast<std::size_t>(i)];
    const auto child = [&](int a, int b) {
      return child_empties > kShallowEmpties
                 ? -search_deep(c.next_p, c.next_o, -b, -a, child_empties, false)
                 : -search_shallow(c.next_p, c.next_o, -b, -a, child_empties, false);
    };
    int score;
    if (i == 0) {
      score = child(alpha, beta);
    } else {
      score = child(alpha, alpha + 1);
      if (score > alpha && score < beta) score = child(score, beta);
    }
    if (expired()) return 0;  // out of time: nothing below is a bound
    if (score > best) {
      best = score;
      best_move = c.square;
      if (score >= beta) break;
      alpha = std::max(alpha, score);
    }
  }

  // Step 7. Store the bound with the best move.
  store(key, empties, alpha0, beta, best, best_move);
  return best;
}

int EndgameSolver::search_shallow(Bitboard p, Bitboard o, int alpha, int beta, int empties,
                                  bool passed) {
  const Bitboard empty = ~(p | o);
  if (empties <= 4) {
    if (empties == 0) {
      ++nodes_;
      return final_score(p, o);
    }
    if (empties == 4) {
      if (alpha >= 2 * empties && 64 - 2 * popcount(o) <= alpha) {
        const int bound = 64 - 2 * popcount(stable_discs(o, p));
        if (bound <= alpha) return bound;
      }
      return solve_n<4>(p, o, alpha, beta, parity_ordered_squares(empty), false, nodes_);
    }
    // 1..3 empties only occur when a solve starts there.
    std::array<int, 3> squares{};
    std::size_t k = 0;
    for (Bitboard b = empty; b != 0; b &= b - 1) squares[k++] = lowest_square(b);
    if (empties == 3) return solve_n<3>(p, o, alpha, beta, squares, false, nodes_);
    if (empties == 2) {
      return solve_n<2>(p, o, alpha, beta, {squares[0], squares[1]}, false, nodes_);
    }
    return solve_1(p, squares[0], nodes_);
  }
  ++nodes_;
  if (out_of_time()) return 0;
  // Stability cutoff as at deep nodes, but only tried for a high alpha (at least 2 discs per
  // empty): here the stable-disc count costs about as much as the subtree it might save
  // (FFO #40-#44: 6% more nodes, 5% less time than trying it whenever o has enough discs).
  if (alpha >= 2 * empties && 64 - 2 * popcount(o) <= alpha) {
    const int bound = 64 - 2 * popcount(stable_discs(o, p));
    if (bound <= alpha) return bound;
  }
  const Bitboard moves = legal_moves(p, o);
  if (moves == 0) {
    if (passed) return final_score(p, o);
    return -search_shallow(o, p, -beta, -alpha, empties, true);
  }
  int best = -65;
  const Bitboard odd = odd_parity_squares(empty);
  // Odd-parity quadrants first, then the rest; within each, the square groups best first.
  for (const Bitboard parity_group : {moves & odd, moves & ~odd}) {
    if (parity_group == 0) continue;
    for (const Bitboard square_group : kSquareGroups) {
      for (Bitboard b = parity_group & square_group; b != 0; b &= b - 1) {
        const int sq = lowest_square(b);
        const Bitboard f = flips(sq, p, o);
        const int score =
            -search_shallow(o ^ f, p | f | square_bit(sq), -beta, -alpha, empties - 1, false);
        if (score > best) {
          best = score;
          if (score >= beta) return best;
          alpha = std::max(alpha, score);
        }
      }
    }
  }
  return best;
}

// ---- The Game hook -----------------------------------------------------------------------

namespace {

/// A solver for the root `p` with solve_exact's table size, ordering and selective passes by
/// the engine's `eval` (kept by reference: it must outlive the solver). The engine's
/// evaluation, not the built-in one: the passes' cuts are only as good as the evaluation's
/// prediction (198 roots of 21-22 empties: 0.30 discs lost a move with the patterns
/// evaluation, 0.54 with the built-in one, in about half the time).
EndgameSolver root_solver(const Position& p, const core::ProbableEval<Othello>& eval) {
  return EndgameSolver(std::clamp(Othello::empties(p), 10, 20),
                       [&eval](Bitboard player, Bitboard opponent) {
                         return eval(Position{player, opponent, 0, 0});
                       });
}

}  // namespace

int Othello::solve_exact(const Position& p, int alpha, int beta, std::uint64_t& nodes,
                         core::Deadline* deadline) {
  // A table sized to the problem: about one entry per 16 deep nodes of a typical solve, from
  // 2^10 entries (16 KiB) at 10 empties up to 2^20 (16 MiB) at 20 and more.
  const int table_bits = std::clamp(empties(p), 10, 20);
  EndgameSolver solver(table_bits);
  const int score = solver.solve(p.player, p.opponent, alpha, beta, deadline);
  nodes += solver.nodes();
  return score;
}

std::optional<std::pair<Move, int>> Othello::solve_root(const Position& p,
                                                        const core::ProbableEval<Othello>& eval,
                                                        int alpha, int beta, std::uint64_t& nodes,
                                                        core::Deadline* deadline) {
  EndgameSolver solver = root_solver(p, eval);
  const EndgameSolver::Result r =
      alpha <= -64 && beta >= 64
          ? solver.solve_root(p.player, p.opponent, deadline)
          : solver.solve_root_window(p.player, p.opponent, alpha, beta, deadline);
  nodes += solver.nodes();
  if (!r.complete) return std::nullopt;
  const Move move = r.best_square < 0 ? Move{} : Move{static_cast<std::uint8_t>(r.best_square)};
  return std::pair{move, r.score};
}

std::optional<std::pair<Move, int>> Othello::solve_probable(
    const Position& p, const core::ProbableEval<Othello>& eval, std::uint64_t& nodes,
    core::Deadline* deadline) {
  EndgameSolver solver = root_solver(p, eval);
  const EndgameSolver::Result r = solver.probable_root(p.player, p.opponent, deadline);
  nodes += solver.nodes();
  if (!r.complete || r.best_square < 0) return std::nullopt;
  return std::pair{Move{static_cast<std::uint8_t>(r.best_square)}, r.score};
}

}  // namespace arena::othello
