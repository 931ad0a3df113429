// Reading and writing loop run configs (see loop_config.hpp).
#include "loop/loop_config.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>
#include <sstream>

#include <boost/any.hpp>
#include <boost/program_options.hpp>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/thread_limit.hpp"
#include "engine/core/ini.hpp"
#include "engine/core/text_file.hpp"
#include "tune/tune.hpp"

namespace arena::loop {

namespace {

const std::vector<std::string> kStageKeys = {"games", "depth", "openings", "temperature",
                                             "temperature_plies", "sprt"};

/// Tuner keys the loop sets itself (per round), so [tune] may not.
bool loop_owned_tune_key(const std::string& option) {
  static const std::set<std::string> owned{"games", "positions", "label-cache", "init", "out",
                                           "name", "seed", "threads", "quiet"};
  return owned.count(option) != 0;
}

/// The [tune] keys: `arena tune`'s options with _ for -, less the ones the loop sets.
std::vector<std::string> tune_keys() {
  boost::program_options::options_description desc;
  tune::TuneOptions scratch;
  tune::add_tune_options(desc, scratch);
  std::vector<std::string> keys;
  for (const auto& d : desc.options()) {
    if (loop_owned_tune_key(d->long_name())) continue;
    std::string key = d->long_name();
    std::replace(key.begin(), key.end(), '-', '_');
    keys.push_back(key);
  }
  return keys;
}

std::vector<std::string> known_keys() {
  std::vector<std::string> keys = {"game", "start", "rounds", "threads", "seed", "extra_games"};
  for (const auto& k : tune_keys()) keys.push_back("tune." + k);
  for (const char* stage : {"train.", "match.", "final."}) {
    for (const auto& k : kStageKeys) keys.push_back(stage + k);
  }
  return keys;
}

/// Parses `e`'s value into `opts` through option `option` of `desc` (a module's own
/// description: its parser and its types), reporting a Boost parse error under the option's name.
void parse_through(const boost::program_options::options_description& desc,
                   const std::string& option, const core::IniEntry& e) {
  const boost::program_options::option_description* d = desc.find_nothrow(option, false);
  try {
    boost::any value;
    d->semantic()->parse(value, {e.value}, true);
    d->semantic()->notify(value);
  } catch (boost::program_options::error_with_option_name& err) {
    err.set_option_name("--" + option);
    throw InputError(err.what());
  } catch (const boost::program_options::error& err) {
    throw InputError(err.what());
  }
}

/// Sets one stage key through `arena selfplay`'s own option description and its one check
/// (check_selfplay_options), so a stage has the CLI's ranges; errors carry the file:line.
void set_stage_key(StageConfig& s, const std::string& key, const core::IniEntry& e,
                   const core::IniValues& v) {
  std::string option = key;
  std::replace(option.begin(), option.end(), '_', '-');
  boost::program_options::options_description desc;
  selfplay::add_selfplay_options(desc, s);
  try {
    parse_through(desc, option, e);
    // The loop's own rule: a match is judged on whole pairs (an opening, colours swapped).
    if (key == "games" && s.games % 2 != 0) {
      throw InputError("expected an even number (games come in pairs)");
    }
    StageConfig two = s;  // every stage plays two engines
    two.engines = {"candidate", "best"};
    (void)selfplay::check_selfplay_options(two, std::chrono::system_clock::now());
  } catch (const InputError& err) {
    v.fail(e, err.what());
  }
}

/// Sets one [tune] key through `arena tune`'s own option description (its parser and its
/// range checks), so each knob has one default and one range; errors carry the file:line.
void set_tune_key(LoopConfig& c, const std::string& key, const core::IniEntry& e,
                  const core::IniValues& v) {
  std::string option = key;
  std::replace(option.begin(), option.end(), '_', '-');
  boost::program_options::options_description desc;
  tune::add_tune_options(desc, c.fit);
  if (desc.find_nothrow(option, false) == nullptr || loop_owned_tune_key(option)) {
    v.fail(e, "not a [tune] key");
  }
  try {
    parse_through(desc, option, e);
    tune::check_tune_options(c.fit);
    if (option == "label") (void)tune::parse_label(c.fit.label);
  } catch (const std::exception& err) {
    v.fail(e, err.what());
  }
  static const std::set<std::string> written{"label", "method", "holdout", "lambda", "skip_plies",
                                             "max_per_game", "search_depth", "search_max"};
  if (written.count(key) == 0) c.fit_extra.emplace_back(key, e.value);
}

LoopConfig parse(const std::string& text, const std::string& origin) {
  const core::IniValues v(origin);
  LoopConfig c;
  c.extra_games.clear();
  std::string tune_list;
  for (const auto& k : tune_keys()) tune_list += (tune_list.empty() ? "" : ", ") + k;
  const auto entries = core::read_ini(text, origin, known_keys(), {},
                                      "game, start, rounds, threads, seed, extra_games, "
                                      "[train]/[match]/[final] games, depth, openings, "
                                      "temperature, temperature_plies, sprt, [tune] " + tune_list);
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
      set_stage_key(s, key, e, v);
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
      for (std::string w; words >> w;) {
        c.extra_games.push_back(resolve(w));
        // Read by the first fit, after the first training games: checked now.
        if (!std::filesystem::is_regular_file(c.extra_games.back())) {
          v.fail(e, "expected game files, cannot read '" + c.extra_games.back() + "'");
        }
      }
    } else if (section == "tune") {
      set_tune_key(c, key, e, v);
    }
  }
  if (c.start.empty()) throw InputError(where(origin, 0) + "key 'start': required but missing");
  c.path = origin;
  c.text = text;
  c.hash = core::fnv1a64(text);
  return c;
}

}  // namespace

StageConfig default_stage_config() {
  StageConfig s;
  s.games = 200;
  s.depth = 2;
  s.openings = "random:6";
  return s;
}

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
  o << "\n[tune]\nlabel = " << c.fit.label << "\nmethod = " << tune::method_name(c.fit.method)
    << "\nholdout = " << c.fit.holdout << "\nlambda = " << c.fit.lambda
    << "\nskip_plies = " << c.fit.skip_plies << "\nmax_per_game = " << c.fit.max_per_game
    << "\nsearch_depth = " << c.fit.search_depth << "\nsearch_max = " << c.fit.search_max << "\n";
  for (const auto& [key, value] : c.fit_extra) o << key << " = " << value << "\n";
  stage("match", c.match);
  stage("final", c.final_match);
  return o.str();
}

}  // namespace arena::loop
