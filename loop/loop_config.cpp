// Reading and writing loop run configs (see loop_config.hpp).
#include "loop/loop_config.hpp"

#include <filesystem>
#include <sstream>

#include "analysis/sprt.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/thread_limit.hpp"
#include "engine/core/ini.hpp"

namespace arena::loop {

namespace {

const std::vector<std::string> kStageKeys = {"games", "depth", "openings", "temperature",
                                             "temperature_plies", "sprt"};

std::vector<std::string> known_keys() {
  std::vector<std::string> keys = {"game",         "start",          "rounds",
                                   "threads",      "seed",           "extra_games",
                                   "tune.label",   "tune.method",    "tune.holdout",
                                   "tune.lambda",  "tune.skip_plies", "tune.max_per_game",
                                   "tune.search_depth", "tune.search_max"};
  for (const char* stage : {"train.", "match.", "final."}) {
    for (const auto& k : kStageKeys) keys.push_back(stage + k);
  }
  return keys;
}

/// Sets one stage key; false when `key` is not a stage key.
bool set_stage(StageConfig& s, const std::string& key, const core::IniEntry& e,
               const core::IniValues& v) {
  if (key == "games") {
    s.games = v.integer(e, 2, 100'000'000);
    if (s.games % 2 != 0) v.fail(e, "expected an even number (games come in pairs)");
  } else if (key == "depth") {
    s.depth = static_cast<int>(v.integer(e, 1, 64));
  } else if (key == "openings") {
    s.openings = v.non_empty(e);
  } else if (key == "temperature") {
    s.temperature = static_cast<int>(v.integer(e, 0, 100'000));
  } else if (key == "temperature_plies") {
    s.temperature_plies = static_cast<int>(v.integer(e, 0, 1000));
  } else if (key == "sprt") {
    // Checked here, so a bad spec fails before any round's self-play and fit have run.
    try {
      (void)analysis::parse_sprt_params(e.value, "sprt");
    } catch (const InputError& err) {
      v.fail(e, err.what());
    }
    s.sprt = e.value;
  } else {
    return false;
  }
  return true;
}

LoopConfig parse(const std::string& text, const std::string& origin) {
  const core::IniValues v(origin);
  LoopConfig c;
  c.extra_games.clear();
  const auto entries = core::read_ini(text, origin, known_keys(), {},
                                      "game, start, rounds, threads, seed, extra_games, "
                                      "[train]/[match]/[final] games, depth, openings, "
                                      "temperature, temperature_plies, sprt, [tune] label, "
                                      "method, holdout, lambda, skip_plies, max_per_game, search_depth, "
                                      "search_max");
  // Paths are relative to the config's folder, so a run config works from any directory.
  const std::filesystem::path base = std::filesystem::path(origin).parent_path();
  const auto resolve = [&](const std::string& p) {
    const std::filesystem::path path(p);
    return (path.is_relative() ? base / path : path).lexically_normal().string();
  };
  for (const auto& e : entries) {
    const auto dot = e.key.find('.');
    const std::string section = dot == std::string::npos ? "" : e.key.substr(0, dot);
    const std::string key = dot == std::string::npos ? e.key : e.key.substr(dot + 1);
    if (section == "train" || section == "match" || section == "final") {
      StageConfig& s = section == "train" ? c.train : section == "match" ? c.match : c.final_match;
      set_stage(s, key, e, v);
    } else if (e.key == "game") {
      c.game = v.non_empty(e);
    } else if (e.key == "start") {
      c.start = resolve(v.non_empty(e));
    } else if (e.key == "rounds") {
      c.rounds = static_cast<int>(v.integer(e, 1, 100'000));
    } else if (e.key == "threads") {
      c.threads = static_cast<int>(v.integer(e, 1, core::max_threads()));
    } else if (e.key == "seed") {
      c.seed = static_cast<std::uint64_t>(v.integer(e, 0, INT64_MAX));
    } else if (e.key == "extra_games") {
      std::istringstream words(e.value);
      for (std::string w; words >> w;) c.extra_games.push_back(resolve(w));
    } else if (e.key == "tune.label") {
      c.fit.label = v.non_empty(e);
    } else if (e.key == "tune.method") {
      c.fit.method = v.one_of(e, {"ridge", "logistic"});
    } else if (e.key == "tune.holdout") {
      c.fit.holdout = v.number(e, 0.0, 0.9);
    } else if (e.key == "tune.lambda") {
      c.fit.lambda = v.number(e, 0.0, 1e12);
    } else if (e.key == "tune.skip_plies") {
      c.fit.skip_plies = static_cast<int>(v.integer(e, 0, 1000));
    } else if (e.key == "tune.max_per_game") {
      c.fit.max_per_game = static_cast<int>(v.integer(e, 0, 100'000));
    } else if (e.key == "tune.search_depth") {
      c.fit.search_depth = static_cast<int>(v.integer(e, 0, 64));
    } else if (e.key == "tune.search_max") {
      c.fit.search_max = static_cast<std::size_t>(v.integer(e, 0, 100'000'000));
    }
  }
  if (c.start.empty()) throw InputError(where(origin, 0) + "key 'start': required but missing");
  c.path = origin;
  c.text = text;
  c.hash = core::fnv1a64(text);
  return c;
}

}  // namespace

LoopConfig load_loop_config(const std::string& path) {
  return parse(core::read_text_file(path, "loop run config"), path);
}

LoopConfig default_loop_config(const std::string& game, const std::string& root) {
  const std::filesystem::path file = std::filesystem::path(root) / "configs" / game / "loop.cfg";
  if (!std::filesystem::exists(file)) {
    throw InputError("--game: no default loop run for '" + game + "' (expected " + file.string() +
                     ")");
  }
  return load_loop_config(file.string());
}

std::string format_loop_config(const LoopConfig& c) {
  std::ostringstream o;
  o << "game = " << c.game << "\nstart = " << c.start << "\nrounds = " << c.rounds
    << "\nthreads = " << c.threads << "\nseed = " << c.seed << "\n";
  if (!c.extra_games.empty()) {
    o << "extra_games =";
    for (const auto& g : c.extra_games) o << " " << g;
    o << "\n";
  }
  const auto stage = [&](const char* name, const StageConfig& s) {
    o << "\n[" << name << "]\ngames = " << s.games << "\ndepth = " << s.depth
      << "\nopenings = " << s.openings << "\ntemperature = " << s.temperature
      << "\ntemperature_plies = " << s.temperature_plies << "\n";
    if (!s.sprt.empty()) o << "sprt = " << s.sprt << "\n";
  };
  stage("train", c.train);
  o << "\n[tune]\nlabel = " << c.fit.label << "\nmethod = " << c.fit.method
    << "\nholdout = " << c.fit.holdout << "\nlambda = " << c.fit.lambda
    << "\nskip_plies = " << c.fit.skip_plies << "\nmax_per_game = " << c.fit.max_per_game
    << "\nsearch_depth = " << c.fit.search_depth << "\nsearch_max = " << c.fit.search_max << "\n";
  stage("match", c.match);
  stage("final", c.final_match);
  return o.str();
}

}  // namespace arena::loop
