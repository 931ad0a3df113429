// `arena tune --method book`: an opening book learned from game records (WTHOR databases,
// arena's own logs), written in the format of engine/core/opening_book.hpp beside a copy of
// the --init config that plays from it.
//
// Step 1. Every position of every game before ply --book-plies is taken in its canonical
//         orientation (its images under the game's board symmetries share one entry), and the
//         move played there is counted with the game's final score from the mover's view.
// Step 2. A move played in at least --book-games games is a book move. With --book-depth D,
//         each position a book move leads to that has no book move itself (a leaf) is searched
//         D plies deep by the --init config (its book off, a fresh table each: the values do
//         not depend on the threads).
// Step 3. A book move's VALUE is the negamax value through the book: minus the best VALUE of
//         the position it leads to when that position has book moves, else minus the leaf's
//         search value (--book-depth), else the MEAN of its games' final scores. Minimax over
//         the moves the games chose (the game-tree-from-games book of Buro's "Toward Opening
//         Book Learning", ICCA Journal 22(2), 1999, which also searches deviations from the
//         played moves; this book does not, so it keeps to the lines the games played).
// Step 4. Positions with book moves are written, moves best VALUE first (ties: more games,
//         then notation), positions by ply then notation: the same games give the same file.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/core/opening_book.hpp"
#include "engine/core/text_file.hpp"
#include "tune/engine_pool.hpp"
#include "tune/fit.hpp"
#include "tune/inputs.hpp"
#include "tune/options.hpp"
#include "tune/report.hpp"
#include "tune/tune.hpp"

namespace arena::tune {

/// The book's provenance comments and the config's: counts and options (non-template).
[[nodiscard]] std::vector<std::string> book_method_lines(const TuneOptions& o,
                                                        const TuneReport& report);

/// Writes `book_text` beside o.out (o.out with the extension .book) and o.out: `init` named
/// report.name with [book] file = that book and its side files referred to relative to
/// o.out's folder, after `comments`. Fills report.out and report.weights_file (the book's
/// path). Throws InputError when either file cannot be written.
void write_book_config(const TuneOptions& o, const core::EngineConfig& init,
                       const std::string& book_text, const std::vector<std::string>& comments,
                       TuneReport& report);

namespace detail {

/// Step 1's counts at one canonical position: per move (in that orientation), the games
/// and the sum of their scores (mover's view).
template <class Position, class Move>
struct BookNode {
  Position position{};
  int ply = 0;
  std::vector<std::tuple<Move, std::uint64_t, double>> moves;  ///< move, games, score sum
};

}  // namespace detail

/// Step 2's searches: the value of each position of `leaves` (side to move's view, game
/// units) searched o.book_depth plies by `init` with its book off, one engine per thread and
/// a fresh table per position; the nodes into report.sampling.search_nodes.
template <core::Game G>
[[nodiscard]] std::vector<double> search_book_leaves(const TuneOptions& o,
                                                     const core::EngineConfig& init,
                                                     const std::vector<typename G::Position>& leaves,
                                                     TuneReport& report, const Progress& progress) {
  core::EngineConfig cfg = init;
  cfg.book_file.clear();
  std::vector<double> values(leaves.size(), 0.0);
  const auto search = [&](core::Engine<G>& engine, std::size_t i) {
    std::uint64_t nodes = 0;
    values[i] = engine.search_value(leaves[i], o.book_depth, nodes) / 100.0;
    return nodes;
  };
  const auto done = [&](std::size_t total, std::size_t chunk) {
    if (progress && total % 500 < chunk) {
      progress("tune: searched " + std::to_string(total) + "/" + std::to_string(leaves.size()) +
               " book leaves to depth " + std::to_string(o.book_depth));
    }
  };
  report.sampling.search_nodes = search_each<G>(cfg, 0, leaves.size(), 4, search, done);
  report.sampling.searched = leaves.size();
  return values;
}

/// The opening book of `games` (see the file comment) as entries in file order, leaves
/// searched by `init` when o.book_depth > 0; fills report.book_positions, report.book_moves
/// and, with searches, report.sampling's searched and search_nodes. Throws InputError when
/// the games differ in rules or a game holds a move that is not legal (a record the readers
/// let through), and as Engine's constructor for a bad `init`.
template <core::Game G>
[[nodiscard]] std::vector<core::BookEntry<typename G::Position, typename G::Move>> learn_book(
    const TuneOptions& o, const core::EngineConfig& init, const std::vector<TrainingGame>& games,
    TuneReport& report, const Progress& progress = {}) {
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Node = detail::BookNode<Position, Move>;
  // Step 1. Counts per canonical position, keyed by G::hash.
  std::unordered_map<std::uint64_t, Node> nodes;
  for (const TrainingGame& g : games) {
    if (g.rules != games.front().rules) {
      throw InputError(g.source + ": rules '" + g.rules + "' differ from '" +
                       games.front().rules + "' of " + games.front().source +
                       " (a book is for one set of rules)");
    }
    Position p = G::initial(G::parse_rules(g.rules));
    for (std::size_t i = 0; i < g.moves.size() && G::ply(p) < o.book_plies; ++i) {
      const Move m = G::parse_move(p, g.moves[i]);
      if (!G::is_pass(m)) {
        const auto [image, k] = core::canonical_image<G>(p);
        Node& node = nodes[G::hash(image)];
        if (node.moves.empty()) {
          node.position = image;
          node.ply = G::ply(p);
        }
        const Move mapped = core::symmetric_move<G>(m, k);
        const double score = G::side_to_move(p) == 0 ? g.score : -g.score;
        auto it = std::find_if(node.moves.begin(), node.moves.end(),
                               [&](const auto& t) { return std::get<0>(t) == mapped; });
        if (it == node.moves.end()) {
          node.moves.emplace_back(mapped, 0, 0.0);
          it = std::prev(node.moves.end());
        }
        ++std::get<1>(*it);
        std::get<2>(*it) += score;
      }
      p = G::play(p, m);
    }
  }
  // Step 2. Book moves; with --book-depth, the leaves they lead to, searched.
  const auto min_games = static_cast<std::uint64_t>(o.book_games);
  const auto has_book_move = [&](std::uint64_t key) {
    const auto it = nodes.find(key);
    return it != nodes.end() &&
           std::any_of(it->second.moves.begin(), it->second.moves.end(),
                       [&](const auto& t) { return std::get<1>(t) >= min_games; });
  };
  std::unordered_map<std::uint64_t, double> leaf_value;  ///< by G::hash of the canonical image
  if (o.book_depth > 0) {
    std::vector<Position> leaves;
    std::vector<std::uint64_t> keys;
    for (const auto& [key, node] : nodes) {
      for (const auto& [m, n, sum] : node.moves) {
        if (n < min_games) continue;
        const Position child = core::canonical_image<G>(G::play(node.position, m)).first;
        const std::uint64_t h = G::hash(child);
        if (has_book_move(h) || !leaf_value.emplace(h, 0.0).second) continue;
        leaves.push_back(child);
        keys.push_back(h);
      }
    }
    const std::vector<double> values = search_book_leaves<G>(o, init, leaves, report, progress);
    for (std::size_t i = 0; i < leaves.size(); ++i) leaf_value[keys[i]] = values[i];
  }
  // Step 3. Negamax values through the book, memoised (plies only grow: no cycles).
  std::unordered_map<std::uint64_t, std::vector<core::BookMove<Move>>> book;
  std::function<const std::vector<core::BookMove<Move>>&(std::uint64_t, const Node&)> solve =
      [&](std::uint64_t key, const Node& node) -> const std::vector<core::BookMove<Move>>& {
    if (const auto it = book.find(key); it != book.end()) return it->second;
    std::vector<core::BookMove<Move>> moves;
    for (const auto& [m, n, sum] : node.moves) {
      if (n < min_games) continue;
      core::BookMove<Move> bm{m, n, sum / static_cast<double>(n), sum / static_cast<double>(n)};
      const std::uint64_t h = G::hash(core::canonical_image<G>(G::play(node.position, m)).first);
      if (const auto c = nodes.find(h); c != nodes.end() && has_book_move(h)) {
        bm.value = -solve(c->first, c->second).front().value;
      } else if (const auto l = leaf_value.find(h); l != leaf_value.end()) {
        bm.value = -l->second;
      }
      moves.push_back(bm);
    }
    std::sort(moves.begin(), moves.end(), [&](const auto& a, const auto& b) {
      if (a.value != b.value) return a.value > b.value;
      if (a.games != b.games) return a.games > b.games;
      return G::format_move(node.position, a.move) < G::format_move(node.position, b.move);
    });
    return book.emplace(key, std::move(moves)).first->second;
  };
  // Step 4. The entries in file order.
  std::vector<core::BookEntry<Position, Move>> entries;
  std::vector<std::tuple<int, std::string, std::size_t>> order;
  for (const auto& [key, node] : nodes) {
    const auto& moves = solve(key, node);
    if (moves.empty()) continue;
    order.emplace_back(node.ply, G::format_position(node.position), entries.size());
    entries.push_back({node.position, moves});
    report.book_moves += moves.size();
  }
  std::sort(order.begin(), order.end());
  std::vector<core::BookEntry<Position, Move>> sorted;
  sorted.reserve(entries.size());
  for (const auto& t : order) sorted.push_back(std::move(entries[std::get<2>(t)]));
  report.book_positions = sorted.size();
  return sorted;
}

/// The book of `games` written with o.out (see write_book_config); report.method "book".
/// Progress lines (the searches) go to `progress`. Throws InputError as learn_book does, for
/// no games, or an unwritable output.
template <core::Game G>
void tune_book(const TuneOptions& o, const core::EngineConfig& init,
               const std::vector<TrainingGame>& games, TuneReport& report,
               const Progress& progress) {
  if (games.empty()) throw InputError("--games: --method book needs at least one game");
  report.game = std::string(G::kName);
  report.init = o.init;
  report.name = o.name.empty() ? init.name + "-book" : o.name;
  report.features = init.features;
  report.sampling.games = games.size();
  const auto entries = learn_book<G>(o, init, games, report, progress);
  if (o.out.empty()) return;
  const auto comments = provenance_comments(o, init, report, book_method_lines(o, report));
  write_book_config(o, init,
                    core::format_book<G>(G::parse_rules(games.front().rules), comments, entries),
                    comments, report);
}

}  // namespace arena::tune
