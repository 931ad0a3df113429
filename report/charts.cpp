// Charts through gnuplot (see charts.hpp). Each chart is: a data file in gnuplot's whitespace
// format (labels double-quoted), a short script, one gnuplot run, the SVG inlined.
#include "report/charts.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <stdlib.h>  // mkdtemp (POSIX)

#include "analysis/gnuplot.hpp"
#include "analysis/plot.hpp"

namespace fs = std::filesystem;

namespace arena::report {
namespace {

constexpr const char* kTerminal =
    "set terminal svg size 560,320 dynamic noenhanced font 'DejaVu Sans,10' "
    "background rgb 'white'\nset output 'chart.svg'\nset grid ytics lc rgb '#dddddd'\n"
    "set border 3\nset tics nomirror\nset key top left\n";

/// A label safe inside gnuplot's double quotes.
std::string gnuplot_label(std::string s) {
  for (char& c : s) {
    if (c == '"' || c == '\\') c = '\'';
  }
  return '"' + s + '"';
}

/// Replaces every `from` in s by `to`.
void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
}

bool finite(double v) { return std::isfinite(v); }

/// "ELO LOW HIGH"; "" when one of them is not finite (no Elo, or an unbounded interval).
std::string elo_row(double elo, double low, double high) {
  if (!finite(elo) || !finite(low) || !finite(high)) return "";
  std::ostringstream s;
  s << elo << ' ' << low << ' ' << high;
  return s.str();
}

std::string pairs_chart_data(const Statistics& st, std::string& title) {
  std::ostringstream data;
  int row = 0;
  title = "Elo of each pair (first engine's view, 95% interval)";
  for (const auto& p : st.report.pairs) {
    const auto& e = p.stats.elo;
    if (!finite(e.value) || !finite(e.low) || !finite(e.high)) continue;
    data << ++row << ' ' << e.value << ' ' << e.low << ' ' << e.high << ' '
         << gnuplot_label(p.counts.a + " vs " + p.counts.b) << '\n';
  }
  return row == 0 ? "" : data.str();
}

/// A chart before gnuplot draws it: its id and title, the script (after the common svg
/// terminal lines when `terminal`) and its data files (name, content).
struct ChartSpec {
  std::string id;
  std::string title;
  std::string script;
  std::vector<std::pair<std::string, std::string>> files;
  bool terminal = true;
};

/// Step 1: the rating list with error bars (more than two engines: the analysis library's
/// plot), else the Elo of each pair.
void rating_chart(const Statistics& st, std::vector<ChartSpec>& out) {
  if (st.report.ratings) {
    out.push_back({"ratings", "Rating list (Elo, 95% interval)",
                   analysis::rating_plot_script(*st.report.ratings, "chart.svg"), {}, false});
  } else if (std::string title, data = pairs_chart_data(st, title); !data.empty()) {
    out.push_back({"ratings", title,
                   "set ylabel 'Elo'\nset xrange [0.5:*]\nset offsets 0, 0.5, 0, 0\nset xtics rotate by -20\n"
                   "set key off\nplot 0 with lines lc rgb '#999999' notitle, "
                   "'ratings.dat' using 1:2:3:4:xtic(5) with yerrorbars pt 7 ps 0.8 lc rgb '#1f6feb'\n",
                   {{"ratings.dat", data}}});
  }
}

/// Step 2: the SPRT's LLR after each pair, one line per engine pair, between the bounds of the
/// first pair's SPRT.
void sprt_chart(const Statistics& st, std::vector<ChartSpec>& out) {
  std::ostringstream data, plot;
  int index = 0;
  const analysis::SprtResult* first = nullptr;
  auto add_lines = [&](const analysis::GamesReport& report, const std::vector<std::vector<double>>& paths,
                       const std::string& prefix) {
    for (std::size_t k = 0; k < report.pairs.size(); ++k) {
      const auto& p = report.pairs[k];
      if (paths[k].empty() || !p.sprt) continue;
      if (first == nullptr) first = &*p.sprt;
      if (index > 0) data << "\n\n";
      for (std::size_t i = 0; i < paths[k].size(); ++i) data << i + 1 << ' ' << paths[k][i] << '\n';
      plot << ", 'llr.dat' index " << index << " using 1:2 with lines lw 1.5 title "
           << gnuplot_label(prefix + p.counts.a + " vs " + p.counts.b);
      ++index;
    }
  };
  add_lines(st.report, st.llr_paths, "");
  for (const auto& log : st.by_log) add_lines(log.report, log.llr_paths, log.label + ": ");
  if (first == nullptr) return;
  const auto& s = *first;
  char title[160];
  std::snprintf(title, sizeof title, "SPRT [%g, %g] %s, %s, alpha %g, beta %g", s.elo0, s.elo1,
                std::string(analysis::unit_name(s.unit)).c_str(),
                std::string(analysis::model_name(s.model)).c_str(), s.alpha, s.beta);
  std::ostringstream script;
  script << "set xlabel 'pairs'\nset ylabel 'LLR'\nset title " << gnuplot_label(title) << "\nplot "
         << s.bounds.upper << " with lines dt 2 lc rgb '#2da44e' title 'accept H1', "
         << s.bounds.lower << " with lines dt 2 lc rgb '#cf222e' title 'accept H0'" << plot.str()
         << '\n';
  out.push_back({"sprt", "SPRT: log-likelihood ratio after each pair", script.str(),
                 {{"llr.dat", data.str()}}});
}

/// Step 3: a loop's rounds (its summary.json; nothing when `loop` has no rounds): each round's
/// Elo with its interval and the final match, and the fit losses before and after.
void loop_charts(const std::optional<records::LoopRecord>& loop, std::vector<ChartSpec>& out) {
  if (!loop || loop->rounds.empty()) return;
  std::ostringstream elo, loss;
  const int rounds = static_cast<int>(loop->rounds.size());
  for (const auto& r : loop->rounds) {
    if (const auto line = elo_row(r.elo, r.elo_low, r.elo_high); !line.empty()) {
      elo << r.round << ' ' << line << ' ' << (r.accepted ? 1 : 0) << '\n';
    }
    loss << r.round;
    for (const double v : {r.train_loss_before, r.train_loss_after, r.holdout_loss_before,
                           r.holdout_loss_after}) {
      loss << ' ' << (finite(v) ? std::to_string(v) : "NaN");
    }
    loss << '\n';
  }
  std::ostringstream best;
  if (const auto& f = loop->best_vs_start; f.played) {
    if (const auto line = elo_row(f.elo, f.elo_low, f.elo_high); !line.empty()) {
      best << rounds + 1 << ' ' << line << '\n';
    }
  }
  // Integer rounds only; the final match sits one step right of the last round, labelled.
  const std::string final_tic =
      best.str().empty() ? "" : "set xtics add ('final' " + std::to_string(rounds + 1) + ")\n";
  std::string script =
      "set xlabel 'round'\nset ylabel 'Elo'\nset xtics 1\n" + final_tic + "set xrange [0.5:" +
      std::to_string(rounds + (best.str().empty() ? 0.5 : 1.5)) +
      "]\nplot 0 with lines lc rgb '#999999' notitle, "
      "'elo.dat' using 1:2:3:4 with yerrorbars pt 7 lc rgb '#1f6feb' title 'candidate vs best (match)', "
      "'elo.dat' using ($5 > 0 ? $1 : NaN):2 with points pt 6 ps 2 lc rgb '#2da44e' title 'accepted'";
  if (!best.str().empty()) {
    script += ", 'best.dat' using 1:2:3:4 with yerrorbars pt 5 lc rgb '#cf222e' title 'best vs start (final match)'";
  }
  if (!elo.str().empty()) {
    out.push_back({"loop-elo", "Loop: Elo of each round's match and of the best config against the start",
                   script + "\n",
                   {{"elo.dat", elo.str()}, {"best.dat", best.str()}}});
  }
  out.push_back({"loop-loss", "Loop: training and holdout loss of each fit, before and after",
                 "set xlabel 'round'\nset ylabel 'loss (mean squared error, centi-units squared)'\n"
                 "set xtics 1\nset xrange [0.5:" + std::to_string(rounds + 0.5) + "]\nset key top right\n"
                 "plot 'loss.dat' using 1:2 with linespoints dt 2 lc rgb '#1f6feb' title 'train before', "
                 "'loss.dat' using 1:3 with linespoints lc rgb '#1f6feb' title 'train after', "
                 "'loss.dat' using 1:4 with linespoints dt 2 lc rgb '#d9822b' title 'holdout before', "
                 "'loss.dat' using 1:5 with linespoints lc rgb '#d9822b' title 'holdout after'\n",
                 {{"loss.dat", loss.str()}}});
}

/// Step 4: the histogram of game lengths (plies, passes included).
void length_chart(const Statistics& st, std::vector<ChartSpec>& out) {
  if (st.outcomes.empty()) return;
  std::map<int, int> lengths;
  for (const auto& o : st.outcomes) ++lengths[o.plies];
  std::ostringstream data;
  for (const auto& [plies, count] : lengths) data << plies << ' ' << count << '\n';
  out.push_back({"lengths", "Game length (plies, passes included)",
                 "set xlabel 'plies'\nset ylabel 'games'\nset key off\nset style fill solid 0.6\n"
                 "set boxwidth 0.9\nplot 'lengths.dat' using 1:2 with boxes lc rgb '#1f6feb'\n",
                 {{"lengths.dat", data.str()}}});
}

/// Step 5: the first player's advantage per log (Elo with its interval, the score in brackets).
void first_player_chart(const Statistics& st, std::vector<ChartSpec>& out) {
  std::ostringstream first;
  int row = 0;
  for (const auto& f : st.first_player_by_log) {
    const auto& e = f.stats.elo;
    if (f.counts.games() == 0 || !finite(e.value) || !finite(e.low) || !finite(e.high)) continue;
    char score[32];
    std::snprintf(score, sizeof score, " (%.3f)", f.stats.score);
    first << ++row << ' ' << e.value << ' ' << e.low << ' ' << e.high << ' ' << gnuplot_label(f.label + score)
          << '\n';
  }
  if (row == 0) return;
  out.push_back({"first-player", "First player's advantage per log (Elo, 95% interval; score in brackets)",
                 "set ylabel 'Elo of the first player'\nset xrange [0.5:" + std::to_string(row + 0.5) +
                     "]\nset xtics rotate by -20\nset key off\nplot 0 with lines lc rgb '#999999' notitle, "
                     "'first.dat' using 1:2:3:4:xtic(5) with yerrorbars pt 7 lc rgb '#d9822b'\n",
                 {{"first.dat", first.str()}}});
}

}  // namespace

std::string chart_svg(const std::string& gnuplot, const std::string& id, const std::string& script,
                      const std::vector<std::pair<std::string, std::string>>& data_files) {
  std::string tmpl = (fs::temp_directory_path() / "arena-report-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
  const fs::path dir(tmpl);
  for (const auto& [name, content] : data_files) std::ofstream(dir / name) << content;
  std::string text;
  try {
    analysis::run_gnuplot(script, dir, gnuplot);
    std::ifstream svg_in(dir / "chart.svg");
    std::stringstream svg;
    svg << svg_in.rdbuf();
    text = svg.str();
  } catch (const std::runtime_error& e) {
    fs::remove_all(dir);
    throw std::runtime_error("chart '" + id + "': " + e.what());
  }
  fs::remove_all(dir);
  const std::size_t start = text.find("<svg");
  if (start == std::string::npos) throw std::runtime_error("gnuplot wrote no chart '" + id + "'");
  text.erase(0, start);
  // gnuplot names its point shapes and groups the same in every chart: make them unique.
  replace_all(text, "id='gp", "id='" + id + "-gp");
  replace_all(text, "'#gp", "'#" + id + "-gp");
  replace_all(text, "id=\"gnuplot_", "id=\"" + id + "-gnuplot_");
  return text;
}

std::vector<Chart> make_charts(const std::string& gnuplot, const Statistics& st,
                               const std::optional<records::LoopRecord>& loop,
                               std::vector<std::string>& problems) {
  std::vector<ChartSpec> specs;
  rating_chart(st, specs);
  sprt_chart(st, specs);
  loop_charts(loop, specs);
  length_chart(st, specs);
  first_player_chart(st, specs);
  std::vector<Chart> charts;
  for (const auto& c : specs) {
    try {
      charts.push_back({c.id, c.title, chart_svg(gnuplot, c.id, (c.terminal ? kTerminal : "") + c.script, c.files)});
    } catch (const std::exception& e) {
      problems.push_back(e.what());
    }
  }
  return charts;
}

}  // namespace arena::report
