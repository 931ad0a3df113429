// `arena merge LOG... --out LOG`: combines the logs of one run's shards (or of a resumed run
// split over files) into one log sorted by game id. The checks are the shared reader's: run
// records must agree except for the shard, a game id twice with different content is an
// error, identical duplicates are kept once; every game is replayed through its game's rules
// (engine/registry/log_check.hpp) before it is written. An SPRT decision line is kept (after the games)
// when the inputs agree on it, and dropped with a warning when two differ. The output is
// written to a temporary file and renamed, so an interrupted merge never leaves a half-written
// log at --out; `--out X.jsonl.gz` or `X.jsonl.zst` writes it compressed.
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "engine/core/errors.hpp"
#include "engine/registry/log_check.hpp"
#include "records/game_log.hpp"

namespace po = boost::program_options;

namespace arena::cli {

int run_merge(const std::vector<std::string>& args) {
  std::vector<std::string> inputs;
  std::string out;
  bool json = false;
  po::options_description desc("merge options");
  desc.add_options()
      ("log", po::value(&inputs)->required(), "input logs (positional)")
      ("out", po::value(&out)->required(), "the merged log (.jsonl, .jsonl.gz or .jsonl.zst)")
      ("json", po::bool_switch(&json), "print the report as one JSON document");
  po::positional_options_description positional;
  positional.add("log", -1);
  po::variables_map vm;
  if (!parse_options("merge", "LOG... --out LOG", desc, positional, args, vm)) return 0;

  const records::LogSet set = records::read_logs(inputs);
  check_log_games(set.run, set.games, where(inputs.front(), 1));
  for (const auto& w : set.warnings) std::cerr << "warning: " << w << "\n";

  records::write_log_file(out, set.run, set.games, set.decision);

  std::int64_t missing = 0;
  if (set.run.shard_count == 1) missing = set.run.games - static_cast<std::int64_t>(set.games.size());
  if (json) {
    std::cout << nlohmann::json{{"files", inputs.size()},
                                {"lines_read", set.lines_read},
                                {"games", set.games.size()},
                                {"duplicates", set.duplicates},
                                {"torn_tails", set.torn_tails},
                                {"games_requested", set.run.games},
                                {"missing", missing},
                                {"sprt_decision", set.decision.has_value()},
                                {"out", out}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "merged " << inputs.size() << " logs: " << set.lines_read << " game lines, "
              << set.games.size() << " games written (" << set.duplicates
              << " identical duplicates dropped, " << set.torn_tails << " torn last lines dropped)";
    if (set.run.shard_count == 1) {
      std::cout << "; " << set.games.size() << "/" << set.run.games << " games of the run";
    }
    std::cout << "\nlog: " << out << "\n";
  }
  return 0;
}

}  // namespace arena::cli
