// `arena nboard --config CFG`: an Othello engine behind the NBoard protocol on stdin/stdout
// (protocol/nboard_server.hpp holds the session; this file only builds the engine).
#include <iostream>

#include "cli/command.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "protocol/nboard_server.hpp"

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
  if (cfg.game != othello::Othello::kName) {
    throw InputError(core::config_key_where(cfg, "game") + "NBoard plays Othello, not '" +
                     cfg.game + "'");
  }
  core::Engine<othello::Othello> engine(cfg);
  return protocol::serve_nboard(engine, std::cin, std::cout, std::cerr);
}

}  // namespace arena::cli
