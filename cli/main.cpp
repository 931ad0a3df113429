// `arena <command> [options]`: dispatches to one subcommand and maps errors to exit statuses:
// 0 success, 2 bad input or usage (InputError, option errors), 1 internal error. Commands may
// add their own (selfplay: 3 when an engine forfeited every game, 130 when interrupted).
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/version.hpp"

namespace {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const std::vector<std::string>&);
};

constexpr Command kCommands[] = {
    {"perft", "count leaf positions of the move tree", arena::cli::run_perft},
    {"solve", "exact endgame scores of Othello positions (FFO/OBF)", arena::cli::run_solve},
    {"search", "best move of one position under a config", arena::cli::run_search},
    {"selfplay", "play and log games between engines", arena::cli::run_selfplay},
    {"analyze", "Elo, error bars, SPRT and ratings of game logs", arena::cli::run_analyze},
    {"tune", "fit evaluation weights to logged games", arena::cli::run_tune},
    {"loop", "the main job: self-play, tune, compare, repeat", arena::cli::run_loop},
    {"play", "play or watch a game in the terminal", arena::cli::run_play},
    {"convert", "convert between game logs and record formats", arena::cli::run_convert},
    {"merge", "merge the logs of shards of one run", arena::cli::run_merge},
    {"report", "one self-contained HTML page for a run", arena::cli::run_report},
    {"nboard", "an Othello engine behind the NBoard protocol", arena::cli::run_nboard},
    {"gtp", "a Blokus Duo engine behind GTP", arena::cli::run_gtp},
    {"bench", "node signature: fixed positions searched to a fixed depth", arena::cli::run_bench},
};

void usage(std::ostream& out) {
  out << "arena " << arena::kVersion << " (" << arena::kRevision
      << "): self-play and evaluation tuning for Othello and Blokus Duo\n\n"
         "usage: arena <command> [options]   (arena <command> --help for its options)\n\n"
         "commands:\n";
  for (const auto& c : kCommands) {
    out << "  " << c.name << std::string(10 - c.name.size(), ' ') << c.summary << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    usage(std::cerr);
    return 2;
  }
  const std::string_view name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    usage(std::cout);
    return 0;
  }
  if (name == "--version") {
    std::cout << "arena " << arena::kVersion << " (" << arena::kRevision << ")\n";
    return 0;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  for (const auto& c : kCommands) {
    if (c.name != name) continue;
    try {
      return c.run(args);
    } catch (const arena::InputError& e) {
      std::cerr << "arena " << name << ": " << e.what() << "\n";
      return 2;
    } catch (const std::exception& e) {
      std::cerr << "arena " << name << ": internal error: " << e.what() << "\n";
      return 1;
    }
  }
  std::cerr << "arena: unknown command '" << name << "'\n\n";
  usage(std::cerr);
  return 2;
}
