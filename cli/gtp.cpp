// `arena gtp --config CFG`: a Blokus Duo engine behind GTP with Pentobi's conventions on
// stdin/stdout (protocol/gtp_server.hpp holds the session; this file only builds the engine).
#include <iostream>

#include "cli/command.hpp"
#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/version.hpp"
#include "protocol/gtp_server.hpp"

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
  if (cfg.game != blokus_duo::BlokusDuo::kName) {
    throw InputError(core::config_key_where(cfg, "game") + "arena gtp plays Blokus Duo, not '" +
                     cfg.game + "'");
  }
  const auto rules = blokus_duo::BlokusDuo::parse_rules(rules_text);
  core::Engine<blokus_duo::BlokusDuo> engine(cfg);
  return protocol::serve_gtp(engine, rules, kVersion, std::cin, std::cout);
}

}  // namespace arena::cli
