// Clock use over logged games (see clock_use.hpp).
#include "selfplay/clock_use.hpp"

#include <cstdio>
#include <string_view>

#include "engine/core/errors.hpp"
#include "selfplay/engine_entry.hpp"
#include "selfplay/play_game.hpp"

namespace arena::selfplay {

namespace {

/// v with two decimals.
std::string two_decimals(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

/// The --each value of a recorded command line ("--each V" or "--each=V"), "" when none.
std::string each_of(const std::vector<std::string>& command_line) {
  constexpr std::string_view kEach = "--each";
  for (std::size_t i = 0; i < command_line.size(); ++i) {
    const std::string& arg = command_line[i];
    if (arg == kEach && i + 1 < command_line.size()) return command_line[i + 1];
    if (arg.starts_with(std::string(kEach) + "=")) return arg.substr(kEach.size() + 1);
  }
  return "";
}

/// The margin_ms that `text` (an --engine entry or an --each value) sets, if it parses.
template <class Parse>
std::optional<int> margin_of(const std::string& text, Parse parse) {
  if (text.empty()) return std::nullopt;
  try {
    return parse(text);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

}  // namespace

void add_clock_use(const records::GameRecord& g, const SideSettings& first,
                   const SideSettings& second, ClockUse& first_use, ClockUse& second_use) {
  const auto forgiven = forgiven_overruns(g, first, second);
  const auto moves = static_cast<std::int64_t>(g.times.size());
  const std::int64_t first_moves = (moves + (g.opening.size() % 2 == 0 ? 1 : 0)) / 2;
  const std::int64_t own_moves[2] = {first_moves, moves - first_moves};
  const SideSettings* settings[2] = {&first, &second};
  ClockUse* use[2] = {&first_use, &second_use};
  for (std::size_t s = 0; s < 2; ++s) {
    if (settings[s]->clock_ms <= 0) continue;
    ++use[s]->games;
    use[s]->given_ms += settings[s]->clock_ms + own_moves[s] * settings[s]->increment_ms;
    if (forgiven[s] > 0) ++use[s]->overrun_games;
    use[s]->overrun_ms += forgiven[s];
  }
}

std::optional<std::string> overrun_warning(const std::string& engine, const ClockUse& use) {
  const auto overrun = static_cast<double>(use.overrun_ms);
  if (use.games == 0 || overrun <= kOverrunShare * static_cast<double>(use.given_ms)) {
    return std::nullopt;
  }
  const auto games = static_cast<double>(use.games);
  return engine + " ran past its clock in " + std::to_string(use.overrun_games) + " of its " +
         std::to_string(use.games) + " games on a clock, by " +
         two_decimals(overrun / games / 1000.0) + " s a game against the " +
         two_decimals(static_cast<double>(use.given_ms) / games / 1000.0) +
         " s its clock gave it; its margin_ms forgave it, so it played on more time than the "
         "clock: the results are not at that time control";
}

SideSettings side_settings(const records::LogLimits& limits) {
  SideSettings side;
  side.limits.depth = limits.depth;
  side.limits.nodes = limits.nodes;
  side.limits.movetime_ms = limits.movetime_ms;
  if (limits.tc) {
    side.clock_ms = limits.tc->base_ms;
    side.increment_ms = limits.tc->increment_ms;
  }
  return side;
}

std::vector<SideSettings> logged_sides(const records::RunRecord& run) {
  const auto each_margin = margin_of(each_of(run.command_line), [](const std::string& t) {
    return parse_each(t).margin_ms;
  });
  std::vector<SideSettings> out;
  for (const auto& e : run.engines) {
    out.push_back(side_settings(e.limits.value_or(run.limits)));
    if (!is_external_entry(e.path)) continue;
    const auto own = margin_of(e.path, [](const std::string& t) {
      return parse_engine_entry(t).settings.margin_ms;
    });
    out.back().margin_ms = own.value_or(each_margin.value_or(kDefaultMarginMs));
  }
  return out;
}

}  // namespace arena::selfplay
