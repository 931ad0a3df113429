// Non-template parts of the record <-> log bridge (see bridge.hpp).
#include "records/bridge.hpp"

#include <cstdio>

#include "engine/core/engine_config.hpp"
#include "engine/core/utc_time.hpp"
#include "engine/core/version.hpp"

namespace arena::records {

RecordGame from_log_game(const GameRecord& g) {
  RecordGame r;
  r.first = g.first;
  r.second = g.second;
  r.moves = g.transcript();
  r.score = g.score;
  if (!g.evals.empty()) {
    // The opening's plies were not searched; engine centi-units become game units.
    r.notes.assign(g.opening.size(), MoveNote{});
    for (const auto& e : g.evals) {
      MoveNote note;
      if (e) {
        note.eval = e->score / 100.0;
        note.seconds = e->ms / 1000.0;
      }
      r.notes.push_back(note);
    }
  }
  return r;
}

void write_log(const std::string& path, const std::string& game, const std::string& rules,
               std::vector<GameRecord> games, const std::string& source,
               const std::vector<std::string>& command_line) {
  RunRecord run;
  run.game = game;
  run.rules = rules;
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(core::fnv1a64("")));
  const auto add_engine = [&](const std::string& name) {
    for (const auto& e : run.engines) {
      if (e.name == name) return;
    }
    run.engines.push_back({name, hash, "", ""});
  };
  for (std::size_t i = 0; i < games.size(); ++i) {
    games[i].id = static_cast<std::int64_t>(i);
    games[i].pair = games[i].id / 2;
    add_engine(games[i].first);
    add_engine(games[i].second);
  }
  run.games = static_cast<std::int64_t>(games.size());
  for (const auto& g : games) run.record_evals = run.record_evals || !g.evals.empty();
  run.openings = "imported:" + source;
  run.command_line = command_line;
  run.arena_version = kVersion;
  run.arena_revision = kRevision;
  run.start_time = core::utc_iso8601();
  auto writer = LogWriter::create(path, run);
  for (const auto& g : games) writer.write(g);
}

}  // namespace arena::records
