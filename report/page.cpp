// Rendering the report page (see page.hpp). Tables carry their raw values in data-* attributes
// next to the rounded text, so scripted checks (tests/browser) read exact numbers.
#include "report/page.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "analysis/sprt.hpp"
#include "report/assets.hpp"
#include "report/verdicts.hpp"

namespace arena::report {
namespace {

/// printf-style number; "-" for NaN, "+inf"/"-inf" for infinities.
std::string fmt(double v, const char* format = "%.2f") {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string raw(double v) {
  if (!std::isfinite(v)) return fmt(v);
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

/// A table cell: text, with the raw value in data-v and its key in data-k.
std::string td(const std::string& key, const std::string& text, const std::string& value = "",
               const char* cls = "") {
  std::string out = "<td";
  if (*cls != '\0') out += std::string(" class=\"") + cls + "\"";
  if (!key.empty()) out += " data-k=\"" + key + "\"";
  out += " data-v=\"" + html_escape(value.empty() ? text : value) + "\">";
  return out + html_escape(text) + "</td>";
}

std::string td_num(const std::string& key, double v, const char* format = "%.2f") {
  return td(key, fmt(v, format), raw(v));
}

std::string td_int(const std::string& key, std::int64_t v) {
  return td(key, std::to_string(v));
}

/// "[low, high]", built by appends (GCC 12 warns falsely, -Wrestrict, on "[" + std::string).
std::string interval(double low, double high) {
  std::string out = "[";
  out += fmt(low);
  out += ", ";
  out += fmt(high);
  out += "]";
  return out;
}

std::string join(const std::vector<std::string>& words, const std::string& sep) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

void runs_section(const PageContent& c, std::ostringstream& out) {
  out << "<h2 id=\"runs\">Runs</h2>\n<table id=\"runs-table\"><tr><th class=\"l\">log</th>"
         "<th class=\"l\">game</th><th class=\"l\">engines (name, config hash)</th><th>games</th>"
         "<th class=\"l\">started</th><th class=\"l\">limits, openings, SPRT</th>"
         "<th class=\"l\">command</th></tr>\n";
  for (const auto& log : c.inputs->logs) {
    const auto& r = log.file.run;
    std::vector<std::string> engines;
    for (const auto& e : r.engines) {
      engines.push_back("<b>" + html_escape(e.name) + "</b> <code>" + html_escape(e.hash) + "</code>");
    }
    std::vector<std::string> settings;
    if (r.limits.depth > 0) settings.push_back("depth " + std::to_string(r.limits.depth));
    if (r.limits.nodes > 0) settings.push_back("nodes " + std::to_string(r.limits.nodes));
    if (r.limits.movetime_ms > 0) settings.push_back("movetime " + std::to_string(r.limits.movetime_ms) + " ms");
    if (r.limits.tc) settings.push_back("tc " + r.limits.tc->text);
    settings.push_back("openings " + r.openings);
    if (r.sprt) settings.push_back("SPRT " + r.sprt->text);
    if (!r.rules.empty()) settings.push_back("rules " + r.rules);
    out << "<tr data-log=\"" << html_escape(log.label) << "\">"
        << td("", log.label + (log.training ? " (training)" : ""), "", "l")
        << "<td class=\"l" << (log.known_game ? "" : " problem") << "\">" << html_escape(r.game)
        << "</td><td class=\"l wrap\">" << join(engines, ", ") << "</td>"
        << td_int("games", static_cast<std::int64_t>(log.file.games.size()))
        << td("", r.start_time, "", "l") << td("", join(settings, "; "), "", "l wrap")
        << "<td class=\"l wrap\"><code>" << html_escape(join(r.command_line, " ")) << "</code></td></tr>\n";
  }
  out << "</table>\n";
}

/// A table of engine pairs (id `table_id`); with `log_labels`, a first column names each row's
/// log. The verdict columns come first, so they stay in view on a narrow window.
void pairs_table(const std::string& table_id, const std::vector<analysis::PairReport>& pairs,
                 const std::vector<std::string>& log_labels, std::ostringstream& out) {
  out << "<table id=\"" << table_id << "\"><tr>" << (log_labels.empty() ? "" : "<th class=\"l\">log</th>")
      << "<th class=\"l\">engines</th><th class=\"l\">SPRT verdict</th><th>LLR</th><th>Elo</th>"
         "<th>&plusmn; 95%</th><th>95% interval</th><th>LOS</th><th>nElo</th>"
         "<th title=\"games counted: both games of each complete pair when the games are paired\">games</th>"
         "<th>pairs</th><th>W</th><th>D</th><th>L</th><th>LL</th><th>LD</th><th>WL+DD</th><th>WD</th>"
         "<th>WW</th><th>score</th><th>draws</th></tr>\n";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& p = pairs[i];
    const auto& c = p.counts;
    const auto& s = p.stats;
    out << "<tr data-a=\"" << html_escape(c.a) << "\" data-b=\"" << html_escape(c.b) << "\">";
    if (!log_labels.empty()) out << td("log", log_labels[i], "", "l");
    out << td("engines", c.a + " vs " + c.b, "", "l wrap");
    if (p.sprt) {
      const auto& t = *p.sprt;
      const std::string verdict = t.state == analysis::SprtState::AcceptH1   ? "H1 accepted"
                                  : t.state == analysis::SprtState::AcceptH0 ? "H0 accepted"
                                                                             : "continue";
      const std::string recorded =
          p.decision ? " (recorded at pair " + std::to_string(p.decision->pairs) + ")" : "";
      out << td("verdict", verdict + recorded, std::string(analysis::state_name(t.state)), "l wrap")
          << td_num("llr", t.llr);
    } else {
      out << td("verdict", "-", "", "l") << td("llr", "-");
    }
    out << td_num("elo", s.elo.value) << td_num("elo_error", s.elo.ci95)
        << td("elo_ci95", interval(s.elo.low, s.elo.high))
        << td("los", fmt(100 * s.los) + " %", raw(s.los)) << td_num("nelo", s.nelo.value)
        << td_int("games", s.games) << td_int("pairs", c.pentanomial.pairs())
        << td_int("wins", c.wdl.wins) << td_int("draws", c.wdl.draws) << td_int("losses", c.wdl.losses);
    if (c.pentanomial.pairs() > 0) {
      out << td_int("ll", c.pentanomial.ll) << td_int("ld", c.pentanomial.ld)
          << td_int("wldd", c.pentanomial.wl_dd) << td_int("wd", c.pentanomial.wd)
          << td_int("ww", c.pentanomial.ww);
    } else {
      for (const char* k : {"ll", "ld", "wldd", "wd", "ww"}) out << td(k, "-");
    }
    out << td_num("score", s.score, "%.3f") << td_num("draw_ratio", s.draw_ratio, "%.3f") << "</tr>\n";
  }
  out << "</table>\n";
  // Each test's settings and bounds below the table, as `arena analyze` prints them (a column
  // of them would push the table past the window).
  std::ostringstream tests;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (!pairs[i].sprt) continue;
    const auto& c = pairs[i].counts;
    tests << "<li data-a=\"" << html_escape(c.a) << "\" data-b=\"" << html_escape(c.b) << "\" data-k=\"sprt\">"
          << html_escape((log_labels.empty() ? "" : log_labels[i] + ": ") + c.a + " vs " + c.b + ": " +
                         analysis::pair_verdict(pairs[i]).sprt_detail)
          << "</li>\n";
  }
  if (!tests.str().empty()) out << "<ul class=\"sprt-tests note\" id=\"" << table_id << "-tests\">\n" << tests.str() << "</ul>\n";
}

/// The headline: a box per match with its verdict in words and figures (verdicts.hpp).
void verdicts_section(const PageContent& c, std::ostringstream& out) {
  const auto verdicts = match_verdicts(*c.stats, c.inputs->loop);
  out << "<section id=\"verdicts\" class=\"verdicts\">\n";
  if (verdicts.empty()) {
    out << "<p class=\"note\">No match between different engines to judge.</p>\n";
  }
  for (const auto& v : verdicts) {
    const auto& w = v.verdict;
    out << "<div class=\"verdict" << (w.winner.empty() ? " even" : " decided") << "\" data-match=\""
        << html_escape(v.match) << "\" data-winner=\"" << html_escape(w.winner) << "\">\n"
        << "<div class=\"verdict-match\">" << html_escape(v.match)
        << (v.match == v.log ? "" : " <span class=\"note\">(" + html_escape(v.log) + ")</span>")
        << "</div>\n<div class=\"verdict-headline\">" << html_escape(w.headline) << "</div>\n"
        << "<div class=\"verdict-elo\">" << html_escape(w.elo) << "</div>\n"
        << "<div class=\"verdict-los\">" << html_escape(w.los) << "</div>\n";
    if (!w.sprt.empty()) {
      out << "<div class=\"verdict-sprt\"><b>" << html_escape(w.sprt) << "</b><br><span class=\"note\">"
          << html_escape(w.sprt_detail) << "</span></div>\n";
    } else {
      out << "<div class=\"verdict-sprt note\">no SPRT in this run</div>\n";
    }
    out << "</div>\n";
  }
  out << "</section>\n";
}

/// A loop's training games, each round's best config against a copy of itself: counted here
/// only (an engine against its own copy measures no strength).
void training_section(const Statistics& st, std::ostringstream& out) {
  if (st.training.empty()) return;
  out << "<h2 id=\"training\">Training games</h2>\n<p class=\"note\">Each round's self-play of the "
         "best config against a copy of itself, the tuner's data; not counted in the results "
         "above (they say nothing about strength).</p>\n<table id=\"training-table\"><tr>"
         "<th>round</th><th class=\"l\">log</th><th class=\"l\">engines</th><th>games</th>"
         "<th>first player W / D / L</th><th>first player score</th><th>average plies</th>"
         "<th class=\"l\">ended otherwise</th></tr>\n";
  for (const auto& t : st.training) {
    const auto& s = t.summary;
    std::vector<std::string> ended;
    for (const auto& [kind, count] : s.terminations) ended.push_back(kind + " " + std::to_string(count));
    const double score = s.games > 0 ? s.first_player.points() / static_cast<double>(s.games) : std::nan("");
    out << "<tr data-log=\"" << html_escape(t.label) << "\">" << td_int("round", t.round)
        << td("log", t.label, "", "l") << td("engines", join(t.engines, " vs "), "", "l wrap")
        << td_int("games", s.games)
        << td("first_player", std::to_string(s.first_player.wins) + " / " +
                                  std::to_string(s.first_player.draws) + " / " +
                                  std::to_string(s.first_player.losses))
        << td_num("first_player_score", score, "%.3f") << td_num("average_plies", s.average_plies, "%.1f")
        << td("terminations", ended.empty() ? "-" : join(ended, ", "), "", "l") << "</tr>\n";
  }
  out << "</table>\n";
}

void pairs_section(const Statistics& st, std::ostringstream& out) {
  out << "<h2 id=\"pairs\">Results by engine pair</h2>\n";
  if (st.report.pairs.empty()) {
    out << "<p class=\"note\">No games between different engines.</p>\n";
  } else {
    out << "<p class=\"note\">All counted games, as <code>arena analyze --json</code> of the same logs. "
           "From the first engine's point of view. Elo is logistic Elo with its 95% interval "
           "(pentanomial over complete pairs of games when there are any, per game otherwise); nElo is "
           "normalized Elo; LOS the likelihood of superiority."
        << (st.one_run ? "" : " The logs are of several runs, so each match is shown on its own below, with its SPRT.")
        << "</p>\n";
    pairs_table("pairs-table", st.report.pairs, {}, out);
  }
  if (st.by_log.empty()) return;
  std::vector<analysis::PairReport> rows;
  std::vector<std::string> labels;
  for (const auto& log : st.by_log) {
    for (const auto& p : log.report.pairs) {
      rows.push_back(p);
      labels.push_back(log.label);
    }
  }
  out << "<h3 id=\"by-log\">Each match on its own</h3>\n<p class=\"note\">Each log on its own, as "
         "<code>arena analyze LOG --json</code> of that log, with its own SPRT.</p>\n";
  pairs_table("sprt-table", rows, labels, out);
}

void ratings_section(const Statistics& st, std::ostringstream& out) {
  if (!st.report.ratings) return;
  const auto& list = *st.report.ratings;
  out << "<h2 id=\"ratings\">Rating list</h2>\n<p class=\"note\">Bradley-Terry maximum "
         "likelihood, logistic Elo, draws as half points, mean of the pool at 0; 95% intervals "
         "from the observed information. First-move advantage fitted jointly: "
      << fmt(list.first_move_elo) << " &plusmn; " << fmt(list.first_move_ci95) << " Elo.</p>\n"
      << "<table id=\"ratings-table\"><tr><th class=\"l\">engine</th><th>Elo</th><th>&plusmn; 95%</th>"
         "<th>games</th><th>points</th></tr>\n";
  for (const auto& r : list.ratings) {
    out << "<tr data-engine=\"" << html_escape(r.name) << "\">" << td("name", r.name, "", "l")
        << td_num("elo", r.elo) << td_num("ci95", r.ci95) << td_int("games", r.games)
        << td_num("points", r.points, "%.1f") << "</tr>\n";
  }
  out << "</table>\n";
  for (const auto& w : list.warnings) out << "<p class=\"problem\">" << html_escape(w) << "</p>\n";
}

void games_section(const Statistics& st, std::ostringstream& out) {
  const auto& s = st.report.summary;
  out << "<h2 id=\"overview\">Games</h2>\n<table id=\"games-table\"><tr><th class=\"l\"></th>"
         "<th>value</th></tr>\n<tr>" << td("", "games counted", "", "l") << td_int("games", s.games)
      << "</tr>\n<tr>" << td("", "first player W / D / L", "", "l")
      << td("first_player", std::to_string(s.first_player.wins) + " / " +
                                std::to_string(s.first_player.draws) + " / " +
                                std::to_string(s.first_player.losses))
      << "</tr>\n<tr>" << td("", "first player score", "", "l")
      << td_num("first_player_score", st.first_player.score, "%.3f") << "</tr>\n<tr>"
      << td("", "first player Elo advantage (95%)", "", "l")
      << td("first_player_elo", fmt(st.first_player.elo.value) + " ± " + fmt(st.first_player.elo.ci95),
            raw(st.first_player.elo.value))
      << "</tr>\n<tr>" << td("", "average length (plies)", "", "l")
      << td_num("average_plies", s.average_plies, "%.1f") << "</tr>\n";
  for (const auto& [kind, count] : s.terminations) {
    out << "<tr>" << td("", "ended by " + kind, "", "l") << td_int("termination-" + kind, count) << "</tr>\n";
  }
  out << "</table>\n";
}

/// Each engine's time as its logs recorded it: the numbers of `arena analyze`'s time lines
/// (analysis::time_use_json), wall time then CPU time ("-" where no game records CPU time).
void time_section(const Statistics& st, std::ostringstream& out) {
  if (st.report.summary.time_use.empty()) return;
  out << "<h2 id=\"time\">Time</h2>\n<p class=\"note\">As logged: wall time of each move, then "
         "CPU time where the log records it (arena's engines: the searching thread; outside "
         "engines: their processes), as <code>arena analyze</code> prints under \""
      << html_escape(analysis::kTimeUseHeading) << "\".</p>\n"
      << "<table id=\"time-table\"><tr><th class=\"l\">engine</th><th>s a game</th>"
         "<th>ms a move</th><th>longest move (ms)</th><th>CPU s a game</th><th>CPU ms a move</th>"
         "<th>games with CPU</th><th>games</th><th>moves</th></tr>\n";
  for (const auto& t : st.report.summary.time_use) {
    const nlohmann::json j = analysis::time_use_json(t);
    const auto number = [&j](const char* key) {
      return j.at(key).is_null() ? NAN : j.at(key).get<double>();
    };
    out << "<tr data-engine=\"" << html_escape(t.engine) << "\">" << td("name", t.engine, "", "l")
        << td_num("seconds_per_game", number("seconds_per_game"))
        << td_num("ms_per_move", number("ms_per_move"), "%.1f")
        << td_int("longest_move_ms", t.longest_ms)
        << td_num("cpu_seconds_per_game", number("cpu_seconds_per_game"))
        << td_num("cpu_ms_per_move", number("cpu_ms_per_move"), "%.1f")
        << td_int("cpu_games", t.cpu_games) << td_int("games", t.games)
        << td_int("moves", t.moves) << "</tr>\n";
  }
  out << "</table>\n";
}

/// A number cell of the loop tables: "-" for NaN (null in the record).
std::string td_loop_num(const char* key, double v, const char* format) {
  return std::isnan(v) ? td(key, "-") : td_num(key, v, format);
}

/// An interval cell of the loop tables; one with an open end (null) shown as the record has it.
std::string td_loop_interval(const char* key, double low, double high) {
  if (std::isnan(low) || std::isnan(high)) {
    const auto end = [](double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); };
    return td(key, nlohmann::json{end(low), end(high)}.dump(), "", "l wrap");
  }
  return td(key, interval(low, high));
}

std::string td_text(const char* key, const std::string& text) { return td(key, text, "", "l wrap"); }

/// One row of the loop's rounds table, in the order of its columns (loop_section).
std::string round_row(const records::RoundRecord& r) {
  return td_int("round", r.round) + td_text("sprt", r.sprt_state) +
         td("accepted", r.accepted ? "yes" : "no") + td_loop_num("elo", r.elo, "%.2f") +
         td_loop_interval("elo_ci95", r.elo_low, r.elo_high) + td_loop_num("llr", r.llr, "%.2f") +
         td_int("match_games", r.match_games) + td_int("wins", r.wins) + td_int("draws", r.draws) +
         td_int("losses", r.losses) + td_int("games", r.train_games) +
         td_int("positions", r.positions) +
         td_loop_num("holdout_loss_before", r.holdout_loss_before, "%.5f") +
         td_loop_num("holdout_loss_after", r.holdout_loss_after, "%.5f") +
         td_loop_num("train_loss_before", r.train_loss_before, "%.5f") +
         td_loop_num("train_loss_after", r.train_loss_after, "%.5f") +
         td_text("candidate_config", r.candidate_config) + td_text("best_config", r.best_config);
}

void loop_section(const std::optional<records::LoopRecord>& loop, std::ostringstream& out) {
  if (!loop) return;
  out << "<h2 id=\"loop\">Loop rounds</h2>\n";
  if (!loop->start_config.empty()) {  // "" for a running loop's rounds alone
    out << "<p>Start config <code>" << html_escape(nlohmann::json(loop->start_config).dump())
        << "</code>, best config <code>" << html_escape(nlohmann::json(loop->best_config).dump())
        << "</code>.</p>\n";
  }
  if (const auto& b = loop->best_vs_start; b.played) {
    out << "<table id=\"best-vs-start\"><tr><th class=\"l\">best vs start</th><th>Elo</th><th>95% interval</th>"
           "<th>games</th></tr><tr><td class=\"l\">final match</td>"
        << td_loop_num("elo", b.elo, "%.2f") << td_loop_interval("elo_ci95", b.elo_low, b.elo_high)
        << td_int("games", b.games) << "</tr></table>\n";
  }
  // Verdict columns first (they stay in view on a narrow window), config paths last.
  const std::vector<std::pair<const char*, const char*>> columns = {
      {"round", "round"}, {"sprt", "SPRT"}, {"accepted", "kept"}, {"elo", "Elo"},
      {"elo_ci95", "95% interval"}, {"llr", "LLR"}, {"match_games", "match games"},
      {"wins", "W"}, {"draws", "D"}, {"losses", "L"}, {"games", "training games"},
      {"positions", "fitted positions"}, {"holdout_loss_before", "holdout loss before"},
      {"holdout_loss_after", "holdout loss after"}, {"train_loss_before", "train loss before"},
      {"train_loss_after", "train loss after"}, {"candidate_config", "candidate config"},
      {"best_config", "best config"}};
  out << "<table id=\"loop-table\"><tr>";
  for (const auto& [key, header] : columns) out << "<th class=\"wrap\" data-k=\"" << key << "\">" << header << "</th>";
  out << "</tr>\n";
  for (const auto& r : loop->rounds) out << "<tr>" << round_row(r) << "</tr>\n";
  out << "</table>\n<p class=\"note\">Losses: mean squared error of the fit, centi-units squared; "
         "Elo of the round's candidate against the best config before it.</p>\n";
}

/// Background colour of a heat-map cell: blue for negative, red for positive weights.
std::string heat_colour(double v, double scale) {
  const double t = scale > 0 ? std::clamp(v / scale, -1.0, 1.0) : 0.0;
  const int fade = static_cast<int>(255 - 200 * std::abs(t));
  char buf[32];
  if (t >= 0) std::snprintf(buf, sizeof buf, "rgb(255,%d,%d)", fade, fade);
  else std::snprintf(buf, sizeof buf, "rgb(%d,%d,255)", fade, fade);
  return buf;
}

void heat_table(const BoardLook& look, const SquareTable& t, double scale, const std::string& caption,
                std::ostringstream& out) {
  out << "<table class=\"heat\"><caption>" << html_escape(caption) << "</caption><tr><th></th>";
  for (const auto& c : look.columns) out << "<th>" << html_escape(c) << "</th>";
  out << "</tr>\n";
  for (int y = 0; y < look.height; ++y) {
    out << "<tr><th>" << html_escape(look.rows[static_cast<std::size_t>(y)]) << "</th>";
    for (int x = 0; x < look.width; ++x) {
      const double v = t[static_cast<std::size_t>(look.width * y + x)];
      out << "<td style=\"background:" << heat_colour(v, scale) << "\" data-v=\"" << raw(v) << "\">"
          << fmt(v, "%.0f") << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</table>\n";
}

void weights_body(const std::optional<WeightsComparison>& w, std::ostringstream& out) {
  if (!w) {
    out << "<p class=\"note\">No tuned config to compare (a loop run folder, or logs whose run "
           "has two engines of one game, compare the start and the tuned weights).</p>\n";
    return;
  }
  out << "<p id=\"weights-pair\">before: <b>" << html_escape(w->before_label) << "</b> &rarr; after: <b>"
      << html_escape(w->after_label) << "</b></p>\n";
  if (!w->note.empty()) out << "<p class=\"note\">" << html_escape(w->note) << "</p>\n";
  for (std::size_t i = 0; i < w->before_tables.size(); ++i) {
    double scale = 0;
    for (const auto* t : {&w->before_tables[i], &w->after_tables[i]}) {
      for (double v : *t) scale = std::max(scale, std::abs(v));
    }
    out << "<h3>Square weights, " << html_escape(w->table_phases[i]) << "</h3><div class=\"heatmaps\">";
    heat_table(w->look, w->before_tables[i], scale, "before: " + w->before_label, out);
    heat_table(w->look, w->after_tables[i], scale, "after: " + w->after_label, out);
    out << "</div>\n";
  }
  if (w->changes.empty()) {
    out << "<p class=\"note\">No weight changed.</p>\n";
    return;
  }
  out << "<h3>Largest changes</h3>\n<table id=\"weight-changes\"><tr><th class=\"l\">feature</th>"
         "<th>phase</th><th>before</th><th>after</th><th>change</th></tr>\n";
  for (const auto& ch : w->changes) {
    out << "<tr>" << td("feature", ch.feature, "", "l")
        << td("phase", ch.phases == 1 ? "all" : std::to_string(ch.phase))
        << td_num("before", ch.before, "%.3f") << td_num("after", ch.after, "%.3f")
        << td_num("change", ch.after - ch.before, "%+.3f") << "</tr>\n";
  }
  out << "</table>\n";
}

void weights_section(const std::optional<WeightsComparison>& w, std::ostringstream& out) {
  out << "<section id=\"weights-section\">\n<h2 id=\"weights\">Weights</h2>\n";
  weights_body(w, out);
  out << "</section>\n";
}

/// Replaces the @@NAME@@ slots of the template in one pass (inserted text is never rescanned).
std::string fill(const std::string& tmpl, const std::vector<std::pair<std::string, std::string>>& slots) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const std::size_t open = tmpl.find("@@", at);
    if (open == std::string::npos) break;
    const std::size_t close = tmpl.find("@@", open + 2);
    if (close == std::string::npos) break;
    const std::string name = tmpl.substr(open + 2, close - open - 2);
    const auto it = std::find_if(slots.begin(), slots.end(), [&](const auto& s) { return s.first == name; });
    out.append(tmpl, at, open - at);
    if (it != slots.end()) out += it->second;
    at = close + 2;
  }
  out.append(tmpl, at);
  return out;
}

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string script_json(const nlohmann::json& j) {
  // '<' only occurs inside JSON strings, where \u003c means the same: no "</script" or "<!--".
  const std::string text = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    if (ch == '<') out += "\\u003c";
    else out += ch;
  }
  return out;
}

std::string render_page(const PageContent& c) {
  std::ostringstream body;
  body << "<header><h1>" << html_escape(c.title) << "</h1>\n<p class=\"note\">Generated "
       << html_escape(c.generated) << " by arena " << html_escape(c.version) << ": <code id=\"command\">"
       << html_escape(c.command) << "</code></p>\n<nav><a href=\"#runs\">runs</a><a href=\"#pairs\">pairs</a>"
       << (c.stats->report.ratings ? "<a href=\"#ratings\">ratings</a>" : "")
       << (c.stats->report.summary.time_use.empty() ? "" : "<a href=\"#time\">time</a>")
       << (c.inputs->loop ? "<a href=\"#loop\">loop</a>" : "")
       << (c.stats->training.empty() ? "" : "<a href=\"#training\">training games</a>")
       << "<a href=\"#charts\">charts</a><a href=\"#weights\">weights</a><a href=\"#viewer\">games</a></nav></header>\n";
  if (!c.problems.empty()) {
    body << "<h2 id=\"problems-title\">Problems</h2>\n<ul id=\"problems\" class=\"problems\">\n";
    for (const auto& p : c.problems) body << "<li>" << html_escape(p) << "</li>\n";
    body << "</ul>\n";
  }
  verdicts_section(c, body);
  runs_section(c, body);
  pairs_section(*c.stats, body);
  ratings_section(*c.stats, body);
  games_section(*c.stats, body);
  time_section(*c.stats, body);
  loop_section(c.inputs->loop_summary, body);
  training_section(*c.stats, body);
  body << "<h2 id=\"charts\">Charts</h2>\n";
  if (!c.charts_note.empty()) body << "<p class=\"note\">" << html_escape(c.charts_note) << "</p>\n";
  body << "<div class=\"charts\">\n";
  for (const auto& chart : c.charts) {
    body << "<figure class=\"chart\" id=\"chart-" << chart.id << "\"><figcaption>" << html_escape(chart.title)
         << "</figcaption>\n" << chart.svg << "</figure>\n";
  }
  body << "</div>\n";
  weights_section(c.weights, body);
  body << "<script type=\"application/json\" id=\"arena-analysis\">" << script_json(c.analysis)
       << "</script>\n";
  return fill(asset("page.html"), {{"TITLE", html_escape(c.title)},
                                   {"STYLE", asset("report.css") + asset("chartlib.css")},
                                   {"BODY", body.str()},
                                   {"GAMES", script_json(c.games)},
                                   {"CHARTLIB", asset("chartlib.js")},
                                   {"VIEWER", asset("viewer.js")}});
}

}  // namespace arena::report
