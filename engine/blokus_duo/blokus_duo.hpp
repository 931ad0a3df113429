// Blokus Duo bound to the generic Game concept (engine/core/game.hpp): a thin static facade
// over position.hpp, notation.hpp and features.hpp. Rules travel inside the position.
#pragma once

#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/blokus_duo/endgame.hpp"
#include "engine/blokus_duo/features.hpp"
#include "engine/blokus_duo/legend.hpp"
#include "engine/blokus_duo/notation.hpp"
#include "engine/blokus_duo/position.hpp"
#include "engine/core/game.hpp"

namespace arena::blokus_duo {

/// The game type registered as "blokus-duo". Moves are distinct placements (never two codes
/// for the same cells); notation is the GPCC 4-character code; final scores follow
/// Position::rules (default: gpcc, the difference of squares placed).
struct BlokusDuo {
  using Position = blokus_duo::Position;
  using Move = blokus_duo::Move;
  using Rules = blokus_duo::Rules;

  static constexpr std::string_view kName = "blokus-duo";
  /// The unit of final_score and of the evaluation (in hundredths: centi-squares).
  static constexpr std::string_view kScoreUnit = "squares";

  static Rules parse_rules(std::string_view text) { return blokus_duo::parse_rules(text); }
  static std::string format_rules(const Rules& r) { return blokus_duo::format_rules(r); }
  static Position initial(const Rules& r) { return initial_position(r); }
  static void generate_moves(const Position& p, MoveList& list) {
    blokus_duo::generate_moves(p, list);
  }
  static Position play(const Position& p, Move m) { return blokus_duo::play(p, m); }
  static bool is_terminal(const Position& p) { return blokus_duo::is_terminal(p); }
  static int final_score(const Position& p) { return blokus_duo::final_score(p); }
  static int side_to_move(const Position& p) { return p.side; }
  static int ply(const Position& p) { return p.plies; }
  static std::uint64_t hash(const Position& p) { return p.hash; }
  static bool is_pass(Move m) { return m.is_pass(); }
  static Move pass_move() { return Move{}; }
  static Move parse_move(const Position& p, std::string_view text) {
    return blokus_duo::parse_move(p, text);
  }
  static std::string format_move(const Position&, Move m) { return format_code(m); }
  static Position parse_position(std::string_view text, const Rules& r) {
    return blokus_duo::parse_position(text, r);
  }
  static std::string format_position(const Position& p) {
    return blokus_duo::format_position(p);
  }
  static std::string render(const Position& p) { return blokus_duo::render(p); }
  /// `arena play`'s board: the last piece in lower case, `marks` = the usable attach points.
  static std::string render_play(const Position& p, Move last, bool marks) {
    BoardMarks m;
    m.last = last;
    m.attach = marks;
    return render_board(p, m);
  }
  /// `arena play`'s help text: the move code and the piece legend (legend.hpp).
  static std::string play_help(std::string_view topic) { return blokus_duo::play_help(topic); }
  static std::unique_ptr<core::FeatureSet<Position>> make_feature_set(std::string_view name) {
    return blokus_duo::make_feature_set(name);
  }

  /// Move-ordering key for the generic search (piece size first; see features.hpp).
  static int order_score(const Position& p, Move m) { return blokus_duo::order_score(p, m); }
  static bool is_legal(const Position& p, Move m) { return check_move(p, m) == Illegal::Legal; }
  /// The MCTS playout policy's weights (`playout_policy = game`; see features.hpp).
  static void playout_weights(const Position& p, const MoveList& list,
                              std::vector<double>& weights) {
    blokus_duo::playout_weights(p, list, weights);
  }
  /// Moves the side to move still expects to play, with or without the solver: its pieces
  /// left (an upper bound: games end with pieces unplaced, so the time manager errs towards
  /// spending less). No exact_solve_nodes estimate: the solver's threshold counts the legal
  /// placements of both sides (10 in the shipped configs), so every solve it allows is small.
  static int moves_left(const Position& p, bool /*solver*/) {
    return std::popcount(p.pieces_left[p.side]);
  }
  /// RAVE's move index for the generic MCTS (engine/core/mcts.hpp): the placement id, the
  /// same cells for either player; kNumPlacements = pass.
  static constexpr std::size_t kMoveKeys = kNumPlacements + 1;
  static std::size_t move_key(Move m) { return m.id; }
  /// Exact endgame hook: at most n legal placements for both players together.
  static bool exact_threshold_reached(const Position& p, int n) {
    return blokus_duo::exact_threshold_reached(p, n);
  }
  /// Exact final score (squares, side to move's view), fail-soft in [alpha, beta].
  static int solve_exact(const Position& p, int alpha, int beta, std::uint64_t& nodes,
                         core::Deadline* deadline = nullptr) {
    return blokus_duo::solve_exact(p, alpha, beta, nodes, deadline);
  }
  /// Perft's leaf rule (engine/core/perft.hpp): a pass is not a counted move sequence, since
  /// the published counts (counts.md) count distinct placements only.
  static bool perft_counts_pass(const Position&) { return false; }
};

}  // namespace arena::blokus_duo

namespace arena::core {

/// Blokus Duo's compile-time knobs: kMaxMoves bounds the placements of any position (see
/// position.hpp), kMaxPlies the plies of a game.
template <>
struct GameTraits<blokus_duo::BlokusDuo> {
  static constexpr std::size_t kMaxMoves = blokus_duo::kMaxMoves;
  static constexpr std::size_t kMaxPlies = blokus_duo::kMaxPlies;
};

static_assert(Game<blokus_duo::BlokusDuo>);
static_assert(HasOrderScore<blokus_duo::BlokusDuo>);
static_assert(HasExactSolver<blokus_duo::BlokusDuo>);

}  // namespace arena::core
