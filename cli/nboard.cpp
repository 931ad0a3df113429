// `arena nboard --config CFG`: an Othello engine behind the NBoard protocol on stdin/stdout
// (the game that speaks NBoard holds the session, engine/othello/bind/nboard_server.hpp; this
// file only reads the options).
#include <iostream>

#include "cli/command.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/registry/games.hpp"
#include "protocol/adapters.hpp"

namespace po = boost::program_options;

namespace arena::cli {

int run_nboard(const std::vector<std::string>& args) {
  std::string config_path;
  po::options_description opts("nboard options");
  opts.add_options()("config", po::value(&config_path)->required(), "Othello engine config (.cfg)");
  po::variables_map vm;
  if (!parse_options("nboard", "--config CFG   (then NBoard protocol on stdin/stdout)", opts, {},
                     args, vm)) {
    return 0;
  }
  const core::EngineConfig cfg = core::load_engine_config(config_path);
  return protocol::serve_protocol("nboard", cfg, "", std::cin, std::cout, std::cerr, AllGames{});
}

}  // namespace arena::cli
