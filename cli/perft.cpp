// `arena perft`: counts the move sequences of exactly N plies from a position (engine/core/
// perft.hpp) for any registered game, with per-ply counts, time and leaves per second.
#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/perft.hpp"
#include "engine/registry/games.hpp"

namespace po = boost::program_options;

namespace arena::cli {

int run_perft(const std::vector<std::string>& args) {
  std::string game;
  std::string position;
  int depth = 0;
  po::options_description opts("perft options");
  opts.add_options()
      ("game", po::value(&game)->default_value(game_list().front()), ("game: " + game_names()).c_str())
      ("depth", po::value(&depth)->required(), "plies to count (>= 1)")
      ("position", po::value(&position)->default_value(""),
       "start position in the game's notation (Othello: board string + side, or a transcript; "
       "Blokus Duo: a move list); empty = the initial position")
      ("json", "print one JSON document");
  po::variables_map vm;
  if (!parse_options("perft", "--depth N [--game G] [--position P] [--json]", opts, {}, args,
                     vm)) {
    return 0;
  }
  if (depth < 1 || depth > 64) throw InputError("--depth must be in 1..64, got " + std::to_string(depth));

  return with_game(game, [&]<class G>() {
    const auto rules = G::parse_rules("");
    const auto start = position.empty() ? G::initial(rules) : G::parse_position(position, rules);
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<std::uint64_t> per_depth = core::perft<G>(start, depth);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::uint64_t leaves = per_depth.back();
    const double rate = seconds > 0.0 ? static_cast<double>(leaves) / seconds : 0.0;
    if (vm.count("json") != 0U) {
      const nlohmann::json out = {{"game", G::kName},
                                  {"position", G::format_position(start)},
                                  {"depth", depth},
                                  {"leaves", leaves},
                                  {"per_depth", per_depth},
                                  {"seconds", seconds},
                                  {"leaves_per_second", rate}};
      std::cout << out.dump(2) << "\n";
      return 0;
    }
    std::cout << G::render(start) << "\n ply  sequences\n";
    for (std::size_t i = 0; i < per_depth.size(); ++i) {
      std::cout << (i + 1 < 10 ? "   " : "  ") << i + 1 << "  " << per_depth[i] << "\n";
    }
    std::cout << "leaves " << leaves << " in " << seconds << " s (" << rate << " leaves/s)\n";
    return 0;
  });
}

}  // namespace arena::cli
