// Combining logs for the statistics (see outcomes.hpp).
#include "selfplay/outcomes.hpp"

#include <algorithm>
#include <cstdint>

namespace arena::selfplay {

analysis::GameOutcome outcome_of(const GameRecord& game) {
  analysis::GameOutcome o;
  o.first = game.first;
  o.second = game.second;
  o.result = *analysis::parse_game_result(game.result());
  o.pair = game.pair;
  o.plies = static_cast<int>(game.opening.size() + game.moves.size());
  o.termination = termination_name(game.termination);
  for (const auto& m : game.opening) o.opening += (o.opening.empty() ? "" : " ") + m;
  return o;
}

CombinedOutcomes combine_logs(const std::vector<LogFile>& files, bool separate) {
  CombinedOutcomes out;
  for (const auto& f : files) {
    for (const auto& e : f.run.engines) {
      if (std::find(out.engines.begin(), out.engines.end(), e.name) == out.engines.end()) {
        out.engines.push_back(e.name);
      }
    }
    if (run_record_difference(files.front().run, f.run, true)) out.one_run = false;
  }
  if (out.one_run && !separate && files.size() > 1) {
    std::vector<std::string> paths;
    for (const auto& f : files) paths.push_back(f.path);
    for (const auto& g : read_logs(paths).games) out.games.push_back(outcome_of(g));
    return out;
  }
  std::int64_t offset = 0;
  for (const auto& f : files) {
    std::int64_t max_pair = 0;
    for (const auto& g : f.games) {
      out.games.push_back(outcome_of(g));
      if (!out.one_run || separate) *out.games.back().pair += offset;
      max_pair = std::max(max_pair, g.pair);
    }
    offset += max_pair + 1;
  }
  return out;
}

}  // namespace arena::selfplay
