// Preparing a self-play run (see run_setup.hpp).
#include "selfplay/run_setup.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>

#include "engine/core/errors.hpp"
#include "engine/core/utc_time.hpp"
#include "engine/core/version.hpp"
#include "selfplay/clock_use.hpp"

namespace arena::selfplay {

namespace {

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::vector<core::EngineConfig> load_configs(const SelfplayOptions& opts) {
  if (opts.engines.size() < 2) throw InputError("--engine: give at least two engine configs");
  std::vector<core::EngineConfig> configs;
  for (std::size_t i = 0; i < opts.engines.size(); ++i) {
    const EngineEntry entry = parse_engine_entry(opts.engines[i]);
    if (!entry.external()) {
      configs.push_back(core::load_engine_config(entry.target));
    } else if (i < opts.program_configs.size() && opts.program_configs[i]) {
      configs.push_back(*opts.program_configs[i]);
    } else {
      throw InputError("--engine " + entry.text + ": outside programs are played by `arena "
                       "selfplay` (this command takes engine configs)");
    }
  }
  for (const auto& c : configs) {
    if (c.game != configs[0].game) {
      throw InputError("--engine: " + c.path + " is a config for '" + c.game + "' but " +
                       configs[0].path + " is for '" + configs[0].game + "'");
    }
  }
  std::set<std::string> names;
  for (const auto& c : configs) {
    if (!names.insert(c.name).second) {
      throw InputError("--engine: two engines are named '" + c.name +
                       "' (logs identify engines by name; rename one)");
    }
  }
  return configs;
}

/// `global` with the limits that `s` sets replaced.
records::LogLimits effective_limits(const records::LogLimits& global, const EngineSettings& s) {
  records::LogLimits l = global;
  if (s.depth) l.depth = *s.depth;
  if (s.nodes) l.nodes = *s.nodes;
  if (s.movetime_ms) l.movetime_ms = *s.movetime_ms;
  if (s.tc) l.tc = *s.tc;
  return l;
}

}  // namespace

std::vector<EngineSettings> engine_settings(const SelfplayOptions& opts) {
  const EngineSettings each = opts.each.empty() ? EngineSettings{} : parse_each(opts.each);
  std::vector<EngineSettings> out;
  for (const auto& text : opts.engines) out.push_back(merge(each, parse_engine_entry(text).settings));
  return out;
}

std::string selfplay_game(const SelfplayOptions& opts) { return load_configs(opts)[0].game; }

RunSetup prepare_run(const SelfplayOptions& opts) {
  // Step 1: the option values on their own.
  const CheckedOptions checked = check_selfplay_options(opts, std::chrono::system_clock::now());
  const Format format = checked.format;
  const Shard shard = checked.shard;
  const OpeningSpec& openings = checked.openings;
  const OpeningOrder order = checked.opening_order;
  const records::LogLimits global{opts.depth, opts.nodes, opts.movetime_ms, checked.tc};
  const std::vector<EngineSettings> per_engine = engine_settings(opts);
  PlaySettings settings;
  std::vector<records::LogLimits> limits;
  for (std::size_t i = 0; i < per_engine.size(); ++i) {
    limits.push_back(effective_limits(global, per_engine[i]));
    settings.engines.push_back(side_settings(limits.back()));
    if (parse_engine_entry(opts.engines[i]).external()) {
      settings.engines.back().margin_ms =
          per_engine[i].margin_ms.value_or(kDefaultMarginMs);
    }
  }
  settings.temperature = opts.temperature;
  settings.temperature_plies = opts.temperature_plies;
  settings.record_evals = opts.record_evals;
  settings.adjudication = parse_adjudication(opts.adjudicate);

  // Step 2: engines, schedule and the SPRT.
  std::vector<core::EngineConfig> configs = load_configs(opts);
  std::vector<std::string> names;
  for (const auto& c : configs) names.push_back(c.name);
  Schedule schedule(static_cast<int>(configs.size()), format, opts.games, shard);

  // Step 3: the run record.
  records::RunRecord r;
  r.game = configs[0].game;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const auto& c = configs[i];
    r.engines.push_back({c.name, hex16(c.hash), c.text, c.path, std::nullopt});
    if (limits[i] != global) r.engines.back().limits = limits[i];
  }
  r.seed = opts.seed;
  r.limits = global;
  r.openings = opts.openings;
  r.opening_order = opening_order_name(order);
  r.opening_plies = opts.opening_plies;
  r.format = format_name(format);
  r.games = opts.games;
  r.shard_index = shard.index;
  r.shard_count = shard.count;
  r.sprt = checked.sprt;
  r.temperature = opts.temperature;
  r.temperature_plies = opts.temperature_plies;
  r.record_evals = opts.record_evals;
  r.adjudicate = adjudication_texts(settings.adjudication);
  r.command_line = opts.command_line;
  r.arena_version = kVersion;
  r.arena_revision = kRevision;
  r.start_time = core::utc_iso8601();

  std::optional<analysis::SprtParams> sprt;
  if (checked.sprt) sprt = checked.sprt->params;
  return RunSetup{std::move(configs), std::move(names), std::move(r), schedule, sprt, settings,
                  openings, order, opts.out.empty() ? default_log_path() : opts.out,
                  checked.deadline, checked.stop_signal};
}

ResumeState inspect_log(const std::string& path, const records::RunRecord& record,
                        const Schedule& schedule) {
  ResumeState state;
  std::error_code ec;
  // Only a regular file can hold a run to resume; anything else (absent, /dev/full, a folder)
  // is opened as a new log, and LogWriter reports what it cannot do there.
  if (!std::filesystem::is_regular_file(path, ec) || std::filesystem::file_size(path, ec) == 0) {
    return state;
  }
  {
    // A run killed while writing its first line leaves no complete run record: start afresh.
    std::ifstream in(path, std::ios::binary);
    std::string first_line;
    std::getline(in, first_line);
    if (in.eof()) {
      state.warnings.push_back(where(path, 1) + "dropped an incomplete run record; starting afresh");
      return state;
    }
  }
  records::LogFile log = records::read_log_file(path);
  if (const auto field = records::run_record_difference(log.run, record, false)) {
    throw InputError(where(path, 1) + "the log belongs to a different run: field '" + *field +
                     "' differs (use another --out, or the original command)");
  }
  for (const auto& g : log.games) {
    if (!schedule.in_shard(g.id)) {
      throw InputError(path + ": game id " + std::to_string(g.id) + " is not in shard " +
                       std::to_string(schedule.shard().index) + "/" +
                       std::to_string(schedule.shard().count));
    }
  }
  state.resume = true;
  state.intact_bytes = log.intact_bytes;
  state.games = std::move(log.games);
  state.decision = std::move(log.decision);
  state.warnings = std::move(log.warnings);
  return state;
}

std::uint64_t resolve_seed(const SelfplayOptions& opts, std::string& source) {
  source = "given";
  if (opts.seed_given) return opts.seed;
  std::error_code ec;
  // Only a regular file can be a log to resume (a device such as /dev/full never ends).
  if (!opts.out.empty() && std::filesystem::is_regular_file(opts.out, ec)) {
    try {
      const std::uint64_t seed = records::read_log_file(opts.out).run.seed;
      source = "log";
      return seed;
    } catch (const InputError&) {
      // Not a readable log: a fresh run (inspect_log reports what is wrong with the file).
    }
  }
  if (!opts.shard.empty()) {
    throw InputError("--shard " + opts.shard + ": give --seed too (the shards of one run share "
                     "its seed; each would draw its own)");
  }
  source = "drawn";
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

SelfplayOptions with_resolved_seed(const SelfplayOptions& opts) {
  SelfplayOptions out = opts;
  std::string source;
  out.seed = resolve_seed(opts, source);
  out.seed_given = true;
  if (source == "drawn") {
    std::cerr << "seed " << out.seed << " (drawn; --seed " << out.seed << " replays this run)\n";
  } else if (source == "log") {
    std::cerr << "seed " << out.seed << " (from " << opts.out << ", resumed)\n";
  }
  return out;
}

std::vector<std::int64_t> pending_ids(const Schedule& schedule,
                                      const std::vector<records::GameRecord>& done) {
  std::set<std::int64_t> have;
  for (const auto& g : done) have.insert(g.id);
  std::vector<std::int64_t> ids;
  for (const auto id : schedule.shard_ids()) {
    if (have.count(id) == 0) ids.push_back(id);
  }
  return ids;
}

std::string default_log_path() {
  return "runs/selfplay-" + core::utc_file_stamp() + ".jsonl";
}

}  // namespace arena::selfplay
