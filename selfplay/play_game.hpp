// One game between two players from an opening: the game loop, the clocks, forfeits for
// crashes, illegal moves and flag falls, and the finished GameRecord. Game-generic: the
// clocks and the record's endings are plain code (play_game.cpp), the steps that touch G's
// positions a class template.
#pragma once

#include <algorithm>
#include <array>
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
#include "records/game_log.hpp"
#include "selfplay/player.hpp"
#include "selfplay/schedule.hpp"
#include "selfplay/side_settings.hpp"

namespace arena::selfplay {

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

/// The two clocks of one game and the requests they give (play_game.cpp).
class GameClocks {
 public:
  GameClocks(const SideSettings& first, const SideSettings& second);

  /// The settings of `side` (0 first, 1 second).
  [[nodiscard]] const SideSettings& side(int side) const { return sides_[side]; }

  /// Puts `side`'s limits and clock into `request` (a clock of 0 ms left is sent as 1: 0 would
  /// mean no clock) and both clocks into `so_far`.
  void fill(int side, MoveRequest& request, GameSoFar& so_far) const;

  /// Charges a move of `ms` to `side`: the whole ms, capped at the clock (the clock the
  /// engines are told is this one), plus the increment. Returns the ms charged, or nullopt
  /// when the move overran the clock by more than the side's margin (a flag fall).
  [[nodiscard]] std::optional<int> charge(int side, double ms);

  /// The ms by which `side`'s moves overran its clock within its margin (forgiven), so far.
  [[nodiscard]] std::int64_t forgiven_ms(int side) const { return forgiven_ms_[side]; }

 private:
  SideSettings sides_[2];
  int left_ms_[2];
  std::int64_t forgiven_ms_[2] = {0, 0};
};

/// Each side's forgiven overruns in finished game `g` ([first player, second player], ms):
/// GameClocks replayed over g.times, the sides taking turns after the opening (a pass is a
/// move). Zero for games without a clock or without recorded times.
[[nodiscard]] std::array<std::int64_t, 2> forgiven_overruns(const records::GameRecord& g,
                                                            const SideSettings& first,
                                                            const SideSettings& second);

/// CPU time the calling thread has used so far, ms (CLOCK_THREAD_CPUTIME_ID).
[[nodiscard]] double thread_cpu_ms();

/// Ends `rec` by a forfeit of `loser` (0 first, 1 second): score -1 for the loser (first
/// player's view: +-1), left open for a resignation.
void forfeit(records::GameRecord& rec, int loser, records::Termination why, std::string reason);

/// Ends `rec` by adjudication with its score and reason.
void adjudicate(records::GameRecord& rec, AdjudicatedResult r);

/// One game of G being played (play_game's steps).
template <core::Game G>
class GamePlay {
 public:
  GamePlay(const GameSpec<G>& spec, Player<G>& first, Player<G>& second,
           const PlaySettings& settings, const std::atomic<bool>* abort)
      : spec_(spec),
        players_{&first, &second},
        settings_(settings),
        abort_(abort),
        clocks_(settings.side(spec.seats.first), settings.side(spec.seats.second)),
        by_score_(settings.adjudication),
        p_(G::initial(spec.rules)) {}

  /// The game to its end; nullopt when aborted.
  std::optional<records::GameRecord> play() {
    const auto game_start = Clock::now();
    play_opening();
    players_[0]->new_game();
    players_[1]->new_game();
    // Step 2: the players alternate until the game ends or someone forfeits.
    while (!G::is_terminal(p_)) {
      const Step step = move();
      if (step == Step::Aborted) return std::nullopt;
      if (step == Step::Ended) break;
    }
    // Step 3: the result, unless a forfeit or adjudication already set it.
    if (rec_.termination == records::Termination::Normal) rec_.score = G::final_score(p_);
    rec_.ms = std::chrono::duration<double, std::milli>(Clock::now() - game_start).count();
    return rec_;
  }

 private:
  using Clock = std::chrono::steady_clock;
  enum class Step { Next, Ended, Aborted };

  [[nodiscard]] bool aborted() const {
    return abort_ != nullptr && abort_->load(std::memory_order_relaxed);
  }

  /// Step 1: the record's identity and the opening (validated when the openings were built).
  void play_opening() {
    rec_.id = spec_.id;
    rec_.pair = spec_.id / 2;
    rec_.seed = spec_.seed;
    rec_.first = players_[0]->name();
    rec_.second = players_[1]->name();
    so_far_.id = spec_.id;
    for (const auto& m : *spec_.opening) {
      rec_.opening.push_back(G::format_move(p_, m));
      so_far_.moves.push_back(rec_.opening.back());
      so_far_.charged_ms.push_back(0);
      p_ = G::play(p_, m);
    }
    so_far_.opening_plies = so_far_.moves.size();
  }

  /// What the side to move is asked: its limits and clock, the ply's seed and temperature.
  MoveRequest request_for(int side) {
    MoveRequest request;
    clocks_.fill(side, request, so_far_);
    request.seed = derive_seed(spec_.seed, kGameStream, static_cast<std::uint64_t>(G::ply(p_)));
    request.temperature = G::ply(p_) < settings_.temperature_plies ? settings_.temperature : 0;
    request.abort = abort_;
    request.game = &so_far_;
    return request;
  }

  /// One move: adjudication by an exact solve, the mover's choice (a throw forfeits), its
  /// legality and clock, then the move played and recorded, and adjudication by score.
  Step move() {
    if (aborted()) return Step::Aborted;
    if (auto exact = adjudicate_exact<G>(p_, settings_.adjudication)) {
      adjudicate(rec_, std::move(*exact));
      return Step::Ended;
    }
    const int side = G::side_to_move(p_);
    Player<G>& mover = *players_[side];
    const MoveRequest request = request_for(side);
    const auto move_start = Clock::now();
    const double cpu_start = thread_cpu_ms();
    MoveChoice<G> choice;
    try {
      choice = mover.choose(p_, request);
    } catch (const PlayerFault& e) {
      forfeit(rec_, side, e.termination(), mover.name() + ": " + e.what());
      return Step::Ended;
    } catch (const std::exception& e) {
      forfeit(rec_, side, records::Termination::Crash, mover.name() + " threw: " + e.what());
      return Step::Ended;
    }
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - move_start).count();
    const double cpu_ms = thread_cpu_ms() - cpu_start + choice.process_cpu_ms.value_or(0.0);
    if (aborted()) return Step::Aborted;
    G::generate_moves(p_, legal_);
    if (std::find(legal_.begin(), legal_.end(), choice.move) == legal_.end()) {
      forfeit(rec_, side, records::Termination::IllegalMove,
              mover.name() + " returned an illegal move at ply " + std::to_string(G::ply(p_)) +
                  " in position " + G::format_position(p_));
      return Step::Ended;
    }
    const std::optional<int> charged = clocks_.charge(side, ms);
    if (!charged) {
      forfeit(rec_, side, records::Termination::Timeout,
              mover.name() + " exceeded its clock at ply " + std::to_string(G::ply(p_)));
      return Step::Ended;
    }
    record(choice, ms, cpu_ms, *charged);
    p_ = G::play(p_, choice.move);
    const auto by_eval = by_score_.add(
        choice.eval ? std::optional<int>(choice.eval->score) : std::nullopt, side,
        G::is_pass(choice.move));
    if (by_eval && !G::is_terminal(p_)) {
      adjudicate(rec_, std::move(*by_eval));
      return Step::Ended;
    }
    return Step::Next;
  }

  /// The chosen move (legal in p_) in the record and the game so far, with its wall and CPU
  /// time (ms).
  void record(MoveChoice<G>& choice, double ms, double cpu_ms, int charged) {
    rec_.moves.push_back(G::format_move(p_, choice.move));
    rec_.times.push_back(std::llround(ms));
    rec_.cpu.push_back(std::llround(cpu_ms));
    so_far_.moves.push_back(rec_.moves.back());
    so_far_.charged_ms.push_back(charged);
    if (settings_.record_evals) {
      if (choice.eval) choice.eval->ms = ms;
      rec_.evals.push_back(choice.eval);
    }
  }

  const GameSpec<G>& spec_;
  Player<G>* players_[2];
  const PlaySettings& settings_;
  const std::atomic<bool>* abort_;
  GameClocks clocks_;
  ScoreAdjudicator by_score_;
  records::GameRecord rec_;
  GameSoFar so_far_;
  typename G::Position p_;  ///< the position now (G's initial position before the opening)
  core::MoveListOf<G> legal_;
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
std::optional<records::GameRecord> play_game(const GameSpec<G>& spec, Player<G>& first, Player<G>& second,
                                    const PlaySettings& settings,
                                    const std::atomic<bool>* abort = nullptr) {
  return GamePlay<G>(spec, first, second, settings, abort).play();
}

}  // namespace arena::selfplay
