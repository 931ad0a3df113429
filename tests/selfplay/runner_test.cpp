// The driver without engines: schedule arithmetic, openings, one game with mock players
// (random, throwing, illegal), the runner's determinism across thread counts, its stop, and
// its first error.
#include "selfplay/runner.hpp"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include <gtest/gtest.h>

#include "engine/core/errors.hpp"
#include "engine/othello/othello.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/play_game.hpp"
#include "selfplay/schedule.hpp"
#include "tests/selfplay/mock_players.hpp"
#include "tests/selfplay/replay.hpp"

namespace arena::selfplay {
namespace {

using othello::Othello;
using testing::IllegalPlayer;
using testing::RandomPlayer;
using testing::ThrowingPlayer;
using testing::replays_legally;

TEST(Schedule, RoundRobinGauntletAndSeats) {
  const Schedule rr(4, Format::RoundRobin, 20);
  EXPECT_EQ(rr.pairings(), (std::vector<Pairing>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  const Schedule g(4, Format::Gauntlet, 20);
  EXPECT_EQ(g.pairings(), (std::vector<Pairing>{{0, 1}, {0, 2}, {0, 3}}));
  // Pair 4 -> pairing 4 % 3 = 1 = (0, 2); game 9 is its odd game: seats swapped.
  EXPECT_EQ(g.seats(8).first, 0);
  EXPECT_EQ(g.seats(8).second, 2);
  EXPECT_EQ(g.seats(9).first, 2);
  EXPECT_EQ(g.seats(9).second, 0);
  EXPECT_EQ(Schedule(2, Format::Gauntlet, 7).pairs(), 4);
}

TEST(Schedule, ShardsPartitionTheIdsByPair) {
  const std::int64_t games = 11;
  std::set<std::int64_t> all;
  for (int i = 0; i < 3; ++i) {
    const Schedule s(2, Format::RoundRobin, games, Shard{i, 3});
    for (const auto id : s.shard_ids()) {
      EXPECT_EQ((id / 2) % 3, i);
      EXPECT_TRUE(all.insert(id).second);
    }
  }
  EXPECT_EQ(all.size(), static_cast<std::size_t>(games));
  EXPECT_THROW((void)parse_shard("3/3"), InputError);
  EXPECT_THROW((void)parse_shard("-1/2"), InputError);
  EXPECT_THROW((void)parse_shard("1"), InputError);
  EXPECT_EQ(parse_shard("2/5").count, 5);
}

TEST(Seeds, DeriveSeedSeparatesStreamsAndIndices) {
  std::set<std::uint64_t> seen;
  for (std::uint64_t i = 0; i < 1000; ++i) {
    EXPECT_TRUE(seen.insert(derive_seed(1, kGameStream, i)).second);
    EXPECT_TRUE(seen.insert(derive_seed(1, kOpeningStream, i)).second);
    EXPECT_TRUE(seen.insert(derive_seed(2, kGameStream, i)).second);
  }
}

TEST(Openings, RandomOpeningsAreDeterministicLegalAndDistinct) {
  const auto a = Openings<Othello>::random({}, 6, 42, 200);
  const auto b = Openings<Othello>::random({}, 6, 42, 200);
  std::set<std::uint64_t> finals;
  for (std::int64_t pair = 0; pair < 200; ++pair) {
    ASSERT_EQ(a.for_pair(pair), b.for_pair(pair));
    ASSERT_EQ(a.for_pair(pair).size(), 6U);
    auto p = Othello::initial({});
    for (const auto m : a.for_pair(pair)) p = Othello::play(p, m);
    finals.insert(Othello::hash(p));
  }
  EXPECT_EQ(finals.size(), 200U);
  // random:1 has only 4 distinct openings (4 legal first moves): repeats are then accepted.
  const auto small = Openings<Othello>::random({}, 1, 42, 10);
  std::set<int> first;
  for (std::int64_t pair = 0; pair < 10; ++pair) first.insert(small.for_pair(pair)[0].square);
  EXPECT_EQ(first.size(), 4U);
}

TEST(Openings, FileLinesAcceptTranscriptsAndSeparatedMoves) {
  const auto path = std::filesystem::temp_directory_path() / "arena_openings_test.txt";
  std::ofstream(path) << "# two forms of the same opening\nf5d6C3\n  f5 d6, c3   # tiger\n\n"
                         "e6f4\n";
  const auto o = Openings<Othello>::from_file({}, path.string(), OpeningOrder::Sequential, 1);
  ASSERT_EQ(o.size(), 3U);
  EXPECT_EQ(o.for_pair(0), o.for_pair(1));
  EXPECT_EQ(o.for_pair(0).size(), 3U);
  EXPECT_EQ(o.for_pair(3), o.for_pair(0));  // cycles when pairs outnumber lines

  std::ofstream(path) << "f5d6\nf5 a1\n";
  try {
    (void)Openings<Othello>::from_file({}, path.string(), OpeningOrder::Sequential, 1);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("arena_openings_test.txt:2:"), std::string::npos)
        << e.what();
  }
  std::filesystem::remove(path);
  EXPECT_THROW((void)records::read_opening_lines(path.string()), InputError);
  EXPECT_THROW((void)parse_opening_spec("random:x"), InputError);
  EXPECT_EQ(parse_opening_spec("random:6").random_plies, 6);
}

GameSpec<Othello> spec_for(std::int64_t id, const std::vector<Othello::Move>& opening) {
  GameSpec<Othello> s;
  s.id = id;
  s.seed = derive_seed(7, kGameStream, static_cast<std::uint64_t>(id));
  s.opening = &opening;
  return s;
}

TEST(PlayGame, RandomGamesReplayLegallyWithTheirScore) {
  const auto openings = Openings<Othello>::random({}, 4, 3, 10);
  RandomPlayer<Othello> a("a");
  RandomPlayer<Othello> b("b");
  PlaySettings settings;
  settings.record_evals = true;
  for (std::int64_t id = 0; id < 20; ++id) {
    const auto rec = play_game<Othello>(spec_for(id, openings.for_pair(id / 2)), a, b, settings);
    ASSERT_TRUE(rec.has_value());
    EXPECT_EQ(rec->termination, records::Termination::Normal);
    EXPECT_EQ(rec->opening.size(), 4U);
    EXPECT_EQ(rec->evals.size(), rec->moves.size());
    EXPECT_TRUE(replays_legally<Othello>(*rec));
  }
  EXPECT_EQ(a.games(), 20);
}

TEST(PlayGame, ThrowingPlayerLosesByCrash) {
  const std::vector<Othello::Move> none;
  RandomPlayer<Othello> a("a");
  ThrowingPlayer<Othello> b("b", 5);
  const auto rec = play_game<Othello>(spec_for(0, none), a, b, {});
  ASSERT_TRUE(rec.has_value());
  EXPECT_EQ(rec->termination, records::Termination::Crash);
  EXPECT_EQ(rec->result(), "1-0");
  EXPECT_NE(rec->reason.find("engine exploded"), std::string::npos) << rec->reason;
  EXPECT_TRUE(replays_legally<Othello>(*rec));
}

TEST(PlayGame, IllegalMoveLosesTheGame) {
  const std::vector<Othello::Move> none;
  IllegalPlayer<Othello> a("a");
  RandomPlayer<Othello> b("b");
  const auto rec = play_game<Othello>(spec_for(0, none), a, b, {});
  ASSERT_TRUE(rec.has_value());
  EXPECT_EQ(rec->termination, records::Termination::IllegalMove);
  EXPECT_EQ(rec->result(), "0-1");
  EXPECT_TRUE(rec->moves.empty());
}

TEST(PlayGame, AbortAbandonsTheGame) {
  const std::vector<Othello::Move> none;
  RandomPlayer<Othello> a("a");
  RandomPlayer<Othello> b("b");
  const std::atomic<bool> abort{true};
  EXPECT_FALSE(play_game<Othello>(spec_for(0, none), a, b, {}, &abort).has_value());
}

/// Plays `games` random games on `threads` threads and returns them by id.
std::map<std::int64_t, records::GameRecord> run_random(int threads, std::int64_t games,
                                              std::int64_t stop_after = -1) {
  const Schedule schedule(3, Format::RoundRobin, games);
  const auto openings = Openings<Othello>::random({}, 4, 11, schedule.pairs());
  std::map<std::int64_t, records::GameRecord> out;
  Runner<Othello>* self = nullptr;
  Runner<Othello> runner(
      schedule, openings, {}, 11, {}, schedule.shard_ids(),
      [](int i) { return std::make_unique<RandomPlayer<Othello>>(std::string(1, char('a' + i))); },
      nullptr,
      [&](const records::GameRecord& g) {
        out.emplace(g.id, g);
        if (static_cast<std::int64_t>(out.size()) == stop_after) self->stop();
      },
      threads);
  self = &runner;
  runner.start();
  runner.wait();
  EXPECT_EQ(runner.finished(), static_cast<std::int64_t>(out.size()));
  return out;
}

TEST(Runner, OneAndTwoThreadsPlayTheSameGames) {
  const auto one = run_random(1, 24);
  const auto two = run_random(2, 24);
  ASSERT_EQ(one.size(), 24U);
  EXPECT_EQ(one, two);
  for (const auto& [id, g] : one) {
    const Schedule s(3, Format::RoundRobin, 24);
    EXPECT_EQ(g.first, std::string(1, char('a' + s.seats(id).first)));
    EXPECT_TRUE(replays_legally<Othello>(g));
  }
}

TEST(Runner, StopLetsGamesInFlightFinish) {
  const auto some = run_random(2, 40, 5);
  EXPECT_GE(some.size(), 5U);
  EXPECT_LE(some.size(), 7U);  // at most one more game per thread
}

TEST(Runner, FirstErrorEndsTheRunAndWaitRethrowsIt) {
  // Engine "c" cannot be built: the first game that seats it fails the run, the other
  // worker's games stop, and wait() rethrows that error after on_end(true).
  const Schedule schedule(3, Format::RoundRobin, 40);
  const auto openings = Openings<Othello>::random({}, 4, 11, schedule.pairs());
  std::int64_t logged = 0;
  Runner<Othello> runner(
      schedule, openings, {}, 11, {}, schedule.shard_ids(),
      [](int i) -> std::unique_ptr<Player<Othello>> {
        if (i == 2) throw std::runtime_error("engine c failed to start");
        return std::make_unique<RandomPlayer<Othello>>(std::string(1, char('a' + i)));
      },
      nullptr, [&](const records::GameRecord&) { ++logged; }, 2);
  std::atomic<int> ends{0};
  std::atomic<bool> failed{false};
  runner.on_end([&](bool f) {
    failed = f;
    ++ends;
  });
  runner.start();
  EXPECT_THROW(
      {
        try {
          runner.wait();
        } catch (const std::runtime_error& e) {
          EXPECT_STREQ(e.what(), "engine c failed to start");
          throw;
        }
      },
      std::runtime_error);
  EXPECT_EQ(ends.load(), 1);
  EXPECT_TRUE(failed.load());
  EXPECT_TRUE(runner.stopped());
  EXPECT_LT(logged, 40);
  EXPECT_EQ(runner.finished(), logged);
}

}  // namespace
}  // namespace arena::selfplay
