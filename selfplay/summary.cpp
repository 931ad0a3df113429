// Progress lines and final summaries of self-play runs (see summary.hpp).
#include "selfplay/summary.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "analysis/report.hpp"

namespace arena::selfplay {

using nlohmann::json;

namespace {

/// A JSON number, or null for NaN and infinities (JSON has neither).
json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

std::string fixed(double v, int decimals) {
  if (std::isnan(v)) return "n/a";
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto s = static_cast<long long>(seconds + 0.5);
  char buf[64];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
  }
  return buf;
}

}  // namespace

void fill_results(SelfplaySummary& s, const MatchTally& tally,
                  const std::optional<analysis::SprtParams>& sprt,
                  const std::optional<analysis::SprtDecision>& decision) {
  s.pairings.clear();
  s.engines.clear();
  s.all_forfeit_engines.clear();
  for (int i = 0; i < tally.pairings(); ++i) {
    PairingSummary p;
    p.counts = tally.counts(i);
    p.stats = analysis::pair_stats(p.counts);
    p.terminations = tally.pairing_terminations(i);
    if (sprt) p.sprt = analysis::pair_sprt(p.counts, *sprt);
    if (decision && decision->first == p.counts.a && decision->second == p.counts.b) {
      p.sprt_all_games = p.sprt;
      p.sprt = decision->result;
      p.decision = decision;
    }
    const auto warnings = analysis::interval_warnings(p.counts, p.stats);
    s.warnings.insert(s.warnings.end(), warnings.begin(), warnings.end());
    s.pairings.push_back(std::move(p));
  }
  // Forfeits: a run of mostly forfeited games measures the clock or the crash, not strength.
  std::int64_t forfeited = 0;
  for (const auto& p : s.pairings) forfeited += p.terminations.forfeits;
  if (tally.games() > 0 && 2 * forfeited > tally.games()) {
    s.warnings.push_back(std::to_string(forfeited) + " of " + std::to_string(tally.games()) +
                         " games ended by a forfeit (timeout, crash or illegal move): the results "
                         "measure the failures, not the engines' strength");
  }
  const std::vector<analysis::TimeUse> times = tally.time_use();
  for (int e = 0; e < static_cast<int>(tally.names().size()); ++e) {
    EngineSummary es{tally.names()[static_cast<std::size_t>(e)], tally.engine_terminations(e),
                     tally.clock_use(e), std::nullopt};
    for (const auto& t : times) {
      if (t.engine == es.name) es.time = t;
    }
    const auto& t = es.terminations;
    if (t.games > 0 && t.forfeits == t.games) {
      s.all_forfeit_engines.push_back(es.name);
      s.warnings.push_back(es.name + " forfeited every one of its " + std::to_string(t.games) +
                           " games");
    }
    if (auto w = overrun_warning(es.name, es.clock)) s.warnings.push_back(std::move(*w));
    s.engines.push_back(std::move(es));
  }
}

namespace {

json terminations_json(const TerminationCounts& t) {
  json j = json::object();
  for (const records::Termination kind : records::all_terminations()) j[records::termination_name(kind)] = t.of(kind);
  return j;
}

/// "timeout 3, crash 1" for the kinds other than normal that occurred; "" when none did.
std::string terminations_text(const TerminationCounts& t) {
  std::string out;
  for (const records::Termination kind : records::all_terminations()) {
    if (kind == records::Termination::Normal || t.of(kind) == 0) continue;
    out += (out.empty() ? "" : ", ") + std::string(records::termination_name(kind)) + " " +
           std::to_string(t.of(kind));
  }
  return out;
}

}  // namespace

json summary_json(const SelfplaySummary& s) {
  json pairs = json::array();
  for (const auto& p : s.pairings) {
    json j = analysis::pair_json({p.counts, p.stats, p.sprt, p.decision, p.sprt_all_games});
    j["terminations"] = terminations_json(p.terminations);
    j["forfeits"] = p.terminations.forfeits;
    pairs.push_back(std::move(j));
  }
  json engines = json::array();
  for (const auto& e : s.engines) {
    engines.push_back({{"name", e.name},
                       {"games", e.terminations.games},
                       {"terminations", terminations_json(e.terminations)},
                       {"forfeits", e.terminations.forfeits},
                       {"overrun_games", e.clock.overrun_games},
                       {"overrun_ms", e.clock.overrun_ms},
                       {"time_use", e.time ? analysis::time_use_json(*e.time) : json(nullptr)}});
  }
  return {{"game", s.game},
          {"log", s.log_path},
          {"seed", s.seed},
          {"games_requested", s.games_requested},
          {"games_logged", s.games_logged},
          {"games_played", s.games_played},
          {"seconds", number(s.seconds)},
          {"games_per_second", number(s.games_per_second)},
          {"interrupted", s.interrupted},
          {"sprt_stopped", s.sprt_stopped},
          {"pairs", pairs},
          {"engines", engines},
          {"all_forfeit_engines", s.all_forfeit_engines},
          {"warnings", s.warnings}};
}

std::string summary_text(const SelfplaySummary& s) {
  std::ostringstream out;
  for (const auto& p : s.pairings) {
    const auto& c = p.counts;
    const auto& q = c.pentanomial;
    out << c.a << " vs " << c.b << ": " << c.wdl.games() << " games, W-D-L " << c.wdl.wins
        << "-" << c.wdl.draws << "-" << c.wdl.losses << ", score " << fixed(p.stats.score, 3)
        << ", " << analysis::elo_line(p.stats.elo, p.stats.exact_interval) << "\n"
        << "  pentanomial [LL LD WL+DD WD WW] = [" << q.ll << " " << q.ld << " " << q.wl_dd
        << " " << q.wd << " " << q.ww << "]";
    if (c.incomplete_pairs > 0) out << ", " << c.incomplete_pairs << " incomplete pair(s)";
    out << "\n";
    const std::string ends = terminations_text(p.terminations);
    out << "  terminations: normal " << p.terminations.of(records::Termination::Normal)
        << (ends.empty() ? "" : ", " + ends) << "\n";
    if (p.sprt) {
      out << "  SPRT (" << analysis::model_name(p.sprt->model) << ", elo0 " << p.sprt->elo0
          << ", elo1 " << p.sprt->elo1 << "): LLR " << fixed(p.sprt->llr, 2) << " in ["
          << fixed(p.sprt->bounds.lower, 2) << ", " << fixed(p.sprt->bounds.upper, 2) << "] -> "
          << analysis::state_name(p.sprt->state);
      if (p.decision) out << analysis::decision_note(*p.decision, p.sprt_all_games, c.wdl.games());
      out << "\n";
    }
  }
  bool timed = false;
  for (const auto& e : s.engines) {
    if (!e.time) continue;
    if (!timed) out << analysis::kTimeUseHeading << "\n";
    timed = true;
    out << "  " << e.name << ": " << analysis::time_use_text(*e.time) << "\n";
  }
  for (const auto& e : s.engines) {
    const std::string ends = terminations_text(e.terminations);
    if (ends.empty()) continue;
    out << e.name << ": " << e.terminations.games << " games, " << ends << "; lost by its own forfeit "
        << e.terminations.forfeits << "\n";
  }
  out << s.games_logged << "/" << s.games_requested << " games in the log (" << s.games_played
      << " played now, " << fixed(s.games_per_second, 2) << " games/s)";
  if (s.sprt_stopped) out << ", stopped by the SPRT";
  out << "\nlog: " << s.log_path << "\n";
  return out.str();
}

std::string progress_line(const MatchTally& tally, std::int64_t total,
                          const std::optional<analysis::SprtParams>& sprt,
                          double games_per_second) {
  std::ostringstream out;
  out << "[" << tally.games() << "/" << total << "]";
  if (tally.pairings() == 1) {
    const auto& c = tally.counts(0);
    const auto stats = analysis::pair_stats(c);
    out << " " << c.a << " vs " << c.b << " " << c.wdl.wins << "-" << c.wdl.draws << "-"
        << c.wdl.losses << " score " << fixed(stats.score, 3) << " Elo "
        << analysis::format_elo(stats.elo, analysis::kEloDecimals);
    if (sprt) {
      const auto r = analysis::pair_sprt(c, *sprt);
      out << " LLR " << fixed(r.llr, 2) << " [" << fixed(r.bounds.lower, 2) << ", "
          << fixed(r.bounds.upper, 2) << "]";
    }
  }
  const double remaining = static_cast<double>(total - tally.games());
  out << " " << fixed(games_per_second, 2) << " games/s ETA "
      << (games_per_second > 0 ? duration(remaining / games_per_second) : "?");
  return out.str();
}

ProgressPrinter::ProgressPrinter(bool enabled, std::int64_t total,
                                 std::optional<analysis::SprtParams> sprt)
    : enabled_(enabled), tty_(::isatty(STDERR_FILENO) != 0), total_(total), sprt_(sprt) {}

void ProgressPrinter::update(const MatchTally& tally, std::int64_t played, bool force) {
  if (!enabled_) return;
  const auto now = Clock::now();
  const auto period = tty_ ? std::chrono::milliseconds(200) : std::chrono::milliseconds(5000);
  if (!force && printed_ && now - last_ < period) return;
  if (!force && !printed_ && now - start_ < period) return;
  last_ = now;
  printed_ = true;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(played) / seconds : 0.0;
  const std::string line = progress_line(tally, total_, sprt_, rate);
  if (tty_) {
    std::cerr << "\r" << line << "\x1b[K" << std::flush;
  } else {
    std::cerr << line << "\n" << std::flush;
  }
}

void ProgressPrinter::finish(const MatchTally& tally, std::int64_t played) {
  if (!enabled_) return;
  update(tally, played, true);
  if (tty_) std::cerr << "\n";
}

}  // namespace arena::selfplay
