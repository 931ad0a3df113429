// `arena loop`: the main job (see loop/loop.hpp). With no arguments it runs the Othello default
// (configs/othello/loop.cfg), resuming the newest run of the same config (a finished one is
// reported, not replaced: --new starts another). Under an MPI launcher rank 0 runs the one
// loop and every rank plays its self-play stages (loop/mpi_stages.hpp).
#include <filesystem>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/data_dir.hpp"
#include "engine/registry/games.hpp"
#include "loop/loop.hpp"
#include "loop/mpi_stages.hpp"
#include "selfplay/launch.hpp"
#include "selfplay/mpi_transport.hpp"

namespace po = boost::program_options;

namespace arena::cli {

int run_loop(const std::vector<std::string>& args) {
  loop::LoopOptions o;
  bool json = false;
  po::options_description desc("loop options");
  desc.add_options()
      ("game", po::value(&o.game)->default_value(o.game),
       ("game of the default run config (" + game_names() + ")").c_str())
      ("config", po::value(&o.config),
       "run config (INI); default configs/<game>/loop.cfg of the current folder, else of the "
       "data folder (ARENA_DATA_DIR, PREFIX/share/arena of an installed binary)")
      ("rounds", po::value(&o.rounds), "rounds to run (overrides the config)")
      ("hours", po::value(&o.hours), "start no new round after this many hours")
      ("run-dir", po::value(&o.run_dir),
       "run folder to create or resume (default: the newest one of runs/ with the same config, "
       "resumed if unfinished, reported if finished; else a new runs/<date-time>-<game>)")
      ("new", po::bool_switch(&o.fresh), "start a new run folder (also when the last run finished)")
      ("quiet", po::bool_switch(&o.quiet), "no progress lines")
      ("json", po::bool_switch(&json), "print the summary as one JSON document");
  po::variables_map vm;
  if (!parse_options("loop", "[--game G] [--config RUN.cfg] [--rounds N | --hours H]", desc, {},
                     args, vm)) {
    return 0;
  }
  // The default run config: the current folder's (a clone's root), else the shipped one of the
  // data folder (data_dir.hpp); the run folder stays under the current folder's runs/.
  const std::string default_config = "configs/" + o.game + "/loop.cfg";
  if (o.config.empty() && !std::filesystem::exists(default_config)) {
    const std::filesystem::path shipped = data_dir() / default_config;
    if (std::filesystem::exists(shipped)) o.config = shipped.string();
  }
  o.command_line = {"arena", "loop"};
  o.command_line.insert(o.command_line.end(), args.begin(), args.end());
  // A launch that would make every task run the whole loop in one folder is refused first.
  const selfplay::Launch launch = selfplay::detect_launch();
  selfplay::check_launch(launch, selfplay::mpi::available());
  std::optional<selfplay::mpi::Session> session;
  if (launch.mpi() && selfplay::mpi::available()) session.emplace();
  if (session && session->rank() != 0) return loop::serve_stages(*session);
  std::optional<loop::MpiStages> stages;  // declared after the session: ends before it
  if (session) {
    stages.emplace(*session);
    o.play_stage = [&](const selfplay::SelfplayOptions& opts) { return stages->play(opts); };
  }
  const loop::LoopSummary s = loop::run_loop(o);
  if (s.interrupted) {
    std::cerr << "interrupted: " << s.rounds.size() << " rounds finished in " << s.run_dir
              << "; rerun the same command"
              << (launch.mpi() ? " (with " + launch.name + " or without)" : std::string())
              << " to resume\n";
    return 130;
  }
  if (json) {
    std::cout << loop::summary_json(s).dump(2) << "\n";
  } else {
    std::cout << loop::summary_text(s);
  }
  return 0;
}

}  // namespace arena::cli
