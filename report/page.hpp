// The report page: the summary, tables and charts rendered as HTML here, the game viewer's data
// and script from the embedded assets, all in one self-contained file (no network: a
// Content-Security-Policy forbids any fetch).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/board_view.hpp"
#include "report/charts.hpp"
#include "report/inputs.hpp"
#include "report/statistics.hpp"
#include "report/weights.hpp"

namespace arena::report {

/// Two configs compared in the weights section.
struct WeightsComparison {
  std::string before_label;
  std::string after_label;
  std::string note;                                    ///< "" or how before/after were chosen
  std::vector<WeightChange> changes;                   ///< largest first
  BoardLook look;                                      ///< the board the tables are laid on
  std::vector<SquareTable> before_tables;              ///< square weights, per phase shown
  std::vector<SquareTable> after_tables;
  std::vector<std::string> table_phases;               ///< a label per table pair
};

/// Everything the page shows.
struct PageContent {
  std::string title;
  std::string command;        ///< the `arena report` command line
  std::string generated;      ///< UTC time, ISO 8601
  std::string version;        ///< arena version and revision
  const Inputs* inputs = nullptr;
  const Statistics* stats = nullptr;
  std::vector<Chart> charts;
  std::string charts_note;    ///< why charts are missing, "" when none are
  std::optional<WeightsComparison> weights;
  nlohmann::json games;       ///< viewer_games()
  nlohmann::json analysis;    ///< to_json(stats), embedded for scripted checks
  std::vector<std::string> problems;
};

/// The whole page.
[[nodiscard]] std::string render_page(const PageContent& content);

/// Text safe in HTML element content and attribute values.
[[nodiscard]] std::string html_escape(const std::string& text);

/// JSON text safe inside a <script> element (every "<" written as "\\u003c").
[[nodiscard]] std::string script_json(const nlohmann::json& j);

}  // namespace arena::report
