// `arena report <run folder | LOG...> --out r.html [--json]`: one self-contained HTML page
// for a run. The page's logic is in report/; this file maps options and prints.
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "engine/core/errors.hpp"
#include "engine/registry/board_views.hpp"
#include "engine/registry/games.hpp"
#include "report/report.hpp"

namespace po = boost::program_options;

namespace arena::cli {

int run_report(const std::vector<std::string>& args) {
  report::ReportOptions options;
  std::string out;
  po::options_description opts("report options");
  opts.add_options()
      ("input", po::value<std::vector<std::string>>(&options.inputs)->composing(),
       "a loop run folder (runs/<date-time>) or one or more game logs (*.jsonl)")
      ("out,o", po::value<std::string>(&out)->required(), "the HTML file to write")
      ("title", po::value<std::string>(&options.title), "page title (default: from the inputs)")
      ("gnuplot", po::value<std::string>(&options.gnuplot)->default_value("gnuplot"),
       "gnuplot program for the charts; empty = no charts")
      ("weight-changes", po::value<std::size_t>(&options.weight_changes)->default_value(20),
       "rows of the largest-weight-changes table")
      ("json", "print a JSON summary of the page (statistics as `arena analyze --json`, problems)");
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  if (!parse_options("report", "<run folder | LOG...> --out FILE.html [options]", opts, positional,
                     args, vm)) {
    return 0;
  }
  if (options.inputs.empty()) throw InputError("no input: give a loop run folder or game logs");
  options.known_games = game_list();
  options.boards = board_views();
  options.command = "arena report";
  for (const auto& a : args) options.command += " " + a;

  const report::Report r = report::build_report(options);
  for (const auto& p : r.problems) std::cerr << "arena report: warning: " << p << "\n";
  std::ofstream file(out, std::ios::binary);
  if (!(file << r.html) || !file.flush()) throw InputError("--out " + out + ": cannot write");
  if (vm.count("json") != 0U) {
    nlohmann::json j = r.summary;
    j["out"] = out;
    j["bytes"] = r.html.size();
    std::cout << j.dump(2) << "\n";
  } else {
    std::cerr << "arena report: wrote " << out << " (" << r.html.size() / 1024 << " KiB, "
              << r.summary["viewer_games"].get<std::size_t>() << " games, " << r.problems.size()
              << " problems)\n";
  }
  return 0;
}

}  // namespace arena::cli
