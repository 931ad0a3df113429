// gnuplot scripts for rating lists and SPRT trajectories, drawn through analysis/gnuplot.hpp.
// Names are printed with the `noenhanced` flag and quoted (single quotes: a quote doubled;
// double quotes: backslash escapes), so engine names cannot inject commands or markup.
#include "analysis/plot.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "analysis/gnuplot.hpp"
#include "engine/core/errors.hpp"

namespace arena::analysis {

namespace {

/// A gnuplot single-quoted string literal.
std::string quote(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'') out += '\'';
    if (c != '\n') out += c;
  }
  return out + "'";
}

/// A gnuplot double-quoted string literal; '\n' becomes a line break in titles.
std::string quote_text(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string terminal(const std::string& path) {
  return plot_format(path) == "svg" ? "set terminal svg size 900,560 dynamic background rgb 'white' font 'sans,12'\n"
                                    : "set terminal pngcairo size 900,560 font 'sans,11'\n";
}

std::string number(double x) {
  std::ostringstream out;
  out.precision(10);
  out << x;
  return out.str();
}

}  // namespace

std::string plot_format(const std::string& path, const std::string& option) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".svg" || ext == ".SVG") return "svg";
  if (ext == ".png" || ext == ".PNG") return "png";
  throw InputError(option + " " + path + ": the plot file must end in .svg or .png");
}

std::string rating_plot_script(const RatingList& list, const std::string& path) {
  std::vector<const Rating*> shown;
  std::string left_out;
  for (const auto& r : list.ratings) {
    if (std::isfinite(r.elo) && std::isfinite(r.ci95)) {
      shown.push_back(&r);
    } else {
      left_out += (left_out.empty() ? "" : ", ") + r.name;
    }
  }
  std::stable_sort(shown.begin(), shown.end(), [](const Rating* a, const Rating* b) { return a->elo > b->elo; });
  std::ostringstream s;
  s << terminal(path) << "set output " << quote(path) << "\n";
  std::string title = "Rating list (" + std::string(unit_name(list.unit)) + ", 95% intervals";
  if (list.first_move_fitted) title += ", first-move advantage " + number(std::round(list.first_move_elo * 10) / 10);
  title += ")";
  if (!left_out.empty()) title += "\nnot rated: " + left_out;
  s << "set title " << quote_text(title) << " noenhanced\n"
    << "set ylabel " << quote(std::string(unit_name(list.unit))) << "\n"
    << "set grid ytics\nset key off\nset xzeroaxis\n"
    << "set xrange [-0.5:" << (shown.empty() ? 0.5 : static_cast<double>(shown.size()) - 0.5) << "]\n"
    << "set xtics rotate by -30 noenhanced\n";
  s << "$ratings << EOD\n";
  for (std::size_t i = 0; i < shown.size(); ++i) {
    s << i << " " << number(shown[i]->elo) << " " << number(shown[i]->ci95) << " \"";
    for (const char c : shown[i]->name) s << (c == '"' || c == '\n' ? '_' : c);
    s << "\"\n";
  }
  s << "EOD\n";
  if (shown.empty()) {
    s << "set yrange [-1:1]\nplot 0 with lines lc rgb 'gray'\n";
  } else {
    s << "plot $ratings using 1:2:3:xtic(4) with yerrorbars pt 7 ps 1.2 lc rgb '#1f5fa8'\n";
  }
  s << "unset output\n";
  return s.str();
}

std::string llr_plot_script(const std::vector<double>& llr, const SprtResult& result, const std::string& title,
                            const std::string& path) {
  std::ostringstream s;
  const std::string unit(unit_name(result.unit));
  s << terminal(path) << "set output " << quote(path) << "\n"
    << "set title " << quote_text(title + "\nSPRT " + std::string(model_name(result.model)) + ", H0 " + number(result.elo0) +
                             " " + unit + ", H1 " + number(result.elo1) + " " + unit + ", alpha " +
                             number(result.alpha) + ", beta " + number(result.beta))
    << " noenhanced\n"
    << "set xlabel 'pairs'\nset ylabel 'LLR'\nset grid\nset key below horizontal\n"
    << "lower = " << number(result.bounds.lower) << "\nupper = " << number(result.bounds.upper) << "\n";
  double low = result.bounds.lower;
  double high = result.bounds.upper;
  for (const double x : llr) {
    low = std::min(low, x);
    high = std::max(high, x);
  }
  const double margin = 0.1 * (high - low);
  s << "set yrange [" << number(low - margin) << ":" << number(high + margin) << "]\n";
  // Whole pairs only: gnuplot's automatic tics would show half pairs on short runs.
  s << "set xrange [0:" << std::max<std::size_t>(llr.size(), 1) << "]\nset xtics "
    << std::max<std::size_t>(1, (llr.size() + 9) / 10) << "\n";
  s << "$llr << EOD\n0 0\n";
  for (std::size_t i = 0; i < llr.size(); ++i) s << i + 1 << " " << number(llr[i]) << "\n";
  s << "EOD\n"
    << "plot $llr using 1:2 with lines lw 2 lc rgb '#1f5fa8' title 'LLR', "
       "lower with lines dt 2 lc rgb '#b03030' title 'accept H0', "
       "upper with lines dt 2 lc rgb '#208020' title 'accept H1'\n"
    << "unset output\n";
  return s.str();
}

void draw_plot(const std::string& script, const std::string& path, const std::string& option) {
  if (!gnuplot_available()) {
    throw InputError(option + ": gnuplot is not installed (no 'gnuplot' on PATH); install it or omit " + option);
  }
  std::error_code ec;
  std::filesystem::remove(path, ec);
  try {
    run_gnuplot(script);
  } catch (const std::runtime_error& e) {
    throw InputError(option + " " + path + ": " + e.what());
  }
  if (!std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0) {
    throw InputError(option + " " + path + ": gnuplot wrote no plot (is the folder writable?)");
  }
}

}  // namespace arena::analysis
