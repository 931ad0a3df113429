// `arena tune`: fits evaluation weights to logged and real games (engine/registry/run_tune.hpp) and prints the
// report, as JSON with --json. Progress lines go to stderr.
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "engine/registry/run_tune.hpp"

namespace po = boost::program_options;

namespace arena::cli {

int run_tune(const std::vector<std::string>& args) {
  tune::TuneOptions opts;
  bool json = false;
  po::options_description desc("tune options");
  tune::add_tune_options(desc, opts);
  desc.add_options()("json", po::bool_switch(&json), "print one JSON document on stdout");
  po::positional_options_description positional;
  positional.add("games", -1);
  po::variables_map vm;
  if (!parse_options("tune", "--games LOG... --init CFG [--out CFG] [options]", desc, positional,
                     args, vm)) {
    return 0;
  }
  opts.command_line.emplace_back("arena");
  opts.command_line.emplace_back("tune");
  opts.command_line.insert(opts.command_line.end(), args.begin(), args.end());
  const tune::TuneReport report =
      tune::run_tune(opts, [](const std::string& line) { std::cerr << line << std::endl; });
  if (json) {
    std::cout << tune::to_json(report).dump(2) << "\n";
    // stdout is the document; a warning must still reach a person watching the run.
    for (const auto& w : tune::warnings(report)) std::cerr << "arena tune: warning: " << w << "\n";
  } else {
    std::cout << tune::format_report(report);
  }
  return 0;
}

}  // namespace arena::cli
