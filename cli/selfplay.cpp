// `arena selfplay`: plays and logs games between engines. Options belong to selfplay/options;
// this file binds the run to the configs' game (engine/registry/selfplay_preparer.hpp), on
// MPI ranks under a launcher, and prints the summary.
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "engine/registry/selfplay_preparer.hpp"
#include "selfplay/launch.hpp"
#include "selfplay/mpi_selfplay.hpp"
#include "selfplay/mpi_transport.hpp"
#include "selfplay/run.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {

/// Exit status of a run in which an engine forfeited every one of its games (1 is an internal
/// error, 2 bad input, 130 an interrupted run).
constexpr int kAllForfeitStatus = 3;

/// The command line as a shell would need it to run again.
std::string shell_words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    if (w.find_first_of(" \t'\"\\$") == std::string::npos && !w.empty()) {
      out += w;
    } else {
      out += "'";
      for (const char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
      out += "'";
    }
  }
  return out;
}

}  // namespace

int run_selfplay(const std::vector<std::string>& args) {
  selfplay::SelfplayOptions opts;
  po::options_description desc("selfplay options");
  selfplay::add_selfplay_options(desc, opts);
  bool json = false;
  desc.add_options()("json", po::bool_switch(&json), "print the summary as one JSON document");
  po::variables_map vm;
  if (!parse_options("selfplay",
                     "--engine CFG --engine CFG [options]\n\n"
                     "exit status: 0 done (or decided by the SPRT), 2 bad input, 3 an engine "
                     "forfeited every one of\nits games (timeout, crash, illegal move), 130 "
                     "interrupted (the same command resumes), 1 internal error",
                     desc, {}, args, vm)) {
    return 0;
  }
  opts.seed_given = vm.count("seed") != 0U;
  if (vm["threads"].defaulted()) opts.threads = selfplay::scheduler_threads(opts.threads);
  opts.command_line = {"arena", "selfplay"};
  opts.command_line.insert(opts.command_line.end(), args.begin(), args.end());

  // Under an MPI launcher (mpirun, srun --mpi=pmix|pmi2) the ranks share the run; only rank 0
  // reports. A launch that would make every task play the whole run is refused first.
  const selfplay::Launch launch = selfplay::detect_launch();
  selfplay::check_launch(launch, selfplay::mpi::available());
  std::optional<selfplay::mpi::Session> session;
  if (launch.mpi() && selfplay::mpi::available()) session.emplace();
  const selfplay::GamePreparer prepare = selfplay_preparer(opts);
  const auto result = session ? selfplay::run_selfplay_mpi(*session, opts, prepare)
                              : std::optional(selfplay::run_selfplay(opts, prepare));
  if (!result) return 0;
  const auto& summary = *result;
  if (json) {
    std::cout << selfplay::summary_json(summary).dump(2) << "\n";
  } else {
    std::cout << selfplay::summary_text(summary);
  }
  if (summary.interrupted) {
    auto again = opts.command_line;
    if (opts.out.empty()) {
      again.push_back("--out");
      again.push_back(summary.log_path);
    }
    std::cerr << "interrupted: " << summary.games_logged << "/" << summary.games_requested
              << " games logged; resume with"
              << (launch.mpi() ? " the same launcher (" + launch.name + ") and" : std::string())
              << ":\n  " << shell_words(again) << "\n";
    return 130;
  }
  if (opts.out.empty() && !json) std::cerr << "log written to " << summary.log_path << "\n";
  // A run in which an engine forfeited every game measured nothing about it.
  return summary.all_forfeit_engines.empty() ? 0 : kAllForfeitStatus;
}

}  // namespace arena::cli
