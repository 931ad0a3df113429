// `arena bench`: the node signature (engine/core/bench.hpp). Each game searches its shipped
// list configs/<game>/bench.txt with configs/<game>/bench.cfg (from the data folder,
// cli/data_dir.hpp); the signature is the sum of the nodes over every game benched.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/data_dir.hpp"
#include "engine/core/bench.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/registry/games.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {

/// One benched game, for the table and the JSON.
struct GameBench {
  std::string game, config, positions_file;
  core::BenchResult result;
};

double per_second(std::uint64_t nodes, double seconds) {
  return seconds > 0.0 ? static_cast<double>(nodes) / seconds : 0.0;
}

GameBench bench_game(const std::string& game, const std::string& positions_file) {
  GameBench b;
  b.game = game;
  const auto folder = data_dir() / "configs" / game;
  b.config = (folder / "bench.cfg").string();
  b.positions_file = positions_file.empty() ? (folder / "bench.txt").string() : positions_file;
  b.result = with_game(game, [&]<class G>() {
    const core::EngineConfig cfg = core::load_engine_config(b.config);
    if (cfg.game != G::kName) {
      throw InputError(b.config + ": a config for '" + cfg.game + "', expected " + std::string(G::kName));
    }
    const auto rules = G::parse_rules("");
    return core::run_bench<G>(cfg, core::read_bench_positions<G>(b.positions_file, rules));
  });
  return b;
}

}  // namespace

int run_bench(const std::vector<std::string>& args) {
  std::vector<std::string> games;
  std::string positions;
  po::options_description opts("bench options");
  opts.add_options()
      ("game", po::value(&games)->composing(),
       ("game to bench, repeatable (default: every game: " + game_names() + ")").c_str())
      ("positions", po::value(&positions),
       "position list instead of configs/<game>/bench.txt (one --game only): one position a "
       "line in the game's notation, `start`, # comments, text after ';' ignored (FFO/OBF)")
      ("json", "print one JSON document");
  po::variables_map vm;
  if (!parse_options("bench", "[--game G]... [--positions FILE] [--json]", opts, {}, args, vm)) {
    return 0;
  }
  if (games.empty()) games = game_list();
  if (!positions.empty() && games.size() != 1) {
    throw InputError("--positions: give exactly one --game with it");
  }
  std::vector<GameBench> benches;
  std::uint64_t signature = 0;
  double cpu_seconds = 0.0;
  double seconds = 0.0;
  for (const auto& game : games) {
    benches.push_back(bench_game(game, positions));
    signature += benches.back().result.nodes;
    cpu_seconds += benches.back().result.cpu_seconds;
    seconds += benches.back().result.seconds;
  }
  // Rates from CPU time: on a shared machine the wall time also counts the other jobs.
  if (vm.count("json") != 0U) {
    nlohmann::json out = {{"signature", signature},
                          {"nodes_per_second", per_second(signature, cpu_seconds)},
                          {"seconds", seconds},
                          {"cpu_seconds", cpu_seconds},
                          {"games", nlohmann::json::array()}};
    for (const auto& b : benches) {
      out["games"].push_back({{"game", b.game},
                              {"config", b.config},
                              {"positions_file", b.positions_file},
                              {"positions", b.result.positions},
                              {"depth", b.result.depth},
                              {"nodes", b.result.nodes},
                              {"seconds", b.result.seconds},
                              {"cpu_seconds", b.result.cpu_seconds},
                              {"nodes_per_second", per_second(b.result.nodes, b.result.cpu_seconds)}});
    }
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  std::printf("%-12s %9s %5s %12s %9s %12s\n", "game", "positions", "depth", "nodes", "cpu s",
              "nodes/s");
  for (const auto& b : benches) {
    std::printf("%-12s %9zu %5d %12llu %9.3f %12.0f\n", b.game.c_str(), b.result.positions,
                b.result.depth, static_cast<unsigned long long>(b.result.nodes),
                b.result.cpu_seconds, per_second(b.result.nodes, b.result.cpu_seconds));
  }
  std::printf("signature %llu (nodes), %.0f nodes/s over %.3f s CPU\n",
              static_cast<unsigned long long>(signature), per_second(signature, cpu_seconds),
              cpu_seconds);
  return 0;
}

}  // namespace arena::cli
