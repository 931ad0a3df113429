// Othello bound to the arena::core::Game concept: a side-relative bitboard position (the player
// to move, the opponent), copy-make moves, the WOF final score, notation (squares a1..h8 with a1
// top-left, transcripts "f5d6c3...", FFO/OBF board strings), feature sets and the exact endgame
// solver hooks. The hot functions (move generation, play, counting) are inline here so the
// generic search and perft templates compile them into their loops.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/core/features.hpp"
#include "engine/core/game.hpp"
#include "engine/othello/bitboard.hpp"

namespace arena::othello {

/// The square index used for a pass move.
inline constexpr int kPassSquare = 64;

/// An Othello move: a square 0..63 (a1 = 0, h8 = 63) or kPassSquare.
struct Move {
  std::uint8_t square = kPassSquare;
  bool operator==(const Move&) const = default;
};

/// A position from the side to move's view. `player`/`opponent` are disjoint disc sets; `side`
/// says who `player` is (0 = black, the first player; 1 = white). `ply` counts plies played
/// since the start, passes included (for a position read from a board string: discs - 4).
struct Position {
  Bitboard player = 0;
  Bitboard opponent = 0;
  std::int16_t ply = 0;
  std::int8_t side = 0;
  bool operator==(const Position&) const = default;
};

/// Othello has no rule options; the struct exists for the Game concept.
struct Rules {
  bool operator==(const Rules&) const = default;
};

/// The game of Othello (standard 8x8 rules, WOF scoring). Stateless: static members only.
struct Othello {
  using Position = othello::Position;
  using Move = othello::Move;
  using Rules = othello::Rules;
  static constexpr std::string_view kName = "othello";
  /// The unit of final_score and of the evaluation (in hundredths: centi-discs).
  static constexpr std::string_view kScoreUnit = "discs";

  /// Othello has no rule options: "" -> Rules{}; anything else throws InputError.
  [[nodiscard]] static Rules parse_rules(std::string_view text);
  [[nodiscard]] static std::string format_rules(const Rules&) { return {}; }

  /// The standard start: white d4 e5, black d5 e4, black to move.
  [[nodiscard]] static Position initial(const Rules& = {}) {
    return {square_bit(28) | square_bit(35), square_bit(27) | square_bit(36), 0, 0};
  }

  /// Legal moves of the side to move as squares (empty when it must pass).
  [[nodiscard]] static Bitboard move_mask(const Position& p) {
    return legal_moves(p.player, p.opponent);
  }

  /// Fills `list` with the legal moves in square order; a single pass when the side to move has
  /// none but the opponent has; nothing when the game is over.
  template <class List>
  static void generate_moves(const Position& p, List& list) {
    list.clear();
    Bitboard moves = move_mask(p);
    if (moves == 0) {
      if (legal_moves(p.opponent, p.player) != 0) list.push_back(Move{});
      return;
    }
    for (; moves != 0; moves &= moves - 1) {
      list.push_back(Move{static_cast<std::uint8_t>(lowest_square(moves))});
    }
  }

  /// The number of moves generate_moves would list (perft's bulk count at the last ply).
  [[nodiscard]] static std::uint64_t count_moves(const Position& p) {
    const Bitboard moves = move_mask(p);
    if (moves != 0) return static_cast<std::uint64_t>(popcount(moves));
    return legal_moves(p.opponent, p.player) != 0 ? 1 : 0;
  }

  /// The position after the legal move m (a pass only swaps the sides).
  [[nodiscard]] static Position play(const Position& p, Move m) {
    const auto next_ply = static_cast<std::int16_t>(p.ply + 1);
    const auto next_side = static_cast<std::int8_t>(p.side ^ 1);
    if (m.square == kPassSquare) return {p.opponent, p.player, next_ply, next_side};
    const Bitboard flipped = flips(m.square, p.player, p.opponent);
    return {p.opponent ^ flipped, p.player | flipped | square_bit(m.square), next_ply, next_side};
  }

  /// Neither side can move.
  [[nodiscard]] static bool is_terminal(const Position& p) {
    return legal_moves(p.player, p.opponent) == 0 && legal_moves(p.opponent, p.player) == 0;
  }

  /// Disc difference from the side to move's view with the empties going to the side that has
  /// more discs (World Othello Federation rule, as FFO scores assume); meaningful at game end.
  [[nodiscard]] static int final_score_for_mover(const Position& p) {
    const int own = popcount(p.player);
    const int opp = popcount(p.opponent);
    const int empties = 64 - own - opp;
    if (own > opp) return own - opp + empties;
    if (own < opp) return own - opp - empties;
    return 0;
  }

  /// The WOF disc difference from black's (the first player's) view.
  [[nodiscard]] static int final_score(const Position& p) {
    const int mover = final_score_for_mover(p);
    return p.side == 0 ? mover : -mover;
  }

  [[nodiscard]] static int side_to_move(const Position& p) { return p.side; }
  [[nodiscard]] static int ply(const Position& p) { return p.ply; }
  [[nodiscard]] static int empties(const Position& p) {
    return 64 - popcount(p.player | p.opponent);
  }

  /// A 64-bit hash of (player, opponent, side): each disc set is multiplied by an odd 64-bit
  /// constant (golden ratio, and MurmurHash3's), combined with a rotation, and finished with
  /// MurmurHash3's fmix64 avalanche (Appleby, public domain). Not Zobrist: no per-square table
  /// and no incremental update, but equally well mixed for a 2^64 key space and cheaper after a
  /// move that flips many discs. The ply is not hashed (transpositions share entries).
  [[nodiscard]] static std::uint64_t hash(const Position& p) {
    std::uint64_t h = p.player * 0x9E3779B97F4A7C15ULL;
    h ^= std::rotl(p.opponent * 0xC2B2AE3D27D4EB4FULL, 31);
    h ^= static_cast<std::uint64_t>(p.side) * 0x165667B19E3779F9ULL;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 33;
    return h;
  }

  [[nodiscard]] static bool is_pass(Move m) { return m.square == kPassSquare; }
  [[nodiscard]] static Move pass_move() { return Move{}; }

  /// Move ordering key for the generic search, higher first: minus 16 x the opponent's replies
  /// after m (fewest replies first, the classic mobility-restricting order) plus a bonus for
  /// corners (+64) and a penalty for the X-squares next to empty corners (-32).
  [[nodiscard]] static int order_score(const Position& p, Move m);

  /// RAVE's move index for the generic MCTS (engine/core/mcts.hpp): the square, 64 = pass.
  static constexpr std::size_t kMoveKeys = 65;
  [[nodiscard]] static std::size_t move_key(Move m) { return m.square; }

  /// A move in notation: "f5" (case-insensitive) or "pass"/"PS"/"--". Throws InputError naming
  /// the move and why it is malformed or illegal in p.
  [[nodiscard]] static Move parse_move(const Position& p, std::string_view text);
  /// "f5" (lower case) or "pass".
  [[nodiscard]] static std::string format_move(const Position& p, Move m);

  /// "" -> the start; a 64-character board string (X black, O white, - or . empty, a1..h1 first)
  /// followed by whitespace and the side to move X/O; or a transcript from the start
  /// ("f5d6c3...", case-insensitive, passes implicit, spaces ignored, "pass"/"ps"/"--" allowed).
  /// Throws InputError naming the ply, the move and the reason for an illegal or malformed move.
  [[nodiscard]] static Position parse_position(std::string_view text, const Rules& = {});
  /// The board string and side, e.g. "---...---XO---... X" (FFO/OBF style).
  [[nodiscard]] static std::string format_position(const Position& p);
  /// A text diagram with coordinates, X black / O white / . empty / * legal move.
  [[nodiscard]] static std::string render(const Position& p);
  /// `arena play`'s help text (how a move is written; the board's marks).
  [[nodiscard]] static std::string play_help(std::string_view /*topic*/) {
    return "A move is a square: column a-h, row 1-8 (f5). * on the board marks your legal moves.\n"
           "Commands: a move, pass (only when you have no move), undo, hint, help, quit.\n";
  }

  /// Declared feature sets: "classic" (square classes, mobility, frontier, corners, stable
  /// discs, parity) and "table" (the 10 square classes only). Throws InputError naming both.
  [[nodiscard]] static std::unique_ptr<core::FeatureSet<Position>> make_feature_set(
      std::string_view name);

  /// The 8 board symmetries (symmetric_square in patterns.hpp; 0 = identity): the opening
  /// book stores one image of each position.
  static constexpr int kSymmetries = 8;
  /// p under board symmetry k in 0..7 (same side to move and ply).
  [[nodiscard]] static Position symmetric(const Position& p, int k);
  /// The square of m under board symmetry k (a pass stays a pass).
  [[nodiscard]] static Move symmetric_move(Move m, int k);

  /// Moves the side to move still expects to spend its clock on: half the empties, rounded
  /// up, at least 1 (the sides alternate; passes are rare); with the `solver`, only those
  /// above kFreeEmpties. Why: the solver plays the last kFreeEmpties exactly in a few
  /// milliseconds a move (at --tc 10+0.1 against NTest: median 3 ms at 12-17 empties), and
  /// counting them kept clock unspent (all 60 empties: 8.1 s of a game's 13 s used; the last
  /// 12 left out: 8.4 s). For the time manager.
  [[nodiscard]] static int moves_left(const Position& p, bool solver) {
    return std::max(1, (empties(p) - (solver ? kFreeEmpties : 0) + 1) / 2);
  }
  /// Empties from which on the exact solver plays a move in a few milliseconds
  /// (exact_solve_nodes(16) is 660,000 nodes).
  static constexpr int kFreeEmpties = 16;
  /// Estimated nodes of an exact solve of p: 600 x 2.4^(empties - 8), on the high side of
  /// the counts of `arena search --depth 1` with every child solved on 52 self-play
  /// positions of 8-20 empties (median growth about 2.3 per empty; 14 empties: 41 000 to
  /// 159 000 nodes, 20 empties: 5 to 46 million). For timed searches' solve decisions.
  [[nodiscard]] static double exact_solve_nodes(const Position& p) {
    return 600.0 * std::pow(2.4, empties(p) - 8);
  }
  /// The Multi-ProbCut stage of p: (60 - empties) / 5, 0..12 (60-56 empties -> 0, 5-1 -> 11),
  /// the stages of the `patterns` evaluation (pattern_stage), so a fit follows the
  /// evaluation's own error, which changes with its stage.
  [[nodiscard]] static int mpc_stage(const Position& p) {
    const int e = empties(p);
    return e >= 60 ? 0 : (60 - e) / 5;
  }
  /// The position has at most n empty squares (the exact solver takes over).
  [[nodiscard]] static bool exact_threshold_reached(const Position& p, int n) {
    return empties(p) <= n;
  }
  /// Exact final disc difference (WOF, side to move's view) by the endgame solver of
  /// engine/othello/endgame.hpp; fail-soft within [alpha, beta]; adds searched nodes to `nodes`.
  /// Polls `deadline` (nullptr: none); once it has expired the score means nothing.
  [[nodiscard]] static int solve_exact(const Position& p, int alpha, int beta,
                                       std::uint64_t& nodes, core::Deadline* deadline = nullptr);
  /// The final disc difference of p (side to move's view) within [alpha, beta] (fail-soft)
  /// and a move reaching it, by the endgame solver's root routine with one table and the
  /// selective passes first (EndgameSolver::solve_root for the full window -64..64, else
  /// solve_root_window), ordering with `eval`; adds searched nodes to `nodes`. The move means
  /// nothing when the score is at most alpha. nullopt once `deadline` (nullptr: none) has
  /// expired.
  [[nodiscard]] static std::optional<std::pair<Move, int>> solve_root(
      const Position& p, const core::ProbableEval<Othello>& eval, int alpha, int beta,
      std::uint64_t& nodes, core::Deadline* deadline = nullptr);
  /// A probable final disc difference and move of p (side to move's view): the endgame
  /// solver's selective passes without the exact one (EndgameSolver::probable_root), ordering
  /// and cutting with `eval`; adds searched nodes to `nodes`; nullopt once `deadline`
  /// (nullptr: none) has expired.
  [[nodiscard]] static std::optional<std::pair<Move, int>> solve_probable(
      const Position& p, const core::ProbableEval<Othello>& eval, std::uint64_t& nodes,
      core::Deadline* deadline = nullptr);
};

}  // namespace arena::othello

/// Othello's compile-time knobs: at most 33 legal moves occur in play, but a board read from a
/// string can be any disc pattern, so the list holds one entry per square; 60 moves plus at
/// most 60 passes (two passes in a row end the game) fit in 128 plies.
template <>
struct arena::core::GameTraits<arena::othello::Othello> {
  static constexpr std::size_t kMaxMoves = 64;
  static constexpr std::size_t kMaxPlies = 128;
};

static_assert(arena::core::Game<arena::othello::Othello>);
