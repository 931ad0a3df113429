// `arena solve`: exact endgame scores of a game's test positions (Othello: an FFO/OBF file),
// with the best move, node count and time of each, checked against the file's scores when it
// has them. The game's side is core::EndgameSuite<G> (engine/<game>/bind/endgame_suite.hpp).
// The solver orders moves near the root with an evaluation: by default the game's shipped
// config (Othello: configs/othello/patterns.cfg of the clone the binary was built in), with
// --config the static evaluation of another engine config, with --config built-in the solver's
// own small evaluation. The ordering changes node counts and times, never the scores.
#include <algorithm>
#include <bit>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <boost/algorithm/string/join.hpp>
#include <nlohmann/json.hpp>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>

#include "cli/command.hpp"
#include "cli/data_dir.hpp"
#include "engine/core/endgame_suite.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/thread_limit.hpp"
#include "engine/registry/games.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {

/// One position of the file and, once solved, its result.
template <class Suite>
struct Problem {
  typename Suite::Entry entry;
  core::SuiteResult result;
  double seconds = 0.0;
  double cpu_seconds = 0.0;
};

/// CPU seconds used by the calling thread (POSIX CLOCK_THREAD_CPUTIME_ID): on a machine shared
/// with other jobs this, unlike wall time, does not count the time spent waiting for a core.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// Solves p with `solver`, whose table is cleared first so that each result (nodes included)
/// does not depend on the positions solved before it; the clearing is not timed.
template <class Suite>
void solve_one(Problem<Suite>& p, typename Suite::Solver& solver) {
  solver.clear();
  const double cpu0 = thread_cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  p.result = solver.solve(p.entry);
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  p.cpu_seconds = thread_cpu_seconds() - cpu0;
}

/// The shipped ordering config `relative` (e.g. configs/othello/patterns.cfg) of the data folder
/// (cli/data_dir.hpp: an installed binary's PREFIX/share/arena, a build tree's clone), or ""
/// when there is none: the built-in ordering.
std::string shipped_ordering_config(const std::string& relative) {
  const auto cfg = find_data_file(relative);
  return cfg ? cfg->string() : std::string();
}

/// The names of the registered games that bind an endgame suite ("othello").
template <class... Gs>
std::vector<std::string> suite_games(GameList<Gs...>) {
  std::vector<std::string> out;
  ((core::HasEndgameSuite<Gs> ? (void)out.emplace_back(Gs::kName) : void()), ...);
  return out;
}

/// The options of one run.
struct SolveOptions {
  std::string path;
  std::string config_path;     ///< "" = the solver's own ordering
  int threads = 1;
  int table_bits = 0;
  bool json = false;
};

/// Prints the results as the table or (o.json) one JSON document.
template <class Suite>
void print_results(const SolveOptions& o, const std::vector<Problem<Suite>>& problems,
                   double total) {
  bool all_ok = true;
  bool any_expected = false;
  std::uint64_t total_nodes = 0;
  double total_cpu = 0.0;
  for (const auto& p : problems) {
    total_nodes += p.result.nodes;
    total_cpu += p.cpu_seconds;
    if (const auto e = Suite::expected(p.entry)) {
      any_expected = true;
      all_ok = all_ok && *e == p.result.score;
    }
  }
  if (o.json) {
    nlohmann::json results = nlohmann::json::array();
    for (const auto& p : problems) {
      nlohmann::json r = {{"line", p.entry.line},
                          {"board", Suite::board(p.entry)},
                          {"score", p.result.score},
                          {"best_move", p.result.best_move},
                          {"nodes", p.result.nodes},
                          {"seconds", p.seconds},
                          {"cpu_seconds", p.cpu_seconds}};
      if (const auto e = Suite::expected(p.entry)) {
        r["expected"] = *e;
        r["ok"] = *e == p.result.score;
        r["best_move_ok"] = Suite::move_ok(p.entry, p.result);
      }
      results.push_back(std::move(r));
    }
    nlohmann::json out = {{"positions", o.path}, {"threads", o.threads},
                          {"ordering", o.config_path.empty() ? "built-in" : o.config_path},
                          {"results", results},
                          {"nodes", total_nodes}, {"seconds", total}, {"cpu_seconds", total_cpu}};
    if (any_expected) out["ok"] = all_ok;
    std::cout << out.dump(2) << "\n";
    return;
  }
  std::cout << " line  board                                                              "
               "score  move        nodes   seconds  check\n";
  for (const auto& p : problems) {
    std::cout << std::setw(5) << p.entry.line << "  " << Suite::board(p.entry) << std::setw(6)
              << p.result.score << "  " << std::setw(4) << p.result.best_move << std::setw(13)
              << p.result.nodes << std::setw(10) << std::fixed << std::setprecision(3)
              << p.seconds << "  ";
    if (const auto e = Suite::expected(p.entry)) {
      std::cout << (*e == p.result.score ? "ok" : "WRONG (expected " + std::to_string(*e) + ")");
    }
    std::cout << "\n";
  }
  std::cout << "total " << total_nodes << " nodes in " << std::setprecision(3) << total << " s";
  if (any_expected) std::cout << (all_ok ? ", all scores as expected" : ", SOME SCORES WRONG");
  std::cout << "\n";
}

/// Solves the suite of game G (see the file comment) and prints the table or JSON.
template <class G>
int solve_suite(SolveOptions o, bool config_given) {
  using Suite = core::EndgameSuite<G>;
  if (!config_given) o.config_path = shipped_ordering_config(std::string(Suite::kOrderingConfig));
  if (o.config_path == "built-in") o.config_path.clear();
  std::optional<core::EngineConfig> cfg;
  if (!o.config_path.empty()) {
    cfg = core::load_engine_config(o.config_path);
    if (cfg->game != G::kName) {
      throw InputError(o.config_path + ": --config must be an " + std::string(G::kName) +
                       " engine config, got game '" + cfg->game + "'");
    }
  }
  std::vector<Problem<Suite>> problems;
  for (auto& e : Suite::read(o.path)) problems.push_back({std::move(e), {}, 0.0, 0.0});
  const auto t0 = std::chrono::steady_clock::now();
  if (o.threads == 1) {
    typename Suite::Solver solver(o.table_bits, cfg);
    for (auto& p : problems) solve_one<Suite>(p, solver);
  } else {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                    static_cast<std::size_t>(o.threads));
    tbb::enumerable_thread_specific<typename Suite::Solver> solvers(
        [&] { return typename Suite::Solver(o.table_bits, cfg); });
    tbb::parallel_for(std::size_t{0}, problems.size(),
                      [&](std::size_t i) { solve_one<Suite>(problems[i], solvers.local()); },
                      tbb::simple_partitioner{});
  }
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print_results<Suite>(o, problems, total);
  return 0;
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  const std::vector<std::string> games = suite_games(AllGames{});
  const std::string game_list = boost::algorithm::join(games, ", ");
  std::string game;
  SolveOptions o;
  int hash_mb = 64;
  po::options_description opts("solve options");
  opts.add_options()
      ("game", po::value(&game)->default_value(games.front()), ("game (only " + game_list + ")").c_str())
      ("positions", po::value(&o.path)->required(),
       "FFO/OBF file: one position a line, 'BOARD SIDE; MOVE:SCORE; ...' (best move first)")
      ("config", po::value(&o.config_path),
       "engine config whose static evaluation orders the moves; `built-in` for the solver's own "
       "(default: configs/othello/patterns.cfg of the data folder, else built-in)")
      ("threads", po::value(&o.threads)->default_value(1), "positions solved in parallel (oneTBB)")
      ("hash-mb", po::value(&hash_mb)->default_value(64),
       "transposition table per solver thread, MiB (rounded down to a power of two)")
      ("json", "print one JSON document");
  po::variables_map vm;
  if (!parse_options("solve", "--positions FILE [--config CFG] [--threads T] [--json]", opts, {},
                     args, vm)) {
    return 0;
  }
  if (std::find(games.begin(), games.end(), game) == games.end()) {
    throw InputError("--game: solve supports only " + game_list + ", got '" + game + "'");
  }
  core::check_threads("--threads", o.threads, 1);
  if (hash_mb < 1 || hash_mb > 65536) throw InputError("--hash-mb must be in 1..65536");
  // 16-byte entries: 2^20 entries per 16 MiB.
  o.table_bits = std::bit_width(static_cast<unsigned>(hash_mb)) - 1 + 16;
  o.json = vm.count("json") != 0U;
  const bool config_given = vm.count("config") != 0U;
  return with_game(game, [&]<class G>() {
    if constexpr (core::HasEndgameSuite<G>) {
      return solve_suite<G>(o, config_given);
    } else {
      return 2;  // not reached: `games` lists only games with a suite
    }
  });
}

}  // namespace arena::cli
