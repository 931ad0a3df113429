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
  /// How far one move may overrun the clock before it is a forfeit, ms; an overrun within it
  /// is forgiven and the clock stops at zero (cutechess-cli's timemargin). Outside programs:
  /// their margin_ms, which also extends the wait for their answer; arena's engines: 0.
  int margin_ms = 0;
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
/// termination Crash (or the PlayerFault's termination), one that returns an illegal move loses
/// with IllegalMove, one whose clock runs out loses with Timeout; a forfeit scores -1 for the
/// loser (first player's view: +-1). A resignation (PlayerFault Resign) is a loss whose score is
/// left open (GameRecord::score_open, the sign alone kept). settings.adjudication may end the
/// game early (Adjudicated, see adjudication.hpp). Each request carries the game so far
/// (GameSoFar) for players that tell it to an outside program.
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
  GameSoFar so_far;
  so_far.id = spec.id;
  for (const auto& m : *spec.opening) {
    rec.opening.push_back(G::format_move(p, m));
    so_far.moves.push_back(rec.opening.back());
    so_far.charged_ms.push_back(0);
    p = G::play(p, m);
  }
  so_far.opening_plies = so_far.moves.size();
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
    rec.score_open = why == Termination::Resign;
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
      request.limits.time_left_ms = std::max(clock_ms[side], 1);  // 0 would mean no clock
      request.limits.increment_ms = own.increment_ms;
    }
    request.seed = derive_seed(spec.seed, kGameStream, static_cast<std::uint64_t>(G::ply(p)));
    request.temperature = G::ply(p) < settings.temperature_plies ? settings.temperature : 0;
    request.abort = abort;
    so_far.clock_ms = own.clock_ms;
    so_far.increment_ms = own.increment_ms;
    so_far.time_left_ms[0] = clock_ms[0];
    so_far.time_left_ms[1] = clock_ms[1];
    request.game = &so_far;

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
    int charged = static_cast<int>(ms);
    if (own.clock_ms > 0) {
      if (charged > clock_ms[side] + own.margin_ms) {
        forfeit(side, Termination::Timeout,
                mover.name() + " exceeded its clock at ply " + std::to_string(G::ply(p)));
        break;
      }
      // The clock the engines are told (TI's replayed move times, time_left) is this one.
      charged = std::min(charged, clock_ms[side]);
      clock_ms[side] += own.increment_ms - charged;
    }
    rec.moves.push_back(G::format_move(p, choice.move));
    rec.times.push_back(std::llround(ms));
    so_far.moves.push_back(rec.moves.back());
    so_far.charged_ms.push_back(charged);
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
