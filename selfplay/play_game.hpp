// One game between two players from an opening: the game loop, the clocks, forfeits for
// crashes, illegal moves and flag falls, and the finished GameRecord. Game-generic.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/limits.hpp"
#include "selfplay/adjudication.hpp"
#include "selfplay/game_log.hpp"
#include "selfplay/player.hpp"
#include "selfplay/schedule.hpp"

namespace arena::selfplay {

/// One engine's limits and clock: the global flags under --each under its --engine entry.
struct SideSettings {
  core::SearchLimits limits;   ///< depth / nodes / movetime overrides (none = config's limits)
  int clock_ms = 0;            ///< game time of this side, ms (0 = no clock)
  int increment_ms = 0;        ///< added to this side's clock after each of its moves, ms
};

/// How games are played: each engine's limits and clock, softmax plies, eval recording.
struct PlaySettings {
  std::vector<SideSettings> engines;  ///< by engine index; an absent index has no overrides
  int temperature = 0;         ///< softmax temperature, centi-units (0 = off)
  int temperature_plies = 0;   ///< softmax while G::ply(position) < this (opening included)
  bool record_evals = false;
  Adjudication adjudication;   ///< --adjudicate rules (off by default)

  /// The settings of engine `index` (defaults when the list does not reach it).
  [[nodiscard]] SideSettings side(int index) const {
    const auto i = static_cast<std::size_t>(index);
    return i < engines.size() ? engines[i] : SideSettings{};
  }
};

/// Everything that identifies one game of a run.
template <core::Game G>
struct GameSpec {
  std::int64_t id = 0;
  std::uint64_t seed = 0;
  Seats seats{};                 ///< engine indices of the two players (their SideSettings)
  typename G::Rules rules{};
  const std::vector<typename G::Move>* opening = nullptr;  ///< legal from the initial position
};

/// Plays one game. Move seeds derive from (spec.seed, ply). A player that throws loses with
/// termination Crash, one that returns an illegal move loses with IllegalMove, one whose clock
/// runs out loses with Timeout; a forfeit scores -1 for the loser (first player's view: +-1).
/// settings.adjudication may end the game early (Adjudicated, see adjudication.hpp).
/// Returns nullopt when `abort` is set before the game ends (the game is abandoned unlogged).
template <core::Game G>
std::optional<GameRecord> play_game(const GameSpec<G>& spec, Player<G>& first, Player<G>& second,
                                    const PlaySettings& settings,
                                    const std::atomic<bool>* abort = nullptr) {
  using Clock = std::chrono::steady_clock;
  const auto game_start = Clock::now();
  GameRecord rec;
  rec.id = spec.id;
  rec.pair = spec.id / 2;
  rec.seed = spec.seed;
  rec.first = first.name();
  rec.second = second.name();

  // Step 1: the opening (validated when the openings were built).
  auto p = G::initial(spec.rules);
  for (const auto& m : *spec.opening) {
    rec.opening.push_back(G::format_move(p, m));
    p = G::play(p, m);
  }
  first.new_game();
  second.new_game();

  // Step 2: the players alternate until the game ends or someone forfeits.
  const SideSettings sides[2] = {settings.side(spec.seats.first), settings.side(spec.seats.second)};
  int clock_ms[2] = {sides[0].clock_ms, sides[1].clock_ms};
  core::MoveListOf<G> legal;
  const auto forfeit = [&](int loser, Termination why, std::string reason) {
    rec.termination = why;
    rec.reason = std::move(reason);
    rec.score = loser == 0 ? -1 : 1;
  };
  const auto adjudicate = [&](AdjudicatedResult r) {
    rec.termination = Termination::Adjudicated;
    rec.reason = std::move(r.reason);
    rec.score = r.score;
  };
  ScoreAdjudicator by_score(settings.adjudication);
  while (!G::is_terminal(p)) {
    if (abort != nullptr && abort->load(std::memory_order_relaxed)) return std::nullopt;
    if (auto exact = adjudicate_exact<G>(p, settings.adjudication)) {
      adjudicate(std::move(*exact));
      break;
    }
    const int side = G::side_to_move(p);
    Player<G>& mover = side == 0 ? first : second;
    const SideSettings& own = sides[side];
    MoveRequest request;
    request.limits = own.limits;
    if (own.clock_ms > 0) {
      request.limits.time_left_ms = clock_ms[side];
      request.limits.increment_ms = own.increment_ms;
    }
    request.seed = derive_seed(spec.seed, kGameStream, static_cast<std::uint64_t>(G::ply(p)));
    request.temperature = G::ply(p) < settings.temperature_plies ? settings.temperature : 0;
    request.abort = abort;

    const auto move_start = Clock::now();
    MoveChoice<G> choice;
    try {
      choice = mover.choose(p, request);
    } catch (const PlayerFault& e) {
      forfeit(side, e.termination(), mover.name() + ": " + e.what());
      break;
    } catch (const std::exception& e) {
      forfeit(side, Termination::Crash, mover.name() + " threw: " + e.what());
      break;
    }
    const double ms =
        std::chrono::duration<double, std::milli>(Clock::now() - move_start).count();
    if (abort != nullptr && abort->load(std::memory_order_relaxed)) return std::nullopt;

    G::generate_moves(p, legal);
    if (std::find(legal.begin(), legal.end(), choice.move) == legal.end()) {
      forfeit(side, Termination::IllegalMove,
              mover.name() + " returned an illegal move at ply " + std::to_string(G::ply(p)) +
                  " in position " + G::format_position(p));
      break;
    }
    if (own.clock_ms > 0) {
      clock_ms[side] -= static_cast<int>(ms);
      if (clock_ms[side] < 0) {
        forfeit(side, Termination::Timeout,
                mover.name() + " exceeded its clock at ply " + std::to_string(G::ply(p)));
        break;
      }
      clock_ms[side] += own.increment_ms;
    }
    rec.moves.push_back(G::format_move(p, choice.move));
    rec.times.push_back(std::llround(ms));
    if (settings.record_evals) {
      if (choice.eval) choice.eval->ms = ms;
      rec.evals.push_back(choice.eval);
    }
    p = G::play(p, choice.move);
    if (auto by_eval = by_score.add(choice.eval ? std::optional<int>(choice.eval->score) : std::nullopt,
                                    side, G::is_pass(choice.move))) {
      if (!G::is_terminal(p)) {
        adjudicate(std::move(*by_eval));
        break;
      }
    }
  }
  // Step 3: the result, unless a forfeit already set it.
  if (rec.termination == Termination::Normal) rec.score = G::final_score(p);
  rec.ms = std::chrono::duration<double, std::milli>(Clock::now() - game_start).count();
  return rec;
}

}  // namespace arena::selfplay
