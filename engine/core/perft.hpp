// Generic perft: counts the move sequences of exactly N plies from a position, for any game of
// the core::Game concept. It measures move generation and make-move (no hash table), and pins
// the rules against published counts (tests/data/othello/perft.md, tests/data/blokus/counts.md).
//
// Convention: every move generate_moves lists is one ply, a forced pass included; a game that
// ends before ply N contributes nothing at the deeper plies (Edax's "sequences" column).
#pragma once

#include <concepts>
#include <cstdint>
#include <vector>

#include "engine/core/game.hpp"

namespace arena::core {

/// Optional bulk-count hook: `G::count_moves(p)` returns the number of moves generate_moves
/// would list for p (Othello: a popcount of the move mask), so the last ply needs no list and
/// no make-move.
template <class G>
concept HasCountMoves = requires(const typename G::Position& p) {
  { G::count_moves(p) } -> std::convertible_to<std::uint64_t>;
};

/// Optional leaf rule: `G::perft_counts_pass(p)` says whether a forced pass of p counts as a
/// sequence at the ply where it is played (default: yes). A pass is still played through to
/// the deeper plies either way. Blokus Duo's published counts do not count passes.
template <class G>
concept HasPerftPassRule = requires(const typename G::Position& p) {
  { G::perft_counts_pass(p) } -> std::convertible_to<bool>;
};

namespace detail {

template <Game G>
std::uint64_t leaves_after(const typename G::Position& p, const MoveListOf<G>& list) {
  if constexpr (HasPerftPassRule<G>) {
    if (list.size() == 1 && G::is_pass(list[0]) && !G::perft_counts_pass(p)) return 0;
  }
  return list.size();
}

/// Adds to counts[0] the sequences of one ply from p, to counts[1] those of two plies, ...,
/// to counts[depth - 1] those of `depth` plies.
template <Game G>
void perft_into(const typename G::Position& p, int depth, std::uint64_t* counts) {
  if constexpr (HasCountMoves<G> && !HasPerftPassRule<G>) {
    if (depth == 1) {
      counts[0] += G::count_moves(p);
      return;
    }
  }
  MoveListOf<G> list;
  G::generate_moves(p, list);
  counts[0] += leaves_after<G>(p, list);
  if (depth == 1) return;
  for (const auto& m : list) perft_into<G>(G::play(p, m), depth - 1, counts + 1);
}

}  // namespace detail

/// Per-ply sequence counts from p: element k (0-based) is the number of move sequences of
/// exactly k + 1 plies. depth >= 1; the last element is perft(depth). Single-threaded; the
/// caller times it.
template <Game G>
[[nodiscard]] std::vector<std::uint64_t> perft(const typename G::Position& p, int depth) {
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(depth > 0 ? depth : 0), 0);
  if (depth > 0) detail::perft_into<G>(p, depth, counts.data());
  return counts;
}

}  // namespace arena::core
