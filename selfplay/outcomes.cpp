// Combining logs for the statistics (see outcomes.hpp).
#include "selfplay/outcomes.hpp"

#include <algorithm>
#include <cstdint>
#include <map>

#include "selfplay/clock_use.hpp"

namespace arena::selfplay {

analysis::GameOutcome outcome_of(const records::GameRecord& game) {
  analysis::GameOutcome o;
  o.first = game.first;
  o.second = game.second;
  o.result = *analysis::parse_game_result(game.result());
  o.pair = game.pair;
  o.plies = static_cast<int>(game.opening.size() + game.moves.size());
  o.termination = records::termination_name(game.termination);
  for (const auto& m : game.opening) o.opening += (o.opening.empty() ? "" : " ") + m;
  if (!game.times.empty()) {
    // After an odd opening the second player makes the first move of game.moves.
    const std::size_t first_mover = game.opening.size() % 2;
    o.times.emplace();
    // A side without a move in a game with CPU times spent none (a wipe-out right after the
    // opening), which is not "not recorded".
    if (!game.cpu.empty()) (*o.times)[0].cpu_ms = (*o.times)[1].cpu_ms = 0;
    for (std::size_t i = 0; i < game.times.size(); ++i) {
      analysis::SideTime& side = (*o.times)[(i + first_mover) % 2];
      ++side.moves;
      side.ms += game.times[i];
      side.longest_ms = std::max(side.longest_ms, game.times[i]);
      if (!game.cpu.empty()) *side.cpu_ms += game.cpu[i];
    }
  }
  return o;
}

std::string engine_label(const std::vector<records::LogFile>& files, const records::LogEngine& engine) {
  std::vector<std::string> hashes;  // the distinct hashes logged under engine.name
  for (const auto& f : files) {
    for (const auto& e : f.run.engines) {
      if (e.name == engine.name && std::find(hashes.begin(), hashes.end(), e.hash) == hashes.end()) {
        hashes.push_back(e.hash);
      }
    }
  }
  if (hashes.size() <= 1) return engine.name;
  for (std::size_t digits = 4; digits < engine.hash.size(); ++digits) {
    const std::string mine = engine.hash.substr(0, digits);
    const bool unique = std::none_of(hashes.begin(), hashes.end(), [&](const std::string& h) {
      return h != engine.hash && h.substr(0, digits) == mine;
    });
    if (unique) return engine.name + "@" + mine;
  }
  return engine.name + "@" + engine.hash;
}

namespace {

/// The label of engine `name` in a file whose names map to labels by `label_of` (the name
/// itself when it is not in the run record).
std::string label_in(const std::map<std::string, std::string>& label_of, const std::string& name) {
  const auto it = label_of.find(name);
  return it != label_of.end() ? it->second : name;
}

/// The engines' clock use over the games combined, by label.
class ClockTally {
 public:
  /// Adds game g of a run with these sides (logged_sides) and engine names -> labels.
  void add(const records::GameRecord& g, const records::RunRecord& run,
           const std::vector<SideSettings>& sides,
           const std::map<std::string, std::string>& label_of) {
    const auto side = [&](const std::string& name) {
      for (std::size_t i = 0; i < run.engines.size() && i < sides.size(); ++i) {
        if (run.engines[i].name == name) return sides[i];
      }
      return SideSettings{};
    };
    add_clock_use(g, side(g.first), side(g.second), use_[label_in(label_of, g.first)],
                  use_[label_in(label_of, g.second)]);
  }

  /// overrun_warning of each of `engines` (labels) that has one.
  [[nodiscard]] std::vector<std::string> warnings(const std::vector<std::string>& engines) const {
    std::vector<std::string> out;
    for (const auto& e : engines) {
      const auto it = use_.find(e);
      if (it == use_.end()) continue;
      if (auto w = overrun_warning(e, it->second)) out.push_back(std::move(*w));
    }
    return out;
  }

 private:
  std::map<std::string, ClockUse> use_;
};

}  // namespace

CombinedOutcomes combine_logs(const std::vector<records::LogFile>& files, bool separate) {
  CombinedOutcomes out;
  ClockTally clock;
  // Step 1: the engines under their labels, and whether the files are one run.
  std::vector<std::map<std::string, std::string>> label_of(files.size());  // per file: name -> label
  for (std::size_t i = 0; i < files.size(); ++i) {
    for (const auto& e : files[i].run.engines) {
      const std::string label = engine_label(files, e);
      label_of[i][e.name] = label;
      if (std::find(out.engines.begin(), out.engines.end(), label) == out.engines.end()) {
        out.engines.push_back(label);
      }
    }
    if (records::run_record_difference(files.front().run, files[i].run, true)) out.one_run = false;
  }
  // Step 2: one run: merged by id (its engines carry their plain names).
  if (out.one_run && !separate && files.size() > 1) {
    std::vector<std::string> paths;
    for (const auto& f : files) paths.push_back(f.path);
    records::LogSet set = records::read_logs(paths);
    const auto sides = logged_sides(files.front().run);
    for (const auto& g : set.games) {
      out.games.push_back(outcome_of(g));
      clock.add(g, files.front().run, sides, label_of.front());
    }
    out.decision = std::move(set.decision);
    out.warnings = clock.warnings(out.engines);
    return out;
  }
  if (out.one_run && files.size() == 1) out.decision = files.front().decision;
  // Step 3: several runs (or `separate`): one after another, pair ids made disjoint.
  std::int64_t offset = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::int64_t max_pair = 0;
    const auto sides = logged_sides(files[i].run);
    for (const auto& g : files[i].games) {
      clock.add(g, files[i].run, sides, label_of[i]);
      out.games.push_back(outcome_of(g));
      analysis::GameOutcome& o = out.games.back();
      o.first = label_in(label_of[i], o.first);
      o.second = label_in(label_of[i], o.second);
      if (!out.one_run || separate) *o.pair += offset;
      max_pair = std::max(max_pair, g.pair);
    }
    offset += max_pair + 1;
  }
  out.warnings = clock.warnings(out.engines);
  return out;
}

}  // namespace arena::selfplay
