// Formatting of match statistics, SPRT results and rating lists. No statistics are computed
// here beyond calling the pure functions; the text layout is one block per engine pair.
#include "analysis/report.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <sstream>

namespace arena::analysis {

namespace {

using nlohmann::json;

/// A number for JSON: NaN and infinities become null (JSON has no such numbers).
json num(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

json wdl_json(const WdlCounts& c) {
  return {{"wins", c.wins}, {"draws", c.draws}, {"losses", c.losses}, {"score", num(c.games() > 0 ? c.points() / static_cast<double>(c.games()) : NAN)}};
}

json pentanomial_array(const PentanomialCounts& p) { return json::array({p.ll, p.ld, p.wl_dd, p.wd, p.ww}); }

std::string percent(double x) { return format_number(100.0 * x, 2) + " %"; }

std::string score_of(const WdlCounts& c) {
  return c.games() > 0 ? format_number(c.points() / static_cast<double>(c.games()), 4) : "-";
}

std::string wdl_text(const WdlCounts& c) {
  return "W " + std::to_string(c.wins) + ", D " + std::to_string(c.draws) + ", L " + std::to_string(c.losses);
}

std::string pentanomial_text(const PentanomialCounts& p) {
  return "LL " + std::to_string(p.ll) + ", LD " + std::to_string(p.ld) + ", WL+DD " + std::to_string(p.wl_dd) +
         ", WD " + std::to_string(p.wd) + ", WW " + std::to_string(p.ww);
}

/// "Elo 40.70 +- 30.43 [10.27, 71.13], nElo ..., LOS ..., draws ..." lines, indented.
std::string stats_text(const MatchStats& m, const std::string& indent) {
  std::ostringstream s;
  s << indent << "score " << format_number(m.score, 4) << " (over " << m.samples << (m.pentanomial ? " pairs" : " games")
    << ")\n"
    << indent << elo_line(m.elo, m.exact_interval) << "\n"
    << indent << unit_name(m.nelo.unit) << " " << format_number(m.nelo.value, 2) << " +- "
    << format_number(m.nelo.ci95, 2) << (m.pentanomial ? " (per pair)" : " (per game)") << "\n"
    << indent << "LOS " << percent(m.los) << ", draw ratio " << percent(m.draw_ratio)
    << (m.pentanomial ? " (of pairs: WL+DD)" : "") << "\n";
  return s.str();
}

std::string sprt_text(const PairReport& p, const std::string& indent) {
  const SprtResult& r = *p.sprt;
  const std::string unit(unit_name(r.unit));
  std::ostringstream s;
  s << indent << "SPRT " << model_name(r.model) << " [" << format_number(r.elo0, 2) << ", " << format_number(r.elo1, 2)
    << "] " << unit << ", alpha " << r.alpha << ", beta " << r.beta << " (over " << (r.pentanomial ? "pairs" : "games")
    << "): LLR " << format_number(r.llr, 2) << " (" << format_number(r.bounds.lower, 2) << ", "
    << format_number(r.bounds.upper, 2) << ") " << state_name(r.state);
  if (p.decision) s << decision_note(*p.decision, p.sprt_all_games, p.counts.wdl.games());
  s << "\n";
  return s.str();
}

std::string sprt_text(const SprtResult& r, const std::string& indent) {
  return sprt_text(PairReport{{}, {}, r, std::nullopt, std::nullopt}, indent);
}

}  // namespace

std::string format_number(double x, int decimals) {
  if (std::isnan(x)) return "-";
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x);
  return buffer;
}

std::string format_elo(const EloEstimate& e, int decimals) {
  const auto signed_number = [&](double x) { return (x >= 0 ? "+" : "") + format_number(x, decimals); };
  if (std::isnan(e.value)) return "-";
  if (std::isinf(e.value) && e.value > 0) return "> " + signed_number(e.low);
  if (std::isinf(e.value)) return "< " + signed_number(e.high);
  return format_number(e.value, decimals) + " +- " + format_number(e.ci95, decimals) + " [" +
         format_number(e.low, decimals) + ", " + format_number(e.high, decimals) + "]";
}

std::string elo_line(const EloEstimate& e, bool exact_interval) {
  return std::string(unit_name(e.unit)) + " " + format_elo(e, kEloDecimals) + " (95%" +
         (exact_interval ? ", exact binomial bound" : "") + ")";
}

EloEstimate elo_from_pair_json(const json& pair) {
  const auto number = [](const json& v) { return v.is_null() ? std::nan("") : v.get<double>(); };
  EloEstimate e;
  const std::string unit = pair.at("elo_unit");
  for (const EloUnit u : {EloUnit::Elo, EloUnit::NElo, EloUnit::BayesElo}) {
    if (unit_name(u) == unit) e.unit = u;
  }
  e.value = number(pair.at("elo"));
  e.ci95 = number(pair.at("elo_ci95"));
  e.low = number(pair.at("elo_interval").at(0));
  e.high = number(pair.at("elo_interval").at(1));
  if (const json& bound = pair.at("elo_bound"); !bound.is_null()) {
    const double inf = std::numeric_limits<double>::infinity();
    const bool lower = bound.at("kind") == "lower";
    e.value = e.ci95 = lower ? inf : -inf;
    (lower ? e.low : e.high) = number(bound.at("elo"));
    (lower ? e.high : e.low) = e.value;
  }
  return e;
}

json elo_bound_json(const EloEstimate& e) {
  if (!std::isinf(e.value)) return nullptr;
  return e.value > 0 ? json{{"kind", "lower"}, {"elo", num(e.low)}} : json{{"kind", "upper"}, {"elo", num(e.high)}};
}

std::vector<std::string> interval_warnings(const PairCounts& c, const MatchStats& m) {
  std::vector<std::string> out;
  const std::string who = c.a + " vs " + c.b + ": ";
  const std::int64_t pairs = c.pentanomial.pairs();
  if (pairs > 0 && pairs < kFewPairs) {
    out.push_back(who + "only " + std::to_string(pairs) + " complete pair(s); the 95% interval is rough");
  }
  if (m.exact_interval && m.samples > 0) {
    out.push_back(who + (std::isinf(m.elo.value) ? "a perfect score; the Elo is a one-sided exact binomial bound"
                                                 : "too few distinct results for a normal interval; its ends are "
                                                   "the exact binomial (Clopper-Pearson) bounds"));
  }
  return out;
}

json decided_sprt_json(const SprtResult& reported, const std::optional<SprtDecision>& decision,
                       const std::optional<SprtResult>& all) {
  json j = sprt_json(reported);
  j["decided"] = decision.has_value();
  if (decision) {
    j["decision_pairs"] = decision->pairs;
    j["decision_games"] = decision->games;
    j["llr_all_games"] = all ? num(all->llr) : json(nullptr);
  }
  return j;
}

std::string decision_note(const SprtDecision& d, const std::optional<SprtResult>& all, std::int64_t games) {
  std::string note = ", decided at pair " + std::to_string(d.pairs) + " (" + std::to_string(d.games) + " games)";
  if (all && games > d.games) {
    note += "; LLR over all " + std::to_string(games) + " games " + format_number(all->llr, 2) +
            " (games after the decision do not change it)";
  }
  return note;
}

json stats_json(const MatchStats& m) {
  return {{"score", num(m.score)},
          {"elo", num(m.elo.value)},
          {"elo_ci95", num(m.elo.ci95)},
          {"elo_interval", json::array({num(m.elo.low), num(m.elo.high)})},
          {"elo_bound", elo_bound_json(m.elo)},
          {"elo_unit", unit_name(m.elo.unit)},
          {"nelo", num(m.nelo.value)},
          {"nelo_ci95", num(m.nelo.ci95)},
          {"nelo_unit", unit_name(m.nelo.unit)},
          {"los", num(m.los)},
          {"draw_ratio", num(m.draw_ratio)},
          {"stats_over", m.pentanomial ? "pairs" : "games"},
          {"exact_interval", m.exact_interval}};
}

json sprt_json(const SprtResult& r) {
  return {{"llr", num(r.llr)},          {"lower", r.bounds.lower},     {"upper", r.bounds.upper},
          {"state", state_name(r.state)}, {"model", model_name(r.model)}, {"unit", unit_name(r.unit)},
          {"elo0", r.elo0},              {"elo1", r.elo1},              {"alpha", r.alpha},
          {"beta", r.beta},              {"over", r.pentanomial ? "pairs" : "games"}};
}

json counts_json(const std::optional<WdlCounts>& wdl, const std::optional<PentanomialCounts>& pentanomial,
                 const MatchStats& stats, const std::optional<SprtResult>& sprt) {
  json j = {{"games", stats.games}};
  if (wdl) {
    j["wins"] = wdl->wins;
    j["draws"] = wdl->draws;
    j["losses"] = wdl->losses;
  } else {
    // Pair counts do not say how WL+DD splits into wins and draws.
    j["wins"] = j["draws"] = j["losses"] = nullptr;
  }
  if (pentanomial) {
    j["pairs"] = pentanomial->pairs();
    j["pentanomial"] = pentanomial_array(*pentanomial);
  }
  j.update(stats_json(stats));
  j["sprt"] = sprt ? sprt_json(*sprt) : json(nullptr);
  return j;
}

std::string counts_text(const std::optional<WdlCounts>& wdl, const std::optional<PentanomialCounts>& pentanomial,
                        const MatchStats& stats, const std::optional<SprtResult>& sprt) {
  std::ostringstream s;
  s << stats.games << " games";
  if (wdl) s << " (" << wdl_text(*wdl) << ")";
  if (pentanomial) s << ", " << pentanomial->pairs() << " pairs (" << pentanomial_text(*pentanomial) << ")";
  s << "\n" << stats_text(stats, "");
  if (sprt) s << sprt_text(*sprt, "");
  return s.str();
}

GamesReport analyze_games(std::span<const GameOutcome> games, const std::vector<std::string>& engines,
                          const std::optional<SprtParams>& sprt, const RatingOptions& rating_options,
                          bool force_ratings) {
  GamesReport report;
  report.summary = summarize_games(games, engines);
  for (const auto& pc : report.summary.pairs) {
    PairReport pr{pc, pair_stats(pc), std::nullopt, std::nullopt, std::nullopt};
    if (sprt) pr.sprt = pair_sprt(pc, *sprt);
    const auto warnings = interval_warnings(pr.counts, pr.stats);
    report.warnings.insert(report.warnings.end(), warnings.begin(), warnings.end());
    report.pairs.push_back(std::move(pr));
  }
  std::vector<bool> played(report.summary.engines.size(), false);
  const auto& names = report.summary.engines;
  for (const auto& g : games) {
    played[static_cast<std::size_t>(std::find(names.begin(), names.end(), g.first) - names.begin())] = true;
    played[static_cast<std::size_t>(std::find(names.begin(), names.end(), g.second) - names.begin())] = true;
  }
  const auto players = std::count(played.begin(), played.end(), true);
  if (players > 2 || (force_ratings && players >= 2)) {
    report.ratings = fit_rating_list(names, rated_games(games, names), rating_options);
    report.warnings.insert(report.warnings.end(), report.ratings->warnings.begin(), report.ratings->warnings.end());
  }
  return report;
}

void apply_decision(GamesReport& report, const SprtDecision& decision) {
  for (auto& p : report.pairs) {
    if (p.counts.a != decision.first || p.counts.b != decision.second) continue;
    p.sprt_all_games = p.sprt;
    p.sprt = decision.result;
    p.decision = decision;
  }
}

json pair_json(const PairReport& p) {
  const PairCounts& c = p.counts;
  json j = {{"first", c.a},
            {"second", c.b},
            {"games", c.wdl.games()},
            {"wins", c.wdl.wins},
            {"draws", c.wdl.draws},
            {"losses", c.wdl.losses},
            {"pentanomial", pentanomial_array(c.pentanomial)},
            {"pairs", c.pentanomial.pairs()},
            {"incomplete_pairs", c.incomplete_pairs},
            {"unpaired_games", c.unpaired_games}};
  j.update(stats_json(p.stats));
  j["llr"] = p.sprt ? num(p.sprt->llr) : json(nullptr);
  j["sprt"] = p.sprt ? decided_sprt_json(*p.sprt, p.decision, p.sprt_all_games) : json(nullptr);
  j["first_moving"] = wdl_json(c.a_first);
  j["second_moving"] = wdl_json(c.a_second);
  return j;
}

namespace {

/// n >= 0 with a comma between groups of three digits ("6,000").
std::string grouped(std::int64_t n) {
  std::string digits = std::to_string(n);
  for (auto i = static_cast<std::ptrdiff_t>(digits.size()) - 3; i > 0; i -= 3) {
    digits.insert(static_cast<std::size_t>(i), ",");
  }
  return digits;
}

double seconds_per_game(const TimeUse& t) {
  return t.games > 0 ? static_cast<double>(t.ms) / static_cast<double>(t.games) / 1000.0 : NAN;
}

double ms_per_move(const TimeUse& t) {
  return t.moves > 0 ? static_cast<double>(t.ms) / static_cast<double>(t.moves) : NAN;
}

double cpu_seconds_per_game(const TimeUse& t) {
  return t.cpu_games > 0 ? static_cast<double>(t.cpu_ms) / static_cast<double>(t.cpu_games) / 1000.0
                         : NAN;
}

double cpu_ms_per_move(const TimeUse& t) {
  return t.cpu_moves > 0 ? static_cast<double>(t.cpu_ms) / static_cast<double>(t.cpu_moves) : NAN;
}

}  // namespace

std::string time_use_text(const TimeUse& t) {
  std::string text = format_number(seconds_per_game(t), 2) + " s a game, " +
                     format_number(ms_per_move(t), 1) + " ms a move, longest move " +
                     grouped(t.longest_ms) + " ms";
  if (t.cpu_games > 0) {
    text += "; CPU " + format_number(cpu_seconds_per_game(t), 2) + " s a game, " +
            format_number(cpu_ms_per_move(t), 1) + " ms a move";
    if (t.cpu_games < t.games) text += " in the " + grouped(t.cpu_games) + " games that record it";
  }
  return text + " (over " + grouped(t.games) + " games, " + grouped(t.moves) + " moves)";
}

json time_use_json(const TimeUse& t) {
  return {{"engine", t.engine},
          {"games", t.games},
          {"moves", t.moves},
          {"seconds_per_game", num(seconds_per_game(t))},
          {"ms_per_move", num(ms_per_move(t))},
          {"longest_move_ms", t.longest_ms},
          {"cpu_games", t.cpu_games},
          {"cpu_seconds_per_game", num(cpu_seconds_per_game(t))},
          {"cpu_ms_per_move", num(cpu_ms_per_move(t))}};
}

json report_json(const GamesReport& report, bool by_opening) {
  const GamesSummary& s = report.summary;
  json pairs = json::array();
  for (const auto& p : report.pairs) pairs.push_back(pair_json(p));
  json doc = {{"games", s.games}, {"engines", s.engines}, {"pairs", pairs}};
  if (report.ratings) {
    const RatingList& list = *report.ratings;
    json ratings = json::array();
    for (const auto& r : list.ratings) {
      ratings.push_back({{"name", r.name},
                         {"elo", num(r.elo)},
                         {"ci95", num(r.ci95)},
                         {"games", r.games},
                         {"points", r.points},
                         {"score", num(r.games > 0 ? r.points / static_cast<double>(r.games) : NAN)},
                         {"component", r.component},
                         {"all_wins", r.all_wins},
                         {"all_losses", r.all_losses},
                         {"anchor", r.anchor}});
    }
    doc["ratings"] = ratings;
    doc["rating_list"] = {{"unit", unit_name(list.unit)},
                          {"connected", list.connected},
                          {"components", list.components},
                          {"converged", list.converged},
                          {"first_move_elo", list.first_move_fitted ? num(list.first_move_elo) : json(nullptr)},
                          {"first_move_ci95", list.first_move_fitted ? num(list.first_move_ci95) : json(nullptr)}};
  } else {
    doc["ratings"] = nullptr;
    doc["rating_list"] = nullptr;
  }
  doc["first_player"] = wdl_json(s.first_player);
  doc["second_player_score"] =
      num(s.games > 0 ? 1.0 - s.first_player.points() / static_cast<double>(s.games) : NAN);
  doc["average_plies"] = num(s.average_plies);
  doc["terminations"] = json::object();
  for (const auto& [kind, count] : s.terminations) doc["terminations"][kind] = count;
  if (by_opening) {
    json openings = json::array();
    for (const auto& o : s.openings) {
      json j = {{"opening", o.opening}, {"games", o.first_player.games()}};
      j["first_player"] = wdl_json(o.first_player);
      openings.push_back(std::move(j));
    }
    doc["openings"] = openings;
  }
  doc["time_use"] = json::array();
  for (const auto& t : s.time_use) doc["time_use"].push_back(time_use_json(t));
  doc["warnings"] = report.warnings;
  return doc;
}

PairVerdict pair_verdict(const PairReport& p) {
  const PairCounts& c = p.counts;
  const MatchStats& m = p.stats;
  PairVerdict v;
  if (m.games == 0 || std::isnan(m.elo.value)) {
    v.headline = "no games between " + c.a + " and " + c.b;
  } else if (m.elo.low > 0) {
    v.winner = c.a;
    v.headline = c.a + " is stronger than " + c.b;
  } else if (m.elo.high < 0) {
    v.winner = c.b;
    v.headline = c.b + " is stronger than " + c.a;
  } else {
    v.headline = "no clear difference between " + c.a + " and " + c.b + " (the 95% interval holds 0)";
  }
  v.elo = std::string(unit_name(m.elo.unit)) + " of " + c.a + " against " + c.b + ": " +
          format_elo(m.elo, kEloDecimals) + " (95%" + (m.exact_interval ? ", exact binomial bound" : "") +
          ", over " + std::to_string(m.samples) + (m.pentanomial ? " pairs)" : " games)");
  v.los = "LOS " + percent(m.los) + " (likelihood that " + c.a + " is stronger)";
  if (p.sprt) {
    const SprtResult& r = *p.sprt;
    v.sprt = r.state == SprtState::AcceptH1   ? "SPRT: H1 accepted (" + c.a + " is stronger by elo1 or more)"
             : r.state == SprtState::AcceptH0 ? "SPRT: H0 accepted (" + c.a + " is not stronger by elo1)"
                                              : "SPRT: undecided (the games ran out before a bound was reached)";
    v.sprt_detail = sprt_text(p, "");
    if (!v.sprt_detail.empty() && v.sprt_detail.back() == '\n') v.sprt_detail.pop_back();
  }
  return v;
}

std::string report_text(const GamesReport& report, bool by_opening) {
  const GamesSummary& s = report.summary;
  std::ostringstream out;
  out << s.games << " games, " << s.engines.size() << " engines, average length "
      << format_number(s.average_plies, 1) << " plies\n"
      << "first player: " << wdl_text(s.first_player) << ", score " << score_of(s.first_player)
      << "; second player score "
      << (s.games > 0 ? format_number(1.0 - s.first_player.points() / static_cast<double>(s.games), 4) : "-")
      << "\n";
  if (!s.terminations.empty()) {
    out << "terminations other than normal:";
    for (const auto& [kind, count] : s.terminations) out << " " << kind << " " << count;
    out << "\n";
  }
  for (const auto& p : report.pairs) {
    const PairCounts& c = p.counts;
    out << "\n" << c.a << " vs " << c.b << ": " << c.wdl.games() << " games (" << wdl_text(c.wdl) << "), "
        << c.pentanomial.pairs() << " complete pairs (" << pentanomial_text(c.pentanomial) << ")";
    if (c.incomplete_pairs > 0) out << ", " << c.incomplete_pairs << " incomplete";
    out << "\n" << stats_text(p.stats, "  ");
    out << "  " << c.a << " moving first: " << wdl_text(c.a_first) << ", score " << score_of(c.a_first)
        << "; moving second: " << wdl_text(c.a_second) << ", score " << score_of(c.a_second) << "\n";
    if (p.sprt) out << sprt_text(p, "  ");
  }
  if (report.ratings) {
    const RatingList& list = *report.ratings;
    std::vector<const Rating*> order;
    for (const auto& r : list.ratings) order.push_back(&r);
    // Best first; unrated (NaN) last.
    std::stable_sort(order.begin(), order.end(), [](const Rating* a, const Rating* b) {
      if (std::isnan(a->elo) || std::isnan(b->elo)) return !std::isnan(a->elo) && std::isnan(b->elo);
      return a->elo > b->elo;
    });
    std::size_t width = 4;
    for (const auto* r : order) width = std::max(width, r->name.size());
    out << "\nrating list (" << unit_name(list.unit) << ", 95% intervals, "
        << (std::any_of(list.ratings.begin(), list.ratings.end(), [](const Rating& r) { return r.anchor; })
                ? "anchored engine at 0"
                : "pool mean 0")
        << ")";
    if (list.first_move_fitted) {
      out << ", first-move advantage " << format_number(list.first_move_elo, 1) << " +- "
          << format_number(list.first_move_ci95, 1);
    }
    out << "\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %4s  %-*s %8s %7s %7s %7s\n", "rank", static_cast<int>(width), "name", "elo",
                  "+-", "games", "score");
    out << line;
    int rank = 0;
    for (const auto* r : order) {
      const std::string flag = r->all_wins ? "  (all wins)" : r->all_losses ? "  (all losses)" : r->anchor ? "  (anchor)" : "";
      std::snprintf(line, sizeof line, "  %4d  %-*s %8s %7s %7lld %7s", ++rank, static_cast<int>(width),
                    r->name.c_str(), format_number(r->elo, 1).c_str(), format_number(r->ci95, 1).c_str(),
                    static_cast<long long>(r->games),
                    r->games > 0 ? format_number(r->points / static_cast<double>(r->games), 3).c_str() : "-");
      out << line << flag << "\n";
    }
  }
  if (!s.time_use.empty()) {
    out << "\n" << kTimeUseHeading << "\n";
    for (const auto& t : s.time_use) out << "  " << t.engine << ": " << time_use_text(t) << "\n";
  }
  if (by_opening) {
    out << "\nby opening (first player's results):\n";
    for (const auto& o : s.openings) {
      out << "  " << (o.opening.empty() ? "(none)" : o.opening) << ": " << o.first_player.games() << " games, "
          << wdl_text(o.first_player) << ", score " << score_of(o.first_player) << "\n";
    }
  }
  return out.str();
}

}  // namespace arena::analysis
