// `arena nboard`: an Othello engine behind the NBoard protocol (version 2), the text protocol
// the NBoard GUI and Edax/NTest speak. A thin shell: each command line becomes a call on the
// engine or the stored position, nothing more (Stockfish's uci.cpp shape).
//
// Commands (one per line; unknown lines are ignored, as the protocol asks):
//   nboard <v>           -> "set myname <name>"
//   set depth <n>        search depth in plies for hint/go
//   set game <GGF>       the position at the end of the GGF game; its clock (TI, replayed
//                        against each move's time, as NTest's COsClock does) limits `go`
//   set contempt <n>     accepted, not used (the engine has no contempt)
//   move <mv>[/<e>/<t>]  a move played on the stored position (PA = pass); its time is
//                        charged to the mover's clock
//   hint <n>             -> "search <move> <eval> 0 <depth>" for the n best moves
//   go                   -> "=== <move>/<eval>/<time>", eval in discs (mover's view), time s
//   ping <n>             -> "pong <n>" (after everything before it is done)
//   learn                -> "learned" (nothing is learned)
//   analyze, others      ignored
//   quit                 ends the session
// Around each search: "status <name> is thinking" / "status <name> is waiting".
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>

#include "engine/core/errors.hpp"
#include "engine/core/limits.hpp"
#include "engine/othello/notation.hpp"
#include "engine/othello/othello.hpp"
#include "engine/othello/bind/ggf.hpp"

namespace arena::protocol {

/// Evaluation text of the protocol: discs with two decimals ("-1.00") from centi-discs.
[[nodiscard]] std::string nboard_eval(int centi);

/// The Othello position at the end of a GGF game (its BO board, then its moves). Throws
/// InputError naming the bad move.
[[nodiscard]] othello::Position nboard_position(const records::GgfGame& g);

/// The clocks of an NBoard game: each side's time left, ms (index 0 black, 1 white), and the
/// increment; none when the GGF has no TI.
struct NBoardClock {
  bool set = false;
  int left_ms[2] = {0, 0};
  int increment_ms = 0;
  /// Charges `seconds` to `side` and adds the increment (NTest's COsClock::Update, without
  /// its grace period: arena's own clock has none).
  void charge(int side, double seconds);
};

/// The clock at the end of GGF game g: TI's time, every move's time subtracted from its mover
/// and the increment added. Throws InputError for a malformed TI.
[[nodiscard]] NBoardClock nboard_clock(const records::GgfGame& g);

/// A move text of the protocol ("F5", "f5/1.00/2.1", "PA") as arena notation ("f5", "pass")
/// and its time in seconds (0 when absent).
[[nodiscard]] std::pair<std::string, double> nboard_move(const std::string& text);

/// Runs the NBoard session of `engine` (an arena::core::Engine<Othello> or anything with the
/// same think/score_root_moves/new_game/config members) reading `in` and writing `out` (each
/// answer flushed) until "quit" or end of input. Malformed commands are reported on `log`
/// and otherwise ignored, so a GUI session survives them. Returns 0.
template <class E>
int serve_nboard(E& engine, std::istream& in, std::ostream& out, std::ostream& log) {
  using othello::Othello;
  const std::string name = engine.config().name.empty() ? "arena" : engine.config().name;
  core::SearchLimits limits = engine.config().limits;
  othello::Position pos = Othello::initial();
  NBoardClock clock;
  std::uint64_t seed = 1;
  const auto status = [&](const char* what) {
    out << "status " << name << " is " << what << std::endl;
  };

  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream words(line);
    std::string cmd;
    words >> cmd;
    try {
      if (cmd == "nboard") {
        out << "set myname " << name << std::endl;
      } else if (cmd == "set") {
        std::string what;
        words >> what;
        if (what == "depth") {
          int depth = 0;
          if (!(words >> depth) || depth <= 0) throw InputError("set depth: expected a positive number");
          limits = core::SearchLimits{};
          limits.depth = depth;
        } else if (what == "game") {
          std::string ggf;
          std::getline(words, ggf);
          const auto games = records::parse_ggf(ggf, "set game");
          if (games.size() != 1) throw InputError("set game: expected one GGF game");
          pos = nboard_position(games[0]);
          clock = nboard_clock(games[0]);
          engine.new_game();
        }
        // set contempt and unknown settings: accepted, nothing to change.
      } else if (cmd == "move") {
        std::string text;
        words >> text;
        const auto [mv, seconds] = nboard_move(text);
        const int mover = Othello::side_to_move(pos);
        pos = Othello::play(pos, Othello::parse_move(pos, mv));
        if (clock.set) clock.charge(mover, seconds);
      } else if (cmd == "go" || cmd == "hint") {
        int n = 1;
        if (cmd == "hint" && !(words >> n)) n = 1;
        status("thinking");
        core::MoveListOf<Othello> moves;
        Othello::generate_moves(pos, moves);
        if (cmd == "go") {
          const auto t0 = std::chrono::steady_clock::now();
          std::string mv = "PA";
          int score = 0;
          if (moves.size() == 1 && Othello::is_pass(moves[0])) {
            mv = "PA";
          } else if (!moves.empty()) {
            core::SearchLimits l = limits;
            if (clock.set) {
              // At least 1 ms: a spent clock still gets the shortest search, not none.
              l.time_left_ms = std::max(1, clock.left_ms[Othello::side_to_move(pos)]);
              l.increment_ms = clock.increment_ms;
            }
            const auto r = engine.think(pos, l, seed++);
            mv = othello::square_name(r.best.square);
            score = r.score;
          }
          const double secs =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
          char t[32];
          std::snprintf(t, sizeof t, "%.1f", secs);
          out << "=== " << mv << "/" << nboard_eval(score) << "/" << t << std::endl;
        } else if (!moves.empty() && !Othello::is_pass(moves[0])) {
          auto scored = engine.score_root_moves(pos, limits, seed++);
          std::stable_sort(scored.begin(), scored.end(),
                           [](const auto& a, const auto& b) { return a.score > b.score; });
          for (int i = 0; i < n && i < static_cast<int>(scored.size()); ++i) {
            const auto& s = scored[static_cast<std::size_t>(i)];
            out << "search " << othello::square_name(s.move.square) << " "
                << nboard_eval(s.score) << " 0 " << limits.depth << std::endl;
          }
        }
        status("waiting");
      } else if (cmd == "ping") {
        std::string n;
        words >> n;
        out << "pong " << n << std::endl;
      } else if (cmd == "learn") {
        out << "learned" << std::endl;
      } else if (cmd == "quit") {
        break;
      }
    } catch (const InputError& e) {
      log << "arena nboard: " << e.what() << " (line ignored: " << line << ")" << std::endl;
    }
  }
  return 0;
}

}  // namespace arena::protocol
