// Reading a report's inputs (see inputs.hpp): a loop run folder or log files, forgiving.
#include "report/inputs.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <regex>
#include <tuple>

#include "engine/core/errors.hpp"
#include "records/log_codec.hpp"

namespace fs = std::filesystem;

namespace arena::report {
namespace {

/// The N of the nearest enclosing round-N folder below `root`, 0 when there is none.
int round_of(const fs::path& root, const fs::path& file) {
  static const std::regex kRound("round-([0-9]+)");
  int round = 0;
  for (const auto& part : fs::relative(file, root)) {
    std::smatch m;
    const std::string name = part.string();
    if (std::regex_match(name, m, kRound)) round = std::stoi(m[1]);
  }
  return round;
}

void read_one(const std::string& path, const std::string& label, int round, bool training,
              const std::vector<std::string>& known_games, Inputs& out) {
  try {
    InputLog log{records::read_log_file(path), label, round, true, training};
    out.problems.insert(out.problems.end(), log.file.warnings.begin(), log.file.warnings.end());
    if (std::find(known_games.begin(), known_games.end(), log.file.run.game) == known_games.end()) {
      log.known_game = false;
      std::string names;
      for (const auto& g : known_games) names += (names.empty() ? "" : ", ") + g;
      out.problems.push_back(where(path, 1) + "unknown game '" + log.file.run.game +
                             "' (expected one of: " + names + "); its " +
                             std::to_string(log.file.games.size()) +
                             " games are listed but not counted");
    }
    out.logs.push_back(std::move(log));
  } catch (const InputError& e) {
    out.problems.push_back(std::string(e.what()) + " (file skipped)");
  }
}

void load_folder(const fs::path& root, const std::vector<std::string>& known_games, Inputs& out) {
  out.loop = true;
  out.folder = root.string();
  const fs::path summary = root / "summary.json";
  if (fs::exists(summary)) {
    try {
      out.loop_summary = records::read_loop_record(summary.string());
    } catch (const InputError& e) {
      out.problems.push_back(e.what());
    }
  } else {
    // A loop still running: its finished rounds are in round-N/round.json.
    records::LoopRecord running;
    for (int n = 1;; ++n) {
      const fs::path file = root / ("round-" + std::to_string(n)) / "round.json";
      if (!fs::exists(file)) break;
      try {
        running.rounds.push_back(records::read_round_record(file.string()));
      } catch (const InputError& e) {
        out.problems.push_back(e.what());
      }
    }
    out.problems.push_back(summary.string() + ": missing (a loop still running?): " +
                           std::to_string(running.rounds.size()) +
                           " finished rounds read from round-N/round.json");
    if (!running.rounds.empty()) out.loop_summary = std::move(running);
  }
  std::vector<std::tuple<int, std::string, fs::path>> found;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_regular_file() && records::is_log_path(entry.path().string())) {
      found.emplace_back(round_of(root, entry.path()), fs::relative(entry.path(), root).string(),
                         entry.path());
    }
  }
  // Round order (round-10 after round-9), then path order within a round; round-less last.
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    const int ra = std::get<0>(a) == 0 ? 1 << 30 : std::get<0>(a);
    const int rb = std::get<0>(b) == 0 ? 1 << 30 : std::get<0>(b);
    return std::tie(ra, std::get<1>(a)) < std::tie(rb, std::get<1>(b));
  });
  if (found.empty()) out.problems.push_back(root.string() + ": no game logs (*.jsonl, *.jsonl.gz, *.jsonl.zst) found");
  for (const auto& [round, label, path] : found) {
    const std::string name = path.filename().string();
    const bool training = round > 0 && name.substr(0, name.find('.')) == "train";
    read_one(path.string(), label, round, training, known_games, out);
  }
}

}  // namespace

Inputs load_inputs(const std::vector<std::string>& paths,
                   const std::vector<std::string>& known_games) {
  if (paths.empty()) throw InputError("no input: give a loop run folder or game logs");
  Inputs out;
  if (paths.size() == 1 && fs::is_directory(paths[0])) {
    load_folder(paths[0], known_games, out);
    return out;
  }
  bool any = false;
  for (const auto& path : paths) {
    if (fs::is_directory(path)) {
      out.problems.push_back(path + ": a folder among log files (give a run folder alone)");
      continue;
    }
    any = any || fs::exists(path);
    read_one(path, fs::path(path).filename().string(), 0, false, known_games, out);
  }
  if (!any) throw InputError(paths[0] + ": no such file");
  return out;
}

std::string resolve_run_path(const Inputs& inputs, const std::string& path) {
  if (path.empty()) return "";
  const fs::path p(path);
  if (p.is_absolute()) return fs::exists(p) ? path : "";
  if (!inputs.folder.empty()) {
    const fs::path in_folder = fs::path(inputs.folder) / p;
    if (fs::exists(in_folder)) return in_folder.string();
    // Paths relative to where the loop ran: summary.json's run_dir ("./runs/<date-time>") says
    // how far above the run folder that was, so a report made from another folder finds them.
    if (inputs.loop_summary && !inputs.loop_summary->run_dir.empty()) {
      fs::path origin = fs::absolute(inputs.folder).lexically_normal();
      if (origin.filename().empty()) origin = origin.parent_path();  // a trailing '/'
      for (const auto& part : fs::path(inputs.loop_summary->run_dir).lexically_normal()) {
        if (!part.empty() && part != ".") origin = origin.parent_path();
      }
      const fs::path from_origin = origin / p;
      if (fs::exists(from_origin)) return from_origin.string();
    }
  }
  return fs::exists(p) ? path : "";
}

}  // namespace arena::report
