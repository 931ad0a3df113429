// Self-play options as JSON (selfplay/options.hpp), the form in which rank 0 of an MPI loop
// hands a stage to the other ranks: every setting survives the round trip, and a document
// that lacks one is refused rather than filled with a default.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "selfplay/options.hpp"

namespace arena::selfplay {
namespace {

/// Options with every setting away from its default.
SelfplayOptions unusual_options() {
  SelfplayOptions o;
  o.engines = {"a.cfg,depth=3", "nboard[name=x]:prog"};
  o.each = "tc=10+0.1";
  o.games = 1234;
  o.threads = 3;
  o.seed = 18446744073709551557ULL;  // the largest 64-bit prime: no double could carry it
  o.seed_given = false;
  o.openings = "book.txt";
  o.opening_order = "random";
  o.opening_plies = 7;
  o.format = "gauntlet";
  o.depth = 5;
  o.nodes = 99;
  o.movetime_ms = 250;
  o.tc = "60+0.5";
  o.temperature = 300;
  o.temperature_plies = 6;
  o.record_evals = true;
  o.adjudicate = {"exact:12", "score:500:4"};
  o.engine_log = "io.log";
  o.out = "runs/x.jsonl";
  o.sprt = "elo0=0,elo1=5,alpha=0.05,beta=0.05";
  o.shard = "1/4";
  o.rules = "scoring=gpcc";
  o.quiet = true;
  o.fsync = true;
  o.mpi_coordinator_only = true;
  o.deadline = "2026-12-01T12:00:00Z";
  o.hours = 7.9;
  o.stop_signal = "USR2";
  o.command_line = {"arena", "loop", "--rounds", "1"};
  o.handle_signals = false;
  return o;
}

TEST(OptionsJson, EverySettingRoundTrips) {
  const SelfplayOptions o = unusual_options();
  // Through text, as the message carries it.
  const SelfplayOptions r = options_from_json(nlohmann::json::parse(options_to_json(o).dump()));
  EXPECT_EQ(r.engines, o.engines);
  EXPECT_EQ(r.each, o.each);
  EXPECT_EQ(r.games, o.games);
  EXPECT_EQ(r.threads, o.threads);
  EXPECT_EQ(r.seed, o.seed);
  EXPECT_EQ(r.seed_given, o.seed_given);
  EXPECT_EQ(r.openings, o.openings);
  EXPECT_EQ(r.opening_order, o.opening_order);
  EXPECT_EQ(r.opening_plies, o.opening_plies);
  EXPECT_EQ(r.format, o.format);
  EXPECT_EQ(r.depth, o.depth);
  EXPECT_EQ(r.nodes, o.nodes);
  EXPECT_EQ(r.movetime_ms, o.movetime_ms);
  EXPECT_EQ(r.tc, o.tc);
  EXPECT_EQ(r.temperature, o.temperature);
  EXPECT_EQ(r.temperature_plies, o.temperature_plies);
  EXPECT_EQ(r.record_evals, o.record_evals);
  EXPECT_EQ(r.adjudicate, o.adjudicate);
  EXPECT_EQ(r.engine_log, o.engine_log);
  EXPECT_EQ(r.out, o.out);
  EXPECT_EQ(r.sprt, o.sprt);
  EXPECT_EQ(r.shard, o.shard);
  EXPECT_EQ(r.rules, o.rules);
  EXPECT_EQ(r.quiet, o.quiet);
  EXPECT_EQ(r.fsync, o.fsync);
  EXPECT_EQ(r.mpi_coordinator_only, o.mpi_coordinator_only);
  EXPECT_EQ(r.deadline, o.deadline);
  EXPECT_EQ(r.hours, o.hours);
  EXPECT_EQ(r.stop_signal, o.stop_signal);
  EXPECT_EQ(r.command_line, o.command_line);
  EXPECT_EQ(r.handle_signals, o.handle_signals);
}

TEST(OptionsJson, AMissingSettingIsRefused) {
  nlohmann::json j = options_to_json(unusual_options());
  j.erase("depth");
  EXPECT_THROW((void)options_from_json(j), nlohmann::json::exception);
}

}  // namespace
}  // namespace arena::selfplay
