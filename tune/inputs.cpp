// Reading training games from arena logs (see inputs.hpp).
#include "tune/inputs.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "records/game_log.hpp"

namespace arena::tune {

std::string file_hash(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(where(path, 0) + "cannot open the file");
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx",
                static_cast<unsigned long long>(core::fnv1a64(bytes)));
  return buf;
}

std::vector<TrainingGame> read_log_games(
    const std::string& path, const std::string& expected_game, InputSummary& summary,
    const std::function<void(const records::LogFile&)>& check, bool need_final_score) {
  const records::LogFile log = records::read_log_file(path);
  if (log.run.game != expected_game) {
    throw InputError(where(path, 1) + "the log's game is '" + log.run.game +
                     "' but the config is for '" + expected_game + "'");
  }
  if (check) check(log);
  summary.path = path;
  summary.kind = "log";
  summary.hash = file_hash(path);
  return training_games(log.games, log.run.rules, path, summary, need_final_score);
}

std::vector<TrainingGame> training_games(const std::vector<records::GameRecord>& games,
                                         const std::string& rules, const std::string& source,
                                         InputSummary& summary, bool need_final_score) {
  // In id order: a log's line order is the order games finished in (threads, MPI ranks), and
  // the duplicate filter and the fit's sums follow input order, so the fit would depend on it.
  std::vector<const records::GameRecord*> by_id;
  by_id.reserve(games.size());
  for (const auto& g : games) by_id.push_back(&g);
  std::stable_sort(by_id.begin(), by_id.end(),
                   [](const auto* a, const auto* b) { return a->id < b->id; });
  std::vector<TrainingGame> out;
  out.reserve(games.size());
  for (const records::GameRecord* record : by_id) {
    const records::GameRecord& g = *record;
    const bool resigned = g.termination == records::Termination::Resign;
    if (g.termination != records::Termination::Normal &&
        g.termination != records::Termination::Adjudicated &&
        !(resigned && !need_final_score)) {
      ++summary.skipped;
      continue;
    }
    TrainingGame t;
    t.source = source + "#" + std::to_string(g.id);
    t.rules = rules;
    t.moves = g.transcript();
    t.score = g.score;
    if (!g.evals.empty()) {
      // Evals cover `moves` only; the opening's plies were not searched.
      t.evals.assign(g.opening.size(), std::nullopt);
      for (const auto& e : g.evals) {
        t.evals.push_back(e ? std::optional<int>(e->score) : std::nullopt);
      }
    }
    out.push_back(std::move(t));
    ++summary.games;
  }
  return out;
}

}  // namespace arena::tune
