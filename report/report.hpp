// `arena report`: one self-contained HTML page for a run (a loop run folder or self-play logs)
// with the summary, charts (gnuplot), weights and a game viewer. The numbers come from the
// analysis library (report/statistics.hpp), the page from report/page.hpp, and problems with
// the input (torn lines, unknown games, unreadable files) are shown on the page rather than
// stopping it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/board_view.hpp"

namespace arena::report {

/// What to report on and how.
struct ReportOptions {
  std::vector<std::string> inputs;       ///< one loop run folder, or game logs
  std::vector<std::string> known_games;  ///< registered game names (others are a problem)
  std::string command;                   ///< the command line, shown on the page
  std::string gnuplot = "gnuplot";       ///< the chart program; "" = no charts
  std::string title;                     ///< "" = derived from the inputs
  std::size_t weight_changes = 20;       ///< rows of the largest-weight-changes table
  /// Each registered game's board (the viewer's positions, the weights heat map), by game
  /// name; the CLI passes the registry's board_views(). A game without one gets no board.
  std::map<std::string, GameViewer> boards;
};

/// The page and what it says.
struct Report {
  std::string html;
  nlohmann::json summary;              ///< statistics (as `arena analyze --json`), runs, problems
  std::vector<std::string> problems;   ///< also on the page; the CLI prints them on stderr
};

/// Builds the report. Throws InputError only when no input exists at all; every other input
/// problem is listed in Report::problems.
[[nodiscard]] Report build_report(const ReportOptions& options);

}  // namespace arena::report
