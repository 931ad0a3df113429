// Game-generic Monte Carlo tree search (single-threaded): PUCT selection (Silver et al. 2017,
// "Mastering the game of Go without human knowledge": Q + c P sqrt(N) / (1 + n)) with an
// optional RAVE blend (Gelly & Silver 2007, "Combining online and offline knowledge in UCT":
// Q' = (1 - b) Q + b Q_amaf, b = sqrt(k / (3 n + k))), priors and playouts from the game's
// move-ordering key or from its own playout weights (an optional hook), and playouts cut after
// `cutoff` plies by the linear evaluation squashed to a win probability (the "evaluation at a
// playout cutoff" of Lorentz, "Using evaluation functions in Monte-Carlo tree search", 2016).
//
// Key ideas. Results are win probabilities of the first player (a draw is 1/2); each node keeps
// the sum from the view of the player who made its move, so selection maximises a child's Q.
// Children are created all at once when a leaf has been visited `expand` times (Pentobi's
// "expansion threshold"), in generation order, with priors softmax(order_score / T). The tree
// lives in one node pool with contiguous child blocks; a full pool stops expansion, never the
// search. Between moves the subtree of the new root (found among the expanded nodes at most two
// plies below the old root) is kept. Every random choice comes from std::mt19937_64 seeded by
// (settings seed, move seed) with our own integer mapping, and the clock is read only under a
// time limit, so a playout limit gives the same tree, move and counts on every run.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "engine/core/deadline.hpp"
#include "engine/core/game.hpp"
#include "engine/core/limits.hpp"
#include "engine/core/mcts_settings.hpp"
#include "engine/core/move_time.hpp"
#include "engine/core/search_result.hpp"

namespace arena::core {

/// Optional hook for RAVE: `G::move_key(m)` maps a move to a dense index below `G::kMoveKeys`,
/// the same index for the same move of either player. Without it `rave` has no effect.
template <class G>
concept HasMoveKey = requires(typename G::Move m) {
  { G::move_key(m) } -> std::convertible_to<std::size_t>;
  { G::kMoveKeys } -> std::convertible_to<std::size_t>;
};

/// Optional hook for `playout_policy = game` and `prior_power`: `G::playout_weights(p, moves,
/// w)` fills w with unnormalised playout probabilities of the legal moves.
template <class G>
concept HasPlayoutWeights =
    requires(const typename G::Position& p, const MoveListOf<G>& moves, std::vector<double>& w) {
      G::playout_weights(p, moves, w);
    };

/// Playouts per move when neither a playout nor a time limit is given.
inline constexpr std::uint64_t kDefaultPlayouts = 1000;

/// The Monte Carlo tree search of one engine. `Eval` is a callable `int(const G::Position&)`
/// giving a static evaluation in centi-units from the side to move's view (as for Searcher).
/// Not thread-safe. Determinism: search() depends on (position, settings, limits, seed) and on
/// the tree kept from earlier calls since the last clear(); with a playout limit and no time
/// limit, the same sequence of calls gives the same results.
template <Game G, class Eval>
class Mcts {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  Mcts(Eval eval, const MctsSettings& settings)
      : eval_(std::move(eval)),
        settings_(settings),
        capacity_(std::max<std::size_t>(2, static_cast<std::size_t>(settings.tree_mb) *
                                               (std::size_t{1} << 20U) / sizeof(Node))) {
    if constexpr (HasMoveKey<G>) {
      for (auto& stamps : first_ply_) stamps.assign(G::kMoveKeys, kUnplayed);
    }
  }

  /// Forgets the tree (call between games).
  void clear() {
    nodes_.clear();
    has_root_ = false;
  }

  /// Searches `root` under `limits`: `nodes` (= playouts) and the move's time (move_time.hpp:
  /// the movetime, or the time manager's target under a clock, as for the alpha-beta search),
  /// the first reached stops; `depth` is ignored. When the limits set neither nodes nor
  /// time, the settings' `playouts` apply (0: kDefaultPlayouts). `stop` is polled after every
  /// playout. The result: the most visited root move (ties: higher Q, then generation order), its Q
  /// as a score (centi-units, eval_scale x logit Q), nodes = playouts of this call, depth = deepest
  /// selection path, pv = most visited line. A single legal move is returned at once (0 playouts);
  /// a finished game gives no move and its exact final score.
  SearchResult<Move> search(const Position& root, const SearchLimits& limits, std::uint64_t seed,
                            const std::atomic<bool>* stop = nullptr) {
    // Step 1. Limits and the generator.
    const auto start = std::chrono::steady_clock::now();
    SearchResult<Move> result;
    const auto finish = [&] {
      result.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return result;
    };
    // The time manager's target is the deadline: a playout takes well under a millisecond, so
    // the search ends close to it and never needs the cap.
    std::uint64_t max_playouts = limits.nodes;
    // Its solver only proves wins inside playouts; the last moves are searched like any other.
    const MoveTime time = move_time<G>(root, limits, false);
    if (max_playouts == 0 && time.soft_ms == 0) {
      max_playouts = settings_.playouts > 0 ? settings_.playouts : kDefaultPlayouts;
    }
    const std::optional<Deadline::Clock::time_point> at =
        time.soft_ms > 0 ? std::optional(start + std::chrono::milliseconds(time.soft_ms))
                         : std::nullopt;
    Deadline deadline(at, stop);
    rng_.seed(splitmix(settings_.seed ^ splitmix(seed)));

    // Step 2. Trivial roots: a finished game, a forced move.
    MoveListOf<G> moves;
    G::generate_moves(root, moves);
    if (moves.empty()) {
      const int first = G::final_score(root);
      result.score = 100 * (G::side_to_move(root) == 0 ? first : -first);
      result.exact = true;
      return finish();
    }
    if (moves.size() == 1) {
      result.best = moves[0];
      result.pv = {moves[0]};
      return finish();
    }

    // Step 3. Keep the subtree of this position from the previous search, or start afresh.
    reuse_or_reset(root);
    if (nodes_[0].count == 0) expand(0, root);

    // Step 4. Playouts until a limit is reached.
    max_depth_ = 0;
    std::uint64_t playouts = 0;
    while (true) {
      simulate(root);
      ++playouts;
      if (max_playouts > 0 && playouts >= max_playouts) break;
      if (deadline.check()) break;
    }

    // Step 5. The most visited move, its value, the principal variation.
    const std::uint32_t best = most_visited(0);
    const Node& b = nodes_[best];
    result.best = b.move;
    const double q = b.visits > 0 ? b.value / b.visits : 0.5;
    const double clamped = std::clamp(q, 1e-6, 1 - 1e-6);
    result.score = static_cast<int>(std::lround(
        std::clamp(settings_.eval_scale * std::log(clamped / (1 - clamped)), -30000.0, 30000.0)));
    result.nodes = playouts;
    result.depth = max_depth_;
    for (std::uint32_t n = best;;) {
      result.pv.push_back(nodes_[n].move);
      if (nodes_[n].count == 0 || nodes_[n].visits == 0) break;
      n = most_visited(n);
      if (nodes_[n].visits == 0) break;
    }
    return finish();
  }

  /// Nodes in the tree now (root included), for tests of reuse and memory.
  [[nodiscard]] std::size_t tree_size() const { return nodes_.size(); }

 private:
  /// A tree node (field: meaning). Children of a node are nodes_[first, first + count).
  struct Node {
    Move move{};               ///< the move that led here (root: unused)
    std::uint32_t first = 0;   ///< index of the first child; 0 = not expanded
    std::uint32_t count = 0;   ///< number of children
    float prior = 0;           ///< P, sums to 1 over the siblings
    std::uint32_t visits = 0;  ///< n
    float value = 0;           ///< sum of results, view of the player who made `move`
    std::uint32_t rave_visits = 0;
    float rave_value = 0;  ///< AMAF sum, same view
  };

  static constexpr std::uint32_t kUnplayed = 0xFFFFFFFFU;

  /// SplitMix64's finaliser (Steele, Lea, Flood 2014), to spread seeds.
  static std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27U)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31U);
  }

  /// A uniform real in [0, 1) from 53 random bits.
  double uniform() { return static_cast<double>(rng_() >> 11U) * 0x1.0p-53; }

  /// Step 3 of search: the node of `root` among the expanded nodes one or two plies below the
  /// previous root becomes the new root (its subtree copied to the front of the pool);
  /// otherwise the tree starts with a single root.
  void reuse_or_reset(const Position& root) {
    const std::uint64_t key = G::hash(root);
    const auto is_root = [&](const Position& q) {
      return G::hash(q) == key && G::ply(q) == G::ply(root);
    };
    if (has_root_ && !nodes_.empty() && is_root(root_)) return;  // the same position again
    std::uint32_t found = 0;
    if (has_root_ && !nodes_.empty()) {
      const Node& top = nodes_[0];
      for (std::uint32_t c = top.first; found == 0 && c < top.first + top.count; ++c) {
        if (nodes_[c].first == 0) continue;
        const Position one = G::play(root_, nodes_[c].move);
        if (is_root(one)) {
          found = c;
          break;
        }
        for (std::uint32_t g = nodes_[c].first; g < nodes_[c].first + nodes_[c].count; ++g) {
          if (nodes_[g].first != 0 && is_root(G::play(one, nodes_[g].move))) {
            found = g;
            break;
          }
        }
      }
    }
    if (found != 0) {
      // Breadth-first copy: each child block moves as a block, so indices stay contiguous.
      std::vector<Node> kept;
      kept.reserve(nodes_.size());
      kept.push_back(nodes_[found]);
      for (std::size_t i = 0; i < kept.size(); ++i) {
        if (kept[i].first == 0) continue;
        const std::uint32_t from = kept[i].first;
        kept[i].first = static_cast<std::uint32_t>(kept.size());
        kept.insert(kept.end(), nodes_.begin() + from, nodes_.begin() + from + kept[i].count);
      }
      nodes_ = std::move(kept);
    } else {
      nodes_.assign(1, Node{});
    }
    root_ = root;
    has_root_ = true;
  }

  /// Creates the children of node `n` at position p (not terminal) with their priors.
  void expand(std::uint32_t n, const Position& p) {
    MoveListOf<G> moves;
    G::generate_moves(p, moves);
    const std::size_t count = moves.size();
    if (count == 0 || nodes_.size() + count > capacity_) return;
    const auto first = static_cast<std::uint32_t>(nodes_.size());
    scores_.resize(count);
    prior_weights(p, moves);
    double total = 0;
    for (std::size_t i = 0; i < count; ++i) total += scores_[i];
    const int mover = G::side_to_move(p);
    for (std::size_t i = 0; i < count; ++i) {
      Node child;
      child.move = moves[i];
      child.prior = static_cast<float>(scores_[i] / total);
      if (settings_.prior_visits > 0) {
        // Prior knowledge as virtual visits at the evaluation's value (Pentobi's "prior
        // knowledge" initialises count and value of new nodes the same way).
        const double first_wins = static_value(G::play(p, moves[i]));
        child.visits = static_cast<std::uint32_t>(settings_.prior_visits);
        child.value =
            static_cast<float>(settings_.prior_visits * (mover == 0 ? first_wins : 1 - first_wins));
      }
      nodes_.push_back(child);
    }
    nodes_[n].first = first;
    nodes_[n].count = static_cast<std::uint32_t>(count);
  }

  /// scores_[i] = the unnormalised prior of moves[i]: the game's playout weight to the power
  /// prior_power (prior_power > 0 and the game has the hook), else the order-score softmax.
  void prior_weights(const Position& p, const MoveListOf<G>& moves) {
    if constexpr (HasPlayoutWeights<G>) {
      if (settings_.prior_power > 0) {
        G::playout_weights(p, moves, scores_);
        for (double& w : scores_) w = std::pow(w, settings_.prior_power);
        return;
      }
    }
    softmax_weights(p, moves, settings_.prior_temperature);
  }

  /// scores_[i] = exp((s_i - max s) / T) for the moves' order scores s, or 1 for all when the
  /// game has no ordering key or T = 0 (uniform).
  void softmax_weights(const Position& p, const MoveListOf<G>& moves, double temperature) {
    const std::size_t count = moves.size();
    scores_.resize(count);
    if constexpr (HasOrderScore<G>) {
      if (temperature > 0) {
        double top = -1e300;
        for (std::size_t i = 0; i < count; ++i) {
          scores_[i] = G::order_score(p, moves[i]);
          top = std::max(top, scores_[i]);
        }
        for (std::size_t i = 0; i < count; ++i) {
          scores_[i] = std::exp((scores_[i] - top) / temperature);
        }
        return;
      }
    }
    std::fill(scores_.begin(), scores_.end(), 1.0);
  }

  /// The child of `n` maximising Q' + c P sqrt(N) / (1 + n) (N: its children's visits); Q' blends
  /// RAVE when on, and an unvisited child without AMAF data takes the mean of its visited siblings
  /// (first-play urgency).
  std::uint32_t select(std::uint32_t n) const {
    const Node& parent = nodes_[n];
    double visited_value = 0;
    std::uint64_t visited = 0;
    for (std::uint32_t c = parent.first; c < parent.first + parent.count; ++c) {
      visited_value += nodes_[c].value;
      visited += nodes_[c].visits;
    }
    const double fpu = visited > 0 ? visited_value / static_cast<double>(visited) : 0.5;
    const double sqrt_n = std::sqrt(static_cast<double>(std::max<std::uint64_t>(visited, 1)));
    const bool rave = rave_on();
    std::uint32_t best = parent.first;
    double best_score = -1e300;
    for (std::uint32_t c = parent.first; c < parent.first + parent.count; ++c) {
      const Node& ch = nodes_[c];
      double q = ch.visits > 0 ? ch.value / ch.visits : fpu;
      if (rave && ch.rave_visits > 0) {
        const double amaf = ch.rave_value / ch.rave_visits;
        const double beta = std::sqrt(settings_.rave / (3.0 * ch.visits + settings_.rave));
        q = (1 - beta) * q + beta * amaf;
      }
      const double u = settings_.exploration * ch.prior * sqrt_n / (1.0 + ch.visits);
      if (q + u > best_score) {
        best_score = q + u;
        best = c;
      }
    }
    return best;
  }

  [[nodiscard]] bool rave_on() const {
    if constexpr (HasMoveKey<G>) return settings_.rave > 0;
    return false;
  }

  /// The most visited child of n (ties: higher mean value, then the earlier child).
  std::uint32_t most_visited(std::uint32_t n) const {
    const Node& parent = nodes_[n];
    std::uint32_t best = parent.first;
    for (std::uint32_t c = parent.first + 1; c < parent.first + parent.count; ++c) {
      const Node& a = nodes_[c];
      const Node& b = nodes_[best];
      if (a.visits > b.visits ||
          (a.visits == b.visits && a.visits > 0 &&
           static_cast<double>(a.value) * b.visits > static_cast<double>(b.value) * a.visits)) {
        best = c;
      }
    }
    return best;
  }

  /// Records that `side` played `m` at simulation ply `ply` (first occurrence counts).
  void note_move(int side, const Move& m, std::size_t ply) {
    if constexpr (HasMoveKey<G>) {
      if (!rave_on() || G::is_pass(m)) return;
      std::uint32_t& stamp = first_ply_[static_cast<std::size_t>(side)][G::move_key(m)];
      if (stamp == kUnplayed) {
        stamp = static_cast<std::uint32_t>(ply);
        played_.push_back({side, G::move_key(m)});
      }
    }
  }

  /// One selection step from node n at position p: the selected child is played into p,
  /// appended to the path with its mover, and returned.
  std::uint32_t descend(std::uint32_t n, Position& p) {
    const std::uint32_t child = select(n);
    const int mover = G::side_to_move(p);
    note_move(mover, nodes_[child].move, path_.size() - 1);
    p = G::play(p, nodes_[child].move);
    path_.push_back(child);
    movers_.push_back(mover);
    return child;
  }

  /// One simulation: select to a leaf, expand it when visited often enough, play out, back up.
  void simulate(const Position& root) {
    // Step 1. Selection; path_[i] is a node and movers_[i] the player who made its move.
    Position p = root;
    path_.assign(1, 0);
    movers_.assign(1, 0);
    std::uint32_t n = 0;
    while (nodes_[n].count > 0) {
      n = descend(n, p);
    }
    // Step 2. Expansion, then one step into the new children.
    if (nodes_[n].visits >= static_cast<std::uint32_t>(settings_.expand) && !G::is_terminal(p)) {
      expand(n, p);
      if (nodes_[n].count > 0) {
        n = descend(n, p);
      }
    }
    max_depth_ = std::max(max_depth_, static_cast<int>(path_.size()) - 1);
    // Step 3. Playout to the cutoff (or the end) and its result for the first player.
    const double first_wins = playout(p, path_.size() - 1);
    // Step 4. Back-up, with AMAF updates of the siblings along the path.
    for (std::size_t i = 0; i < path_.size(); ++i) {
      Node& node = nodes_[path_[i]];
      const double r = movers_[i] == 0 ? first_wins : 1 - first_wins;
      ++node.visits;
      node.value += static_cast<float>(r);
      if (rave_on() && node.count > 0 && i + 1 < path_.size()) update_amaf(node, i, first_wins);
    }
    clear_stamps();
  }

  /// AMAF: every child of `node` (path step i) whose move its mover played at simulation ply
  /// >= i gets the result.
  void update_amaf(const Node& node, std::size_t i, double first_wins) {
    if constexpr (HasMoveKey<G>) {
      const int mover = movers_[i + 1];
      const double r = mover == 0 ? first_wins : 1 - first_wins;
      const auto& stamps = first_ply_[static_cast<std::size_t>(mover)];
      for (std::uint32_t c = node.first; c < node.first + node.count; ++c) {
        Node& ch = nodes_[c];
        if (G::is_pass(ch.move)) continue;
        const std::uint32_t at = stamps[G::move_key(ch.move)];
        if (at != kUnplayed && at >= i) {
          ++ch.rave_visits;
          ch.rave_value += static_cast<float>(r);
        }
      }
    } else {
      (void)node;
      (void)i;
      (void)first_wins;
    }
  }

  void clear_stamps() {
    if constexpr (HasMoveKey<G>) {
      for (const auto& [side, key] : played_)
        first_ply_[static_cast<std::size_t>(side)][key] = kUnplayed;
      played_.clear();
    }
  }

  /// Step 3 of simulate: plays from `start` (simulation ply `ply`) by the playout policy for
  /// at most `cutoff` plies, or to the end when cutoff < 0, and returns the first player's win
  /// probability: 1, 1/2, 0 at a finished game or a solved position, else the squashed
  /// evaluation.
  double playout(const Position& start, std::size_t ply) {
    Position p = start;  // by reference: a 32-byte-aligned position by value is a psABI change
    MoveListOf<G> moves;
    for (int step = 0;; ++step) {
      if (G::is_terminal(p)) return static_value(p);
      if constexpr (HasExactSolver<G>) {
        if (settings_.solve > 0 && G::exact_threshold_reached(p, settings_.solve)) {
          std::uint64_t solver_nodes = 0;
          const int mine = G::solve_exact(p, -1, 1, solver_nodes, nullptr);
          const int first = G::side_to_move(p) == 0 ? mine : -mine;
          return first > 0 ? 1.0 : first < 0 ? 0.0 : 0.5;
        }
      }
      if (settings_.cutoff >= 0 && step >= settings_.cutoff) return squashed_eval(p);
      G::generate_moves(p, moves);
      const Move m = moves[pick(p, moves)];
      note_move(G::side_to_move(p), m, ply + static_cast<std::size_t>(step));
      p = G::play(p, m);
    }
  }

  /// The first player's win probability by the evaluation: 1 / (1 + exp(-eval / eval_scale))
  /// for the side to move.
  double squashed_eval(const Position& p) {
    const double e = static_cast<double>(eval_(p)) / settings_.eval_scale;
    const double mover_wins = 1.0 / (1.0 + std::exp(-e));
    return G::side_to_move(p) == 0 ? mover_wins : 1 - mover_wins;
  }

  /// The first player's win probability at p without playing: the result of a finished game,
  /// else the squashed evaluation.
  double static_value(const Position& p) {
    if (G::is_terminal(p)) {
      const int first = G::final_score(p);
      return first > 0 ? 1.0 : first < 0 ? 0.0 : 0.5;
    }
    return squashed_eval(p);
  }

  /// The playout policy: an index into `moves` drawn with the game's playout weights
  /// (game_policy), else with weights softmax(order_score / T), uniform when T = 0.
  std::size_t pick(const Position& p, const MoveListOf<G>& moves) {
    const std::size_t count = moves.size();
    if (count == 1) return 0;
    bool weighted = false;
    if constexpr (HasPlayoutWeights<G>) {
      if (settings_.game_policy) {
        G::playout_weights(p, moves, scores_);
        weighted = true;
      }
    }
    if (!weighted) {
      bool uniform_pick = settings_.playout_temperature <= 0;
      if constexpr (!HasOrderScore<G>) uniform_pick = true;
      if (uniform_pick) return static_cast<std::size_t>(((rng_() >> 32U) * count) >> 32U);
      softmax_weights(p, moves, settings_.playout_temperature);
    }
    double total = 0;
    for (std::size_t i = 0; i < count; ++i) total += scores_[i];
    double u = uniform() * total;
    for (std::size_t i = 0; i < count; ++i) {
      if (u < scores_[i]) return i;
      u -= scores_[i];
    }
    return count - 1;  // rounding left u past the last interval
  }

  Eval eval_;
  MctsSettings settings_;
  std::size_t capacity_;     ///< node pool capacity from tree_mb
  std::vector<Node> nodes_;  ///< the pool; nodes_[0] is the root
  Position root_{};          ///< the position of nodes_[0]
  bool has_root_ = false;
  std::mt19937_64 rng_;
  std::vector<double> scores_;               ///< softmax scratch
  std::vector<std::uint32_t> path_;          ///< selection path of the current simulation
  std::vector<int> movers_;                  ///< the player who made each path node's move
  std::vector<std::uint32_t> first_ply_[2];  ///< per player and move key: first simulation ply
  std::vector<std::pair<int, std::size_t>> played_;  ///< stamps to reset after a simulation
  int max_depth_ = 0;
};

}  // namespace arena::core
