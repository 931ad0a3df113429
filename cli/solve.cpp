// `arena solve`: exact endgame scores of Othello positions read from an FFO/OBF file, with the
// best move, node count and time of each, checked against the file's scores when it has them.
// The solver orders moves near the root with an evaluation: by default the shipped pattern
// set (configs/othello/patterns.cfg of the clone the binary was built in), with --config the
// static evaluation of another engine config, with --config built-in the solver's own small
// evaluation. The ordering changes node counts and times, never the scores.
#include <bit>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>

#include "cli/command.hpp"
#include "cli/data_dir.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/thread_limit.hpp"
#include "engine/othello/endgame.hpp"
#include "engine/othello/notation.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {

/// One position of the file and, once solved, its result.
struct Problem {
  std::size_t line = 0;
  othello::ObfEntry entry;
  othello::EndgameSolver::Result result;
  std::uint64_t nodes = 0;
  double seconds = 0.0;
  double cpu_seconds = 0.0;

  [[nodiscard]] std::optional<int> expected() const {
    if (entry.scores.empty()) return std::nullopt;
    return entry.scores.front().score;
  }
  /// Whether the file lists the found move with the best score (when it lists moves).
  [[nodiscard]] bool move_ok() const {
    for (const auto& s : entry.scores) {
      if (s.square == result.best_square && s.score == result.score) return true;
    }
    return entry.scores.empty();
  }
};

std::vector<Problem> read_problems(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot open the positions file");
  std::vector<Problem> problems;
  std::string text;
  for (std::size_t line = 1; std::getline(in, text); ++line) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text[first] == '#' || text[first] == '%') continue;
    Problem p;
    p.line = line;
    p.entry = othello::parse_obf_line(text, where(path, line));
    problems.push_back(std::move(p));
  }
  if (problems.empty()) throw InputError(path + ": no positions (expected OBF lines)");
  return problems;
}

/// One solver thread's state: the solver and, with --config, the engine whose static
/// evaluation orders its moves (on the heap, so that the solver's callback stays valid when a
/// worker is moved).
struct Worker {
  std::unique_ptr<core::Engine<othello::Othello>> engine;
  othello::EndgameSolver solver;

  Worker(int table_bits, const std::optional<core::EngineConfig>& cfg)
      : engine(cfg ? std::make_unique<core::Engine<othello::Othello>>(*cfg) : nullptr),
        solver(table_bits, ordering_eval(engine.get())) {}

 private:
  static othello::OrderingEval ordering_eval(const core::Engine<othello::Othello>* e) {
    if (e == nullptr) return {};
    return [e](othello::Bitboard p, othello::Bitboard o) {
      return e->evaluate(othello::Position{p, o, 0, 0});
    };
  }
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
void solve_one(Problem& p, othello::EndgameSolver& solver) {
  solver.clear();
  const std::uint64_t nodes0 = solver.nodes();
  const double cpu0 = thread_cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  p.result = solver.solve_root(p.entry.position.player, p.entry.position.opponent);
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  p.cpu_seconds = thread_cpu_seconds() - cpu0;
  p.nodes = solver.nodes() - nodes0;
}

/// The shipped pattern config of the data folder (cli/data_dir.hpp: an installed binary's
/// PREFIX/share/arena, a build tree's clone), or "" when there is none: the built-in ordering.
std::string shipped_ordering_config() {
  const auto cfg = find_data_file("configs/othello/patterns.cfg");
  return cfg ? cfg->string() : std::string();
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  std::string game;
  std::string path;
  std::string config_path;
  int threads = 1;
  int hash_mb = 64;
  po::options_description opts("solve options");
  opts.add_options()
      ("game", po::value(&game)->default_value("othello"), "game (only othello)")
      ("positions", po::value(&path)->required(),
       "FFO/OBF file: one position a line, 'BOARD SIDE; MOVE:SCORE; ...' (best move first)")
      ("config", po::value(&config_path),
       "engine config whose static evaluation orders the moves; `built-in` for the solver's own "
       "(default: configs/othello/patterns.cfg of the data folder, else built-in)")
      ("threads", po::value(&threads)->default_value(1), "positions solved in parallel (oneTBB)")
      ("hash-mb", po::value(&hash_mb)->default_value(64),
       "transposition table per solver thread, MiB (rounded down to a power of two)")
      ("json", "print one JSON document");
  po::variables_map vm;
  if (!parse_options("solve", "--positions FILE [--config CFG] [--threads T] [--json]", opts, {},
                     args, vm)) {
    return 0;
  }
  if (game != "othello") throw InputError("--game: solve supports only othello, got '" + game + "'");
  core::check_threads("--threads", threads, 1);
  if (hash_mb < 1 || hash_mb > 65536) throw InputError("--hash-mb must be in 1..65536");
  // 16-byte entries: 2^20 entries per 16 MiB.
  const int table_bits = std::bit_width(static_cast<unsigned>(hash_mb)) - 1 + 16;

  if (vm.count("config") == 0U) config_path = shipped_ordering_config();
  if (config_path == "built-in") config_path.clear();
  std::optional<core::EngineConfig> cfg;
  if (!config_path.empty()) {
    cfg = core::load_engine_config(config_path);
    if (cfg->game != "othello") {
      throw InputError(config_path + ": --config must be an othello engine config, got game '" +
                       cfg->game + "'");
    }
  }
  std::vector<Problem> problems = read_problems(path);
  const auto t0 = std::chrono::steady_clock::now();
  if (threads == 1) {
    Worker worker(table_bits, cfg);
    for (Problem& p : problems) solve_one(p, worker.solver);
  } else {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                    static_cast<std::size_t>(threads));
    tbb::enumerable_thread_specific<Worker> workers([&] { return Worker(table_bits, cfg); });
    tbb::parallel_for(std::size_t{0}, problems.size(),
                      [&](std::size_t i) { solve_one(problems[i], workers.local().solver); },
                      tbb::simple_partitioner{});
  }
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  bool all_ok = true;
  bool any_expected = false;
  std::uint64_t total_nodes = 0;
  double total_cpu = 0.0;
  for (const Problem& p : problems) {
    total_nodes += p.nodes;
    total_cpu += p.cpu_seconds;
    if (p.expected()) {
      any_expected = true;
      all_ok = all_ok && *p.expected() == p.result.score;
    }
  }
  if (vm.count("json") != 0U) {
    nlohmann::json results = nlohmann::json::array();
    for (const Problem& p : problems) {
      nlohmann::json r = {{"line", p.line},
                          {"board", othello::Othello::format_position(p.entry.position)},
                          {"score", p.result.score},
                          {"best_move", othello::square_name(p.result.best_square)},
                          {"nodes", p.nodes},
                          {"seconds", p.seconds},
                          {"cpu_seconds", p.cpu_seconds}};
      if (p.expected()) {
        r["expected"] = *p.expected();
        r["ok"] = *p.expected() == p.result.score;
        r["best_move_ok"] = p.move_ok();
      }
      results.push_back(std::move(r));
    }
    nlohmann::json out = {{"positions", path}, {"threads", threads},
                          {"ordering", config_path.empty() ? "built-in" : config_path},
                          {"results", results},
                          {"nodes", total_nodes}, {"seconds", total}, {"cpu_seconds", total_cpu}};
    if (any_expected) out["ok"] = all_ok;
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  std::cout << " line  board                                                              "
               "score  move        nodes   seconds  check\n";
  for (const Problem& p : problems) {
    std::cout << std::setw(5) << p.line << "  " << othello::Othello::format_position(p.entry.position)
              << std::setw(6) << p.result.score << "  " << std::setw(4)
              << othello::square_name(p.result.best_square) << std::setw(13) << p.nodes
              << std::setw(10) << std::fixed << std::setprecision(3) << p.seconds << "  ";
    if (p.expected()) {
      std::cout << (*p.expected() == p.result.score ? "ok" : "WRONG (expected " +
                                                                 std::to_string(*p.expected()) + ")");
    }
    std::cout << "\n";
  }
  std::cout << "total " << total_nodes << " nodes in " << std::setprecision(3) << total << " s";
  if (any_expected) std::cout << (all_ok ? ", all scores as expected" : ", SOME SCORES WRONG");
  std::cout << "\n";
  return 0;
}

}  // namespace arena::cli
