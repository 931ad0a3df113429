// `arena gtp --config CFG`: a Blokus Duo engine behind GTP with Pentobi's conventions on
// stdin/stdout (engine/blokus_duo/bind/gtp_server.hpp holds the session; this file only builds the engine).
#include <iostream>

#include "cli/command.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/registry/games.hpp"
#include "protocol/adapters.hpp"

namespace po = boost::program_options;

namespace arena::cli {

int run_gtp(const std::vector<std::string>& args) {
  std::string config_path;
  std::string rules_text;
  po::options_description opts("gtp options");
  opts.add_options()
      ("config", po::value(&config_path)->required(), "Blokus Duo engine config (.cfg)")
      ("rules", po::value(&rules_text)->default_value(""),
       "rule options, e.g. scoring=official (empty = the standard rules)");
  po::variables_map vm;
  if (!parse_options("gtp", "--config CFG [--rules R]   (then GTP on stdin/stdout)", opts, {},
                     args, vm)) {
    return 0;
  }
  const core::EngineConfig cfg = core::load_engine_config(config_path);
  return protocol::serve_protocol("gtp", cfg, rules_text, std::cin, std::cout, std::cerr,
                                  AllGames{});
}

}  // namespace arena::cli
