// The report's charts, drawn by gnuplot (svg terminal) and inlined into the page: the rating
// list (or the pairs' Elo) with 95% intervals, the SPRT's LLR after each pair between its
// bounds, a loop's per-round Elo and fit losses, the game-length histogram and the
// first-player advantage. No charting code of our own: this file only writes data and
// gnuplot scripts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "records/round_record.hpp"
#include "report/statistics.hpp"

namespace arena::report {

/// One chart: a title, an id (for the page's anchors) and the SVG element text.
struct Chart {
  std::string id;
  std::string title;
  std::string svg;
};

/// Runs `gnuplot` (a program name or path; analysis::run_gnuplot) on `script` in a fresh
/// temporary folder holding `data_files` (name, content); the script sets the svg terminal and
/// writes "chart.svg" there. Returns the SVG element (XML prologue dropped, ids prefixed with
/// `id` so several charts can share a page). Throws std::runtime_error with gnuplot's message
/// when it fails or is missing.
[[nodiscard]] std::string chart_svg(const std::string& gnuplot, const std::string& id,
                                    const std::string& script,
                                    const std::vector<std::pair<std::string, std::string>>& data_files);

/// All charts that apply to the statistics and the loop summary (nullopt when not a loop). A
/// chart gnuplot fails on is left out and its error added to `problems`.
[[nodiscard]] std::vector<Chart> make_charts(const std::string& gnuplot, const Statistics& stats,
                                             const std::optional<records::LoopRecord>& loop_summary,
                                             std::vector<std::string>& problems);

}  // namespace arena::report
