// The --engine entry and --each parser: config entries with settings, program entries with
// bracketed settings and a verbatim command, the override order entry > --each > global
// flags, each engine's effective limits in the run record (compared on resume), and bad
// values named in the error.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "engine/core/errors.hpp"
#include "selfplay/engine_entry.hpp"
#include "selfplay/run_setup.hpp"

namespace arena::selfplay {
namespace {

const std::string kA = std::string(ARENA_SOURCE_DIR) + "/configs/othello/classic.cfg";
const std::string kB = std::string(ARENA_SOURCE_DIR) + "/configs/othello/seed-table.cfg";

/// The message of the InputError `f` throws ("" when it throws none).
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(EngineEntry, ConfigWithSettings) {
  const auto e = parse_engine_entry("configs/othello/classic.cfg,tc=10+0.1, depth=6");
  EXPECT_FALSE(e.external());
  EXPECT_EQ(e.target, "configs/othello/classic.cfg");
  ASSERT_TRUE(e.settings.tc);
  EXPECT_EQ(e.settings.tc->text, "10+0.1");
  EXPECT_EQ(e.settings.depth, 6);
  EXPECT_FALSE(e.settings.nodes);
  const auto plain = parse_engine_entry("a.cfg");
  EXPECT_EQ(plain.target, "a.cfg");
  EXPECT_FALSE(plain.settings.tc);
}

TEST(EngineEntry, ProgramKeepsItsCommandVerbatim) {
  const auto e = parse_engine_entry(
      "nboard[name=ntest,tc=60+1,margin_ms=300,dir=/tmp,restart=on]:cd x && VAR=1 ./ntest x,y");
  EXPECT_TRUE(e.external());
  EXPECT_EQ(e.protocol, "nboard");
  EXPECT_EQ(e.target, "cd x && VAR=1 ./ntest x,y");
  EXPECT_EQ(e.settings.name, "ntest");
  ASSERT_TRUE(e.settings.tc);
  EXPECT_EQ(e.settings.tc->text, "60+1");
  EXPECT_EQ(e.settings.margin_ms, 300);
  EXPECT_EQ(e.settings.dir, "/tmp");
  EXPECT_EQ(e.settings.restart, RestartPolicy::On);
  EXPECT_EQ(parse_engine_entry("gtp:pentobi-gtp --game duo").target, "pentobi-gtp --game duo");
  EXPECT_TRUE(is_external_entry("gtp[name=p]:x"));
  EXPECT_FALSE(is_external_entry("configs/othello/gtp.cfg"));
}

TEST(EngineEntry, BadValuesNameTheOptionAndKey) {
  EXPECT_NE(error_of([] { (void)parse_engine_entry("a.cfg,tc=fast"); }).find("--engine a.cfg,tc=fast: tc"),
            std::string::npos);
  EXPECT_NE(error_of([] { (void)parse_engine_entry("a.cfg,depth=-2"); }).find("depth"), std::string::npos);
  EXPECT_NE(error_of([] { (void)parse_engine_entry("a.cfg,colour=red"); }).find("unknown key 'colour'"),
            std::string::npos);
  EXPECT_NE(error_of([] { (void)parse_engine_entry("a.cfg,dir=/tmp"); }).find("outside programs"),
            std::string::npos);
  EXPECT_NE(error_of([] { (void)parse_engine_entry("gtp[restart=sometimes]:x"); }).find("restart"),
            std::string::npos);
  EXPECT_NE(error_of([] { (void)parse_engine_entry("gtp[name=x:cmd"); }).find("gtp[key=value"),
            std::string::npos);
  EXPECT_NE(error_of([] { (void)parse_each("nodes=lots"); }).find("--each nodes=lots: nodes"),
            std::string::npos);
  EXPECT_NE(error_of([] { (void)parse_each("name=x"); }).find("--each"), std::string::npos);
}

TEST(EngineEntry, EntryOverridesEachOverridesGlobalFlags) {
  SelfplayOptions opts;
  opts.engines = {kA + ",tc=10+0.1", kB};
  opts.each = "tc=20+0.2,nodes=5000";
  opts.depth = 3;
  opts.tc = "30";
  const RunSetup run = prepare_run(opts);
  ASSERT_EQ(run.settings.engines.size(), 2U);
  const SideSettings a = run.settings.side(0);
  const SideSettings b = run.settings.side(1);
  EXPECT_EQ(a.clock_ms, 10000);
  EXPECT_EQ(a.increment_ms, 100);
  EXPECT_EQ(b.clock_ms, 20000);
  EXPECT_EQ(b.increment_ms, 200);
  EXPECT_EQ(a.limits.nodes, 5000U);
  EXPECT_EQ(a.limits.depth, 3);  // no layer above the global flag sets a depth
  // The run record keeps the global flags and each engine's effective limits.
  ASSERT_TRUE(run.record.limits.tc);
  EXPECT_EQ(run.record.limits.tc->text, "30");
  ASSERT_TRUE(run.record.engines[0].limits);
  ASSERT_TRUE(run.record.engines[0].limits->tc);
  EXPECT_EQ(run.record.engines[0].limits->tc->text, "10+0.1");
  ASSERT_TRUE(run.record.engines[1].limits->tc);
  EXPECT_EQ(run.record.engines[1].limits->tc->text, "20+0.2");
  EXPECT_EQ(run.record.engines[1].limits->nodes, 5000U);
  // A resume with another per-engine clock belongs to a different run.
  SelfplayOptions other = opts;
  other.engines[0] = kA + ",tc=10+0.2";
  EXPECT_EQ(records::run_record_difference(run.record, prepare_run(other).record, false), "engines[0].limits");
}

TEST(EngineEntry, WithoutPerEngineSettingsTheRunRecordIsUnchanged) {
  SelfplayOptions opts;
  opts.engines = {kA, kB};
  opts.depth = 2;
  const RunSetup run = prepare_run(opts);
  EXPECT_FALSE(run.record.engines[0].limits);
  EXPECT_FALSE(run.record.engines[1].limits);
  EXPECT_EQ(to_json(run.record)["engines"][0].count("limits"), 0U);
  EXPECT_EQ(run.settings.side(1).limits.depth, 2);
  // Recording an engine's limits that equal the global ones changes nothing on resume.
  records::RunRecord same = run.record;
  same.engines[0].limits = same.limits;
  EXPECT_EQ(records::run_record_difference(run.record, same, false), std::nullopt);
}

}  // namespace
}  // namespace arena::selfplay
