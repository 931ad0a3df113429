// The bridge between record formats and arena game logs: a RecordGame's move tokens are
// replayed under the game's rules (implicit passes inserted, every move checked), and the
// result becomes a log GameRecord; a log's games become RecordGames again for export. Replay
// is what makes conversions trustworthy: a converted log holds only legal games.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "records/formats.hpp"
#include "records/game_log.hpp"

namespace arena::records {

/// A record replayed: canonical moves (passes explicit), the final position, and whether the
/// game reached its end.
template <class Position>
struct Replayed {
  std::vector<std::string> moves;
  std::vector<std::size_t> ply_of_token;  ///< index into `moves` of each record token
  Position end{};
  bool complete = false;
};

/// Replays `r.moves` from G's start under `rules`. A token that is not legal while the side to
/// move has only a pass is read after that (implicit) pass. When the record stops where only
/// passes remain, those passes are added. Throws InputError "<r.origin>move N (token): why".
template <core::Game G>
[[nodiscard]] Replayed<typename G::Position> replay(const RecordGame& r,
                                                    const typename G::Rules& rules) {
  Replayed<typename G::Position> out;
  auto pos = G::initial(rules);
  core::MoveListOf<G> list;
  const auto only_pass = [&] {
    G::generate_moves(pos, list);
    return list.size() == 1 && G::is_pass(list[0]);
  };
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const std::string& tok = r.moves[i];
    const std::string at = r.origin + "move " + std::to_string(i + 1) + " (" + tok + "): ";
    if (G::is_terminal(pos)) throw InputError(at + "the game is already over");
    typename G::Move m{};
    try {
      m = G::parse_move(pos, tok);
    } catch (const InputError& e) {
      if (!only_pass()) throw InputError(at + e.what());
      out.moves.push_back(G::format_move(pos, list[0]));
      pos = G::play(pos, list[0]);
      try {
        m = G::parse_move(pos, tok);
      } catch (const InputError& e2) {
        throw InputError(at + e2.what());
      }
    }
    out.ply_of_token.push_back(out.moves.size());
    out.moves.push_back(G::format_move(pos, m));
    pos = G::play(pos, m);
  }
  while (!G::is_terminal(pos) && only_pass()) {
    out.moves.push_back(G::format_move(pos, list[0]));
    pos = G::play(pos, list[0]);
  }
  out.end = pos;
  out.complete = G::is_terminal(pos);
  return out;
}

/// Replays every side line of a record, each from the start: the moves before its branch,
/// then its own (depth first). `line` holds the moves from the start to the end of the line
/// that `variations` branch off, that line starting at move `base` (0 for the main line).
/// Throws InputError "<origin>variation at move N: move M (token): why" as replay does.
template <core::Game G>
void check_variations(const std::vector<std::string>& line, std::size_t base,
                      const std::vector<Variation>& variations, const std::string& origin,
                      const typename G::Rules& rules) {
  for (const auto& v : variations) {
    const std::size_t branch = base + v.at;
    if (branch > line.size()) {
      throw InputError(origin + "a variation branches at move " + std::to_string(branch + 1) +
                       " of a line of " + std::to_string(line.size()) + " moves");
    }
    RecordGame side;
    side.moves.assign(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(branch));
    side.moves.insert(side.moves.end(), v.moves.begin(), v.moves.end());
    side.origin = origin + "variation at move " + std::to_string(branch + 1) + ": ";
    (void)replay<G>(side, rules);
    check_variations<G>(side.moves, branch, v.variations, side.origin, rules);
  }
}

/// A log game from a record: id `id`, players (or "first"/"second" when unnamed), replayed
/// moves, the final score of a finished game (termination normal) or, for a record that stops
/// early, the recorded score when there is one, else the score of the last position
/// (termination adjudicated, with the reason). Notes with an eval become the game's evals
/// (score in centi-units, depth and nodes 0 = unknown, ms from the time). Throws InputError as
/// replay does.
template <core::Game G>
[[nodiscard]] GameRecord to_log_game(const RecordGame& r, std::int64_t id,
                                               const typename G::Rules& rules) {
  const auto rep = replay<G>(r, rules);
  GameRecord g;
  g.id = id;
  g.pair = id / 2;
  g.first = r.first.empty() ? "first" : r.first;
  g.second = r.second.empty() ? "second" : r.second;
  g.moves = rep.moves;
  for (std::size_t i = 0; i < r.notes.size() && i < rep.ply_of_token.size(); ++i) {
    const MoveNote& note = r.notes[i];
    if (!note.eval) continue;
    g.evals.resize(g.moves.size());
    g.evals[rep.ply_of_token[i]] = MoveEval{
        static_cast<int>(std::lround(*note.eval * 100.0)), 0, 0, note.seconds.value_or(0.0) * 1000.0, std::nullopt};
  }
  if (rep.complete) {
    g.score = G::final_score(rep.end);
  } else {
    g.score = r.score ? *r.score : G::final_score(rep.end);
    g.termination = Termination::Adjudicated;
    g.reason = "the record ends before the game ends" +
               std::string(r.score ? " (recorded result kept)" : " (scored as it stands)");
  }
  return g;
}

/// A log game as a RecordGame (whole transcript, names, score).
[[nodiscard]] RecordGame from_log_game(const GameRecord& g);

/// Writes `games` as a new arena log for `game` with `rules` text: a run record naming each
/// player once as an engine (empty config), then one line per game (ids renumbered 0..n-1).
/// `source` (the input file) and `command_line` are recorded. Throws InputError when the file
/// cannot be created.
void write_log(const std::string& path, const std::string& game, const std::string& rules,
               std::vector<GameRecord> games, const std::string& source,
               const std::vector<std::string>& command_line);

}  // namespace arena::records
