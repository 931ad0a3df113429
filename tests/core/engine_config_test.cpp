// Engine config reading, errors (file:line:key named) and the format/parse round trip.
#include "engine/core/engine_config.hpp"

#include <filesystem>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/core/errors.hpp"

namespace arena::core {
namespace {

using ::testing::HasSubstr;

constexpr const char* kGood = R"(# a test config
name = demo
game = othello
player = search
[search]
depth = 6        # plies
nodes = 1000
tt_mb = 4
exact = 14
move_cap = 3
order_depth = 4
order_weight = 6
probable = 22
killers = 1
root_sort = 1
[eval]
features = classic
[weights]
corner = 20 20 18
mobility = 1.5
)";

std::string config_error_of(const std::string& text) {
  try {
    (void)parse_engine_config(text, "x.cfg");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(EngineConfig, ParsesEveryKey) {
  const EngineConfig cfg = parse_engine_config(kGood, "dir/demo.cfg");
  EXPECT_EQ(cfg.name, "demo");
  EXPECT_EQ(cfg.game, "othello");
  EXPECT_EQ(cfg.player, "search");
  EXPECT_EQ(cfg.limits.depth, 6);
  EXPECT_EQ(cfg.limits.nodes, 1000U);
  EXPECT_EQ(cfg.tt_mb, 4);
  EXPECT_EQ(cfg.exact, 14);
  EXPECT_EQ(cfg.move_cap, 3);
  EXPECT_EQ(cfg.order_depth, 4);
  EXPECT_EQ(cfg.order_weight, 6);
  EXPECT_EQ(cfg.probable, 22);
  EXPECT_TRUE(cfg.killers);
  EXPECT_TRUE(cfg.root_sort);
  EXPECT_EQ(cfg.features, "classic");
  ASSERT_EQ(cfg.weights.size(), 2U);
  EXPECT_EQ(cfg.weights[0].first, "corner");
  EXPECT_EQ(cfg.weights[0].second, (std::vector<double>{20, 20, 18}));
  EXPECT_EQ(cfg.weights[1].second, (std::vector<double>{1.5}));
  EXPECT_EQ(cfg.hash, fnv1a64(kGood));
}

TEST(EngineConfig, Fnv1aMatchesPublishedVectors) {
  // Test vectors from the FNV reference (Landon Curt Noll's fnv test suite).
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

TEST(EngineConfig, UnknownKeyNamesFileLineAndKey) {
  const std::string e = config_error_of("name = a\ngame = othello\n[search]\ndepht = 3\n");
  EXPECT_THAT(e, HasSubstr("x.cfg:4:"));
  EXPECT_THAT(e, HasSubstr("'search.depht'"));
  EXPECT_THAT(e, HasSubstr("unknown key"));
}

TEST(EngineConfig, NonNumberWeightNamesFileLineAndKey) {
  const std::string e = config_error_of("name = a\ngame = othello\n\n[weights]\ncorner = 20 x 3\n");
  EXPECT_THAT(e, HasSubstr("x.cfg:5:"));
  EXPECT_THAT(e, HasSubstr("'weights.corner'"));
  EXPECT_THAT(e, HasSubstr("'x'"));
}

TEST(EngineConfig, WrongTypesAndRangesAreErrors) {
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\ndepth = -1\n"), HasSubstr("x.cfg:4: key 'search.depth'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\ndepth = six\n"), HasSubstr("x.cfg:4:"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\ntt_mb = 0\n"), HasSubstr("'search.tt_mb'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\ntt_mb = 65537\n"), HasSubstr("'search.tt_mb'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\norder_depth = -2\n"),
              HasSubstr("x.cfg:4: key 'search.order_depth'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\norder_weight = 1001\n"),
              HasSubstr("x.cfg:4: key 'search.order_weight'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\nprobable = 256\n"),
              HasSubstr("x.cfg:4: key 'search.probable'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\nkillers = 2\n"),
              HasSubstr("x.cfg:4: key 'search.killers'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[search]\nroot_sort = -1\n"),
              HasSubstr("x.cfg:4: key 'search.root_sort'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\nplayer = human\n"), HasSubstr("x.cfg:3: key 'player'"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\nname = b\n"), HasSubstr("x.cfg:3:"));
  EXPECT_THAT(config_error_of("game = g\n"), HasSubstr("key 'name': required"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\njust words\n"), HasSubstr("x.cfg:3:"));
  EXPECT_THAT(config_error_of("name = a\ngame = g\n[weights]\ncorner =\n"), HasSubstr("x.cfg:4:"));
}

TEST(EngineConfig, MissingFileNamesTheFile) {
  try {
    (void)load_engine_config("/nonexistent/dir/none.cfg");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("/nonexistent/dir/none.cfg"));
  }
}

TEST(EngineConfig, WeightsFileIsResolvedFromTheConfigFolder) {
  const auto cfg = parse_engine_config("name = a\ngame = g\n[eval]\nweights_file = t.weights\n",
                                       "/some/dir/a.cfg");
  EXPECT_EQ(cfg.weights_file, "/some/dir/t.weights");
}

TEST(EngineConfig, FormatThenParseRoundTrips) {
  EngineConfig cfg = parse_engine_config(kGood, "dir/demo.cfg");
  cfg.limits.movetime_ms = 250;
  cfg.limits.time_left_ms = 60000;
  cfg.limits.increment_ms = 500;
  cfg.weights_file = "/abs/w.weights";
  cfg.weights.emplace_back("parity", std::vector<double>{0.1, -1e-300, 123456.789, 1.0 / 3.0});
  const EngineConfig back =
      parse_engine_config(format_engine_config(cfg, {"tuned", "second line"}), "elsewhere.cfg");
  EXPECT_EQ(back.name, cfg.name);
  EXPECT_EQ(back.game, cfg.game);
  EXPECT_EQ(back.player, cfg.player);
  EXPECT_EQ(back.limits.depth, cfg.limits.depth);
  EXPECT_EQ(back.limits.nodes, cfg.limits.nodes);
  EXPECT_EQ(back.limits.movetime_ms, cfg.limits.movetime_ms);
  EXPECT_EQ(back.limits.time_left_ms, cfg.limits.time_left_ms);
  EXPECT_EQ(back.limits.increment_ms, cfg.limits.increment_ms);
  EXPECT_EQ(back.tt_mb, cfg.tt_mb);
  EXPECT_EQ(back.exact, cfg.exact);
  EXPECT_EQ(back.move_cap, cfg.move_cap);
  EXPECT_EQ(back.order_depth, cfg.order_depth);
  EXPECT_EQ(back.order_weight, cfg.order_weight);
  EXPECT_EQ(back.probable, cfg.probable);
  EXPECT_EQ(back.killers, cfg.killers);
  EXPECT_EQ(back.root_sort, cfg.root_sort);
  EXPECT_EQ(back.features, cfg.features);
  EXPECT_EQ(back.weights_file, cfg.weights_file);
  EXPECT_EQ(back.weights, cfg.weights);
}

TEST(EngineConfig, MpcSectionParsesAndRoundTrips) {
  const std::string text = std::string(kGood) +
                           "[mpc]\nthreshold = 1.25\npair_8_4 = 1.02 -3.5 210 1 0 0\n"
                           "pair_6_2 = 0.9 1 150\n";
  const EngineConfig cfg = parse_engine_config(text, "dir/demo.cfg");
  EXPECT_DOUBLE_EQ(cfg.mpc.threshold, 1.25);
  ASSERT_EQ(cfg.mpc.pairs.size(), 2U);
  EXPECT_EQ(cfg.mpc.pairs[0].depth, 8);
  EXPECT_EQ(cfg.mpc.pairs[0].shallow, 4);
  EXPECT_EQ(cfg.mpc.pairs[0].stages,
            (std::vector<MpcFit>{{1.02, -3.5, 210}, {1, 0, 0}}));
  EXPECT_EQ(cfg.mpc.pairs[1].depth, 6);
  EXPECT_EQ(cfg.weights.size(), 2U);  // pair_ keys are not weights
  const EngineConfig back = parse_engine_config(format_engine_config(cfg, {}), "dir/demo.cfg");
  EXPECT_EQ(back.mpc, cfg.mpc);
  // Without pairs no [mpc] section is written (configs without it keep their text).
  EXPECT_EQ(format_engine_config(parse_engine_config(kGood, "x.cfg"), {}).find("[mpc]"),
            std::string::npos);
}

TEST(EngineConfig, BadMpcKeysNameFileLineAndKey) {
  const std::string head = "name = a\ngame = g\n[mpc]\n";
  EXPECT_THAT(config_error_of(head + "pair_4_4 = 1 0 100\n"), HasSubstr("x.cfg:4: key 'mpc.pair_4_4'"));
  EXPECT_THAT(config_error_of(head + "pair_x = 1 0 100\n"), HasSubstr("x.cfg:4: key 'mpc.pair_x'"));
  EXPECT_THAT(config_error_of(head + "pair_8_4 = 1 0\n"), HasSubstr("multiple of 3"));
  EXPECT_THAT(config_error_of(head + "pair_8_4 = 1 0 100 -1 0 100\n"), HasSubstr("stage 1"));
  EXPECT_THAT(config_error_of(head + "pair_8_4 = 1 0 -5\n"), HasSubstr("x.cfg:4:"));
  EXPECT_THAT(config_error_of(head + "threshold = -1\n"), HasSubstr("x.cfg:4: key 'mpc.threshold'"));
  EXPECT_THAT(config_error_of(head + "treshold = 1\n"), HasSubstr("x.cfg:4:"));
}

TEST(EngineConfig, KeyWhereFindsTheLine) {
  const EngineConfig cfg = parse_engine_config(kGood, "dir/demo.cfg");
  EXPECT_EQ(config_key_where(cfg, "weights.mobility"), "dir/demo.cfg:20: key 'weights.mobility': ");
  EXPECT_EQ(config_key_where(cfg, "eval.nothing"), "dir/demo.cfg: key 'eval.nothing': ");
}

}  // namespace
}  // namespace arena::core
