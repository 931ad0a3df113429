// Mock players for the runner's tests: random (uniform legal move from the request's seed),
// throwing (crashes at a given ply), illegal (returns a pass while other moves exist).
#pragma once

#include <stdexcept>
#include <string>

#include "engine/core/game.hpp"
#include "selfplay/player.hpp"
#include "selfplay/schedule.hpp"

namespace arena::selfplay::testing {

template <core::Game G>
class RandomPlayer : public Player<G> {
 public:
  explicit RandomPlayer(std::string name) : name_(std::move(name)) {}
  [[nodiscard]] const std::string& name() const override { return name_; }
  void new_game() override { ++games_; }
  MoveChoice<G> choose(const typename G::Position& p, const MoveRequest& request) override {
    core::MoveListOf<G> legal;
    G::generate_moves(p, legal);
    MoveChoice<G> c;
    c.move = legal[SplitMix64(request.seed).below(legal.size())];
    c.eval = records::MoveEval{static_cast<int>(legal.size()), 1, 1, 0.0, std::nullopt};
    return c;
  }
  [[nodiscard]] int games() const { return games_; }

 private:
  std::string name_;
  int games_ = 0;
};

template <core::Game G>
class ThrowingPlayer : public RandomPlayer<G> {
 public:
  ThrowingPlayer(std::string name, int ply) : RandomPlayer<G>(std::move(name)), ply_(ply) {}
  MoveChoice<G> choose(const typename G::Position& p, const MoveRequest& request) override {
    if (G::ply(p) >= ply_) throw std::runtime_error("engine exploded");
    return RandomPlayer<G>::choose(p, request);
  }

 private:
  int ply_;
};

template <core::Game G>
class IllegalPlayer : public RandomPlayer<G> {
 public:
  using RandomPlayer<G>::RandomPlayer;
  MoveChoice<G> choose(const typename G::Position& p, const MoveRequest& request) override {
    core::MoveListOf<G> legal;
    G::generate_moves(p, legal);
    if (legal.size() > 1 || !G::is_pass(legal[0])) return {G::pass_move(), std::nullopt, std::nullopt};
    return RandomPlayer<G>::choose(p, request);
  }
};

}  // namespace arena::selfplay::testing
