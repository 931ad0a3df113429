// The fast bitboard kernels equal their slow references on many random positions.
#include <gtest/gtest.h>

#include <random>

#include "engine/othello/bitboard.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {
namespace {

/// Random disjoint (player, opponent) sets with a density drawn per position, so that sparse,
/// dense and nearly full boards all occur.
std::pair<Bitboard, Bitboard> random_discs(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> density(0.05, 0.98);
  std::bernoulli_distribution coin(0.5);
  const double d = density(rng);
  std::bernoulli_distribution occupied(d);
  Bitboard p = 0;
  Bitboard o = 0;
  for (int sq = 0; sq < 64; ++sq) {
    if (!occupied(rng)) continue;
    (coin(rng) ? p : o) |= square_bit(sq);
  }
  return {p, o};
}

TEST(Bitboard, LegalMovesMatchReferenceOnRandomBoards) {
  std::mt19937_64 rng(20261129);
  for (int i = 0; i < 20000; ++i) {
    const auto [p, o] = random_discs(rng);
    ASSERT_EQ(legal_moves_fast(p, o), legal_moves_reference(p, o)) << std::hex << p << " " << o;
  }
}

TEST(Bitboard, FlipsMatchReferenceOnEveryEmptySquare) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 5000; ++i) {
    const auto [p, o] = random_discs(rng);
    for (int sq = 0; sq < 64; ++sq) {
      if (((p | o) & square_bit(sq)) != 0) continue;
      ASSERT_EQ(flips_fast(sq, p, o), flips_reference(sq, p, o)) << sq << std::hex << " " << p << " " << o;
    }
  }
}

TEST(Bitboard, KernelsMatchReferenceAlongRandomGames) {
  std::mt19937_64 rng(11);
  for (int game = 0; game < 2000; ++game) {
    Position p = Othello::initial();
    core::MoveListOf<Othello> list;
    for (Othello::generate_moves(p, list); !list.empty(); Othello::generate_moves(p, list)) {
      ASSERT_EQ(Othello::move_mask(p), legal_moves_reference(p.player, p.opponent));
      const Move m = list[std::uniform_int_distribution<std::size_t>(0, list.size() - 1)(rng)];
      if (!Othello::is_pass(m)) {
        ASSERT_EQ(flips_fast(m.square, p.player, p.opponent),
                  flips_reference(m.square, p.player, p.opponent));
      }
      p = Othello::play(p, m);
    }
    ASSERT_TRUE(Othello::is_terminal(p));
  }
}

}  // namespace
}  // namespace arena::othello
