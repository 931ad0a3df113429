// `arena search`: the best move of one position under an engine config (engine/core/engine.hpp)
// for any registered game: best move, score, depth, nodes, principal variation, time and speed.
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/registry/games.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {

/// A non-negative option value, or InputError naming the option.
std::int64_t non_negative(const po::variables_map& vm, const char* name, std::int64_t max) {
  if (vm.count(name) == 0U) return 0;
  const auto v = vm[name].as<std::int64_t>();
  if (v < 0 || v > max) {
    throw InputError(std::string("--") + name + " must be in 0.." + std::to_string(max) +
                     ", got " + std::to_string(v));
  }
  return v;
}

}  // namespace

int run_search(const std::vector<std::string>& args) {
  std::string config_path;
  std::string position;
  std::string rules_text;
  po::options_description opts("search options");
  opts.add_options()
      ("config", po::value(&config_path)->required(), "engine config (.cfg)")
      ("position", po::value(&position)->default_value(""),
       "position in the game's notation (Othello: board string + side, or a transcript; "
       "Blokus Duo: a move list); empty = the initial position")
      ("rules", po::value(&rules_text)->default_value(""),
       "rule options as key=value,... (empty = the game's standard rules)")
      ("depth", po::value<std::int64_t>(), "search depth, plies")
      ("nodes", po::value<std::int64_t>(), "node limit")
      ("movetime", po::value<std::int64_t>(), "time limit, milliseconds")
      ("json", "print one JSON document");
  po::variables_map vm;
  if (!parse_options("search",
                     "--config CFG [--position P] (--depth N | --nodes N | --movetime MS) [--json]",
                     opts, {}, args, vm)) {
    return 0;
  }
  core::SearchLimits limits;
  limits.depth = static_cast<int>(non_negative(vm, "depth", core::kMaxConfigDepth));
  limits.nodes = static_cast<std::uint64_t>(non_negative(vm, "nodes", INT64_MAX));
  limits.movetime_ms = static_cast<int>(non_negative(vm, "movetime", INT32_MAX));

  const core::EngineConfig cfg = core::load_engine_config(config_path);
  try {
    with_game(cfg.game, []<class G>() { return 0; });
  } catch (const InputError& e) {
    throw InputError(core::config_key_where(cfg, "game") + e.what());
  }

  return with_game(cfg.game, [&]<class G>() {
    const auto rules = G::parse_rules(rules_text);
    const auto root = [&] {
      try {
        return position.empty() ? G::initial(rules) : G::parse_position(position, rules);
      } catch (const InputError& e) {
        throw InputError(std::string("--position: ") + e.what());
      }
    }();
    core::Engine<G> engine(cfg);
    const auto r = engine.think(root, limits, 0);

    core::MoveListOf<G> legal;
    G::generate_moves(root, legal);
    const bool has_move = !legal.empty();
    std::vector<std::string> pv;
    auto p = root;
    for (const auto& m : r.pv) {
      pv.push_back(G::format_move(p, m));
      p = G::play(p, m);
    }
    const std::string best = has_move ? G::format_move(root, r.best) : std::string();
    const double nps = r.seconds > 0.0 ? static_cast<double>(r.nodes) / r.seconds : 0.0;

    if (vm.count("json") != 0U) {
      const nlohmann::json out = {{"best_move", has_move ? nlohmann::json(best) : nlohmann::json()},
                                  {"score", r.score},
                                  {"depth", r.depth},
                                  {"nodes", r.nodes},
                                  {"pv", pv},
                                  {"seconds", r.seconds},
                                  {"nps", nps}};
      std::cout << out.dump(2) << "\n";
      return 0;
    }
    std::cout << G::render(root) << "\n"
              << "best_move " << (has_move ? best : "none (the game is over)") << "\n"
              << "score     " << r.score << " centi-" << core::score_unit<G>() << " ("
              << std::showpos << std::fixed << std::setprecision(2) << r.score / 100.0
              << std::noshowpos << std::defaultfloat << " " << core::score_unit<G>()
              << ", side to move's view" << (r.exact ? ", exact" : "") << ")\n"
              << "depth     " << r.depth << "\n"
              << "nodes     " << r.nodes << "\n"
              << "pv       ";
    for (const auto& m : pv) std::cout << " " << m;
    std::cout << "\nseconds   " << r.seconds << "\nnps       " << static_cast<std::uint64_t>(nps)
              << "\n";
    return 0;
  });
}

}  // namespace arena::cli
