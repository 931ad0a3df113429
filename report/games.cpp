// The viewer's compact game data (see games.hpp).
#include "report/games.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <string_view>

namespace arena::report {
namespace {

int engine_index(const records::RunRecord& run, const std::string& name) {
  for (std::size_t i = 0; i < run.engines.size(); ++i) {
    if (run.engines[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

char digit(int v) { return kBoardDigits[static_cast<std::size_t>(std::clamp(v, 0, 63))]; }

void two_digits(int v, std::string& out) {
  v = std::clamp(v, 0, 64 * 64 - 1);
  out += digit(v / 64);
  out += digit(v % 64);
}

/// The toggles turning reserve `from` into `to` (both ascending piece lists).
void reserve_toggles(const std::array<std::vector<int>, 2>& from,
                     const std::array<std::vector<int>, 2>& to, std::string& out) {
  for (std::size_t side = 0; side < 2; ++side) {
    std::vector<int> changed;
    std::set_symmetric_difference(from[side].begin(), from[side].end(), to[side].begin(),
                                  to[side].end(), std::back_inserter(changed));
    for (const int piece : changed) {
      out += digit(static_cast<int>(side));
      out += digit(piece);
    }
  }
}

nlohmann::json look_json(const BoardLook& l) {
  nlohmann::json palette = nlohmann::json::array();
  for (const auto& p : l.palette) palette.push_back({p.name, p.colour, p.shape});
  nlohmann::json pieces = nlohmann::json::array();
  for (const auto& p : l.pieces) pieces.push_back({p.name, p.width, p.height, p.cells});
  return {{"width", l.width}, {"height", l.height}, {"columns", l.columns}, {"rows", l.rows},
          {"background", l.background}, {"mark", l.mark}, {"palette", palette},
          {"sides", l.sides}, {"counts", l.counts}, {"side_colours", l.side_colours},
          {"pieces", pieces}, {"reserve_title", l.reserve_title}};
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

}  // namespace

std::string board_text(const Replay& replay) {
  std::string out;
  const std::array<std::vector<int>, 2> none;
  const BoardFrame* prev = nullptr;
  const bool small = !replay.frames.empty() && replay.frames.front().cells.size() <= 64;
  for (const BoardFrame& f : replay.frames) {
    if (prev != nullptr) out += ' ';
    out += digit((f.to_move < 0 ? 2 : f.to_move) + (f.pass ? 3 : 0));
    two_digits(f.counts[0], out);
    two_digits(f.counts[1], out);
    if (prev == nullptr) {
      for (const auto v : f.cells) out += digit(v);
    } else {
      for (std::size_t cell = 0; cell < f.cells.size(); ++cell) {
        const bool marked = std::find(f.marked.begin(), f.marked.end(), static_cast<int>(cell)) != f.marked.end();
        const bool changed = cell >= prev->cells.size() || prev->cells[cell] != f.cells[cell];
        if (!marked && !changed) continue;
        if (small) out += digit(static_cast<int>(cell));
        else two_digits(static_cast<int>(cell), out);
        out += digit(f.cells[cell] + (marked ? 32 : 0));
      }
    }
    const auto& before = prev == nullptr ? none : prev->reserve;
    if (f.reserve != before) {
      out += ',';
      reserve_toggles(before, f.reserve, out);
    }
    prev = &f;
  }
  return out;
}

nlohmann::json viewer_games(const std::vector<InputLog>& logs,
                            const std::map<std::string, GameViewer>& boards,
                            std::vector<std::string>& problems) {
  nlohmann::json looks = nlohmann::json::object();
  nlohmann::json runs = nlohmann::json::array();
  nlohmann::json games = nlohmann::json::array();
  for (std::size_t r = 0; r < logs.size(); ++r) {
    const auto& run = logs[r].file.run;
    const auto board = boards.find(run.game);
    const GameViewer* viewer = board == boards.end() ? nullptr : &board->second;
    if (viewer != nullptr && !looks.contains(run.game)) looks[run.game] = look_json(viewer->look);
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
      const std::vector<std::string> transcript = g.transcript();
      std::string moves = join(transcript);
      std::string frames;
      std::string error;
      if (viewer != nullptr) {
        const Replay replay = viewer->replay(transcript, run.rules);
        std::vector<std::string> played;
        for (std::size_t k = 1; k < replay.frames.size(); ++k) played.push_back(replay.frames[k].move);
        moves = join(played);
        frames = board_text(replay);
        error = replay.error;
        if (!error.empty()) {
          problems.push_back(logs[r].file.path + ": game " + std::to_string(g.id) + ": " + error +
                             " (the viewer stops there)");
        }
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
      if (g.termination != records::Termination::Normal) {
        termination = std::string(records::termination_name(g.termination)) + ": " + g.reason;
      }
      games.push_back({r, g.id, g.pair, index_of(g.first), index_of(g.second), result_code,
                       g.score, g.opening.size(), moves, evals, termination, frames, error});
    }
    runs.push_back({{"label", logs[r].label}, {"game", run.game}, {"engines", engines}});
  }
  return {{"boards", looks}, {"runs", runs}, {"games", games}};
}

}  // namespace arena::report
