// The viewer's compact game data (see games.hpp).
#include "report/games.hpp"

#include <string_view>

#include <boost/algorithm/string.hpp>

namespace arena::report {
namespace {

int engine_index(const selfplay::RunRecord& run, const std::string& name) {
  for (std::size_t i = 0; i < run.engines.size(); ++i) {
    if (run.engines[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

std::string viewer_code(const std::string& game, const std::string& move) {
  if (game == "othello") {
    const std::string m = boost::algorithm::to_lower_copy(move);
    if (m == "pass" || m == "ps" || m == "--") return "--";
    const bool square = m.size() == 2 && m[0] >= 'a' && m[0] <= 'h' && m[1] >= '1' && m[1] <= '8';
    return square ? m : "";
  }
  if (game == "blokus-duo") {
    if (move == "----" || move == "0000") return "----";
    return move.size() == 4 ? move : "";
  }
  return move;
}

nlohmann::json viewer_games(const std::vector<InputLog>& logs, std::vector<std::string>& problems) {
  nlohmann::json runs = nlohmann::json::array();
  nlohmann::json games = nlohmann::json::array();
  for (std::size_t r = 0; r < logs.size(); ++r) {
    const auto& run = logs[r].file.run;
    const bool fixed_width = run.game == "othello" || run.game == "blokus-duo";
    nlohmann::json engines = nlohmann::json::array();
    for (const auto& e : run.engines) engines.push_back(e.name);
    // Engines a game names but the run record does not (a malformed log) are appended.
    auto index_of = [&](const std::string& name) {
      int i = engine_index(run, name);
      if (i >= 0) return i;
      for (std::size_t k = run.engines.size(); k < engines.size(); ++k) {
        if (engines[k] == name) return static_cast<int>(k);
      }
      engines.push_back(name);
      return static_cast<int>(engines.size() - 1);
    };
    for (const auto& g : logs[r].file.games) {
      std::string moves;
      bool reported = false;
      for (const auto& m : g.transcript()) {
        std::string code = viewer_code(run.game, m);
        if (code.empty()) {
          if (!reported) {
            problems.push_back(logs[r].file.path + ": game " + std::to_string(g.id) + ": move '" +
                               m + "' is not a " + run.game + " move (viewer stops there)");
            reported = true;
          }
          continue;
        }
        if (reported) continue;
        if (!fixed_width && !moves.empty()) moves += ' ';
        moves += code;
      }
      std::string evals;
      if (!g.evals.empty()) {
        evals.assign(g.opening.size(), ',');
        for (std::size_t i = 0; i < g.evals.size(); ++i) {
          if (i > 0) evals += ',';
          if (g.evals[i]) evals += std::to_string(g.evals[i]->score);
        }
      }
      const std::string result = g.result();
      const int result_code = result == "1-0" ? 0 : result == "0-1" ? 2 : 1;
      std::string termination;
      if (g.termination != selfplay::Termination::Normal) {
        termination = std::string(selfplay::termination_name(g.termination)) + ": " + g.reason;
      }
      games.push_back({r, g.id, g.pair, index_of(g.first), index_of(g.second), result_code,
                       g.score, g.opening.size(), moves, evals, termination});
    }
    runs.push_back({{"label", logs[r].label}, {"game", run.game}, {"engines", engines}});
  }
  return {{"runs", runs}, {"games", games}};
}

}  // namespace arena::report
