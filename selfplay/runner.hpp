// The per-game part of the parallel runner: TypedGamePlayer<G> plays one game id with a worker
// thread's own players, and Runner<G> is the WorkerPool (worker_pool.hpp, the game-free
// machinery: threads, stop, abort, errors) over a fixed list of ids or an IdSource.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "records/game_log.hpp"
#include "selfplay/game_run.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/play_game.hpp"
#include "selfplay/player.hpp"
#include "selfplay/schedule.hpp"
#include "selfplay/worker_pool.hpp"

namespace arena::selfplay {

/// Builds the player of engine `index` (an index into the run's engine list). Called once per
/// worker thread and engine; may throw (the run then fails with that exception).
template <core::Game G>
using PlayerFactory = std::function<std::unique_ptr<Player<G>>(int index)>;

/// What a game of G needs besides its id; the referenced objects must outlive the players.
template <core::Game G>
struct GameContext {
  const Schedule& schedule;
  const Openings<G>& openings;
  typename G::Rules rules;
  std::uint64_t seed;  ///< the run seed
  const PlaySettings& settings;
  const PlayerFactory<G>& factory;
};

/// One worker thread's games of G: the seats' players built from the factory on first use.
template <core::Game G>
class TypedGamePlayer final : public GamePlayer {
 public:
  explicit TypedGamePlayer(GameContext<G> context) : c_(context) {}

  std::optional<records::GameRecord> play(std::int64_t id, const std::atomic<bool>& abort) override {
    const Seats seats = c_.schedule.seats(id);
    GameSpec<G> spec;
    spec.id = id;
    spec.seed = derive_seed(c_.seed, kGameStream, static_cast<std::uint64_t>(id));
    spec.seats = seats;
    spec.rules = c_.rules;
    spec.opening = &c_.openings.for_pair(id / 2);
    return play_game<G>(spec, player(seats.first), player(seats.second), c_.settings, &abort);
  }

 private:
  Player<G>& player(int engine) {
    if (players_.size() <= static_cast<std::size_t>(engine)) players_.resize(engine + 1);
    auto& slot = players_[static_cast<std::size_t>(engine)];
    if (!slot) slot = c_.factory(engine);
    return *slot;
  }

  GameContext<G> c_;
  std::vector<std::unique_ptr<Player<G>>> players_;
};

/// Plays the pending games of a run of G (the WorkerPool's contracts apply).
template <core::Game G>
class Runner : public WorkerPool {
 public:
  /// `schedule`, `openings` and `writer` must outlive the runner. `pending` lists the ids to
  /// play, in the order they should start. `threads` >= 1.
  Runner(const Schedule& schedule, const Openings<G>& openings, typename G::Rules rules,
         std::uint64_t seed, PlaySettings settings, std::vector<std::int64_t> pending,
         PlayerFactory<G> factory, records::LogWriter* writer, GameCallback on_game, int threads)
      : Runner(schedule, openings, rules, seed, std::move(settings),
               list_source(std::move(pending)), std::move(factory), writer, std::move(on_game),
               threads) {}

  /// As above, with the ids drawn from `source` instead of a fixed list.
  Runner(const Schedule& schedule, const Openings<G>& openings, typename G::Rules rules,
         std::uint64_t seed, PlaySettings settings, IdSource source, PlayerFactory<G> factory,
         records::LogWriter* writer, GameCallback on_game, int threads)
      : WorkerPool(std::move(source),
                   [this] { return std::make_unique<TypedGamePlayer<G>>(context()); }, writer,
                   std::move(on_game), threads),
        schedule_(schedule),
        openings_(openings),
        rules_(rules),
        seed_(seed),
        settings_(std::move(settings)),
        factory_(std::move(factory)) {}

  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;
  /// The games in flight use the members: they end before the members do.
  ~Runner() { abort_and_join(); }

 private:
  /// The ids of `pending` in order, through one atomic counter.
  static IdSource list_source(std::vector<std::int64_t> pending) {
    auto ids = std::make_shared<const std::vector<std::int64_t>>(std::move(pending));
    auto next = std::make_shared<std::atomic<std::size_t>>(0);
    return [ids, next]() -> std::optional<std::int64_t> {
      const std::size_t i = next->fetch_add(1);
      if (i >= ids->size()) return std::nullopt;
      return (*ids)[i];
    };
  }

  GameContext<G> context() const {
    return {schedule_, openings_, rules_, seed_, settings_, factory_};
  }

  const Schedule& schedule_;
  const Openings<G>& openings_;
  typename G::Rules rules_;
  std::uint64_t seed_;
  PlaySettings settings_;
  PlayerFactory<G> factory_;
};

}  // namespace arena::selfplay
