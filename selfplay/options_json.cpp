// Self-play options as JSON (see options.hpp): one list of the members, read and written
// through the same table so that the two directions cannot drift apart.
#include <nlohmann/json.hpp>

#include "selfplay/options.hpp"

namespace arena::selfplay {

namespace {

/// Calls `field(name, member)` for every setting of `o` (SelfplayOptions or a const one).
template <class Options, class Field>
void each_setting(Options& o, Field&& field) {
  field("engines", o.engines);
  field("each", o.each);
  field("games", o.games);
  field("threads", o.threads);
  field("seed", o.seed);
  field("seed_given", o.seed_given);
  field("openings", o.openings);
  field("opening_order", o.opening_order);
  field("opening_plies", o.opening_plies);
  field("format", o.format);
  field("depth", o.depth);
  field("nodes", o.nodes);
  field("movetime_ms", o.movetime_ms);
  field("tc", o.tc);
  field("temperature", o.temperature);
  field("temperature_plies", o.temperature_plies);
  field("record_evals", o.record_evals);
  field("adjudicate", o.adjudicate);
  field("engine_log", o.engine_log);
  field("out", o.out);
  field("sprt", o.sprt);
  field("shard", o.shard);
  field("rules", o.rules);
  field("quiet", o.quiet);
  field("fsync", o.fsync);
  field("mpi_coordinator_only", o.mpi_coordinator_only);
  field("deadline", o.deadline);
  field("hours", o.hours);
  field("stop_signal", o.stop_signal);
  field("command_line", o.command_line);
  field("handle_signals", o.handle_signals);
}

}  // namespace

nlohmann::json options_to_json(const SelfplayOptions& opts) {
  nlohmann::json j = nlohmann::json::object();
  each_setting(opts, [&](const char* name, const auto& member) { j[name] = member; });
  return j;
}

SelfplayOptions options_from_json(const nlohmann::json& j) {
  SelfplayOptions opts;
  each_setting(opts, [&](const char* name, auto& member) {
    j.at(name).get_to(member);
  });
  return opts;
}

}  // namespace arena::selfplay
