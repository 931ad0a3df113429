// `arena gtp`: a Blokus Duo engine behind GTP with Pentobi's conventions (Pentobi-GTP.md), so a
// controller written for `pentobi-gtp --game duo` can drive it. A thin shell over the engine.
//
// Colours are `b` (first player) and `w` (second), case-insensitive. Moves are Pentobi square
// lists ("e10", "f9,e10,f10,g10,f11": column a-n, row 1-14 from the bottom) or the contest's
// 4-character code ("65u0"); a pass is "pass". Answers are "= text" or "? error" followed by an
// empty line, the status character always followed by a space (GTP 2 spec 2.10; Pentobi's
// twogtp insists on it); an optional numeric id is echoed. Supported: protocol_version, name,
// version, known_command, list_commands, clear_board, set_game (Blokus Duo only), play,
// genmove, reg_genmove, all_legal, final_score (Pentobi's "B+n" / "W+n" / "0", under the run's
// scoring rule), showboard, undo, cputime (this process's CPU seconds, as twogtp asks),
// set_random_seed, loadsgf FILE [N] (a blksgf game, before its N-th move), time_settings
// MAIN BYO STONES and time_left COLOR SECONDS STONES (GTP 2 spec 6.3.4: genmove then plays by
// that clock; arena keeps the clock itself between time_left commands), quit.
//
// Pentobi lets any colour move next; arena's positions alternate. A `play` or `genmove` for the
// colour that is not to move is accepted when the side to move has no placement: its pass is
// played first (the implicit pass of Pentobi's records).
#pragma once

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/blokus_duo/bind/records.hpp"
#include "engine/blokus_duo/notation.hpp"
#include "engine/blokus_duo/position.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/limits.hpp"

namespace arena::protocol {

/// The commands `arena gtp` answers, in list_commands order.
[[nodiscard]] const std::vector<std::string>& gtp_commands();

/// A move in Pentobi's square list or the 4-character code, checked against the rules of p.
/// Throws InputError naming the move and the rule it breaks.
[[nodiscard]] blokus_duo::Move gtp_parse_move(const blokus_duo::Position& p, std::string_view text);

/// Pentobi's final_score text from the first player's score: "B+7", "W+3", "0".
[[nodiscard]] std::string gtp_score(int first_player_score);

/// Plays the implicit pass of the side to move when `color` (0/1) is not to move and the side
/// to move has no placement; throws InputError when it has one (not `color`'s turn).
[[nodiscard]] blokus_duo::Position gtp_align_turn(const blokus_duo::Position& p, int color);

/// The CPU time of this process (user + system), seconds: the answer to `cputime`.
[[nodiscard]] double gtp_cpu_seconds();

/// The game clock a GTP controller gives (GTP 2 spec 4.2, time_settings / time_left). Times
/// in ms. Byo-yomi time > 0 with 0 stones means no limit; all three 0 too (unset).
struct GtpClock {
  int main_ms = 0;
  int byo_yomi_ms = 0;
  int byo_yomi_stones = 0;
  int left_ms[2] = {0, 0};       ///< each colour's time in its current period
  int left_stones[2] = {0, 0};   ///< stones left in the byo-yomi period (0 = main time)

  /// Whether the clock limits play at all.
  [[nodiscard]] bool limited() const {
    return !(byo_yomi_ms > 0 && byo_yomi_stones == 0) &&
           (main_ms > 0 || byo_yomi_ms > 0);
  }
  /// `base` with the time for `color`'s next move: the clock in main time, the period's time
  /// per remaining stone in byo-yomi.
  [[nodiscard]] core::SearchLimits limits_for(int color, core::SearchLimits base) const;
  /// Charges `ms` to `color`'s clock (between the controller's time_left updates).
  void charge(int color, int ms);
};

/// The position of a blksgf file (`loadsgf FILE [N]`): its first game replayed under `rules`
/// up to before its N-th move (N counts the file's moves, 1-based; 0 = all). Throws
/// InputError naming the file or the bad move.
[[nodiscard]] std::vector<blokus_duo::Position> gtp_load_sgf(const std::string& path, int move_number,
                                                             const blokus_duo::Rules& rules);

/// Runs a GTP session of `engine` (an arena::core::Engine<BlokusDuo> or anything with the same
/// think/new_game/config members) over `in`/`out` until quit or end of input. `rules` are the
/// rules of every game (clear_board). Returns 0.
template <class E>
int serve_gtp(E& engine, const blokus_duo::Rules& rules, const std::string& version,
              std::istream& in, std::ostream& out) {
  namespace bd = blokus_duo;
  std::vector<bd::Position> history{bd::initial_position(rules)};
  std::uint64_t seed = 1;
  GtpClock clock;
  const std::string name = engine.config().name.empty() ? "arena" : engine.config().name;

  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string id;
    std::string cmd;
    words >> cmd;
    if (cmd.empty()) continue;
    if (std::isdigit(static_cast<unsigned char>(cmd[0]))) {
      id = cmd;
      words >> cmd;
    }
    std::vector<std::string> args;
    for (std::string w; words >> w;) args.push_back(w);
    // A move argument may contain no spaces, but accept "f9, e10" by joining the rest.
    const auto rest_from = [&](std::size_t i) {
      std::string s;
      for (; i < args.size(); ++i) s += args[i];
      return s;
    };
    const auto color_of = [&](std::size_t i) {
      if (args.size() <= i) throw InputError("missing color (b or w)");
      std::string c = args[i];
      for (auto& ch : c) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (c == "b" || c == "black" || c == "1") return 0;
      if (c == "w" || c == "white" || c == "2") return 1;
      throw InputError("invalid color '" + args[i] + "' (expected b or w)");
    };

    std::string answer;
    bool ok = true;
    bool quit = false;
    try {
      const bd::Position& pos = history.back();
      if (cmd == "protocol_version") {
        answer = "2";
      } else if (cmd == "name") {
        answer = name;
      } else if (cmd == "version") {
        answer = version;
      } else if (cmd == "known_command") {
        answer = "false";
        for (const auto& c : gtp_commands()) {
          if (!args.empty() && c == args[0]) answer = "true";
        }
      } else if (cmd == "list_commands") {
        for (const auto& c : gtp_commands()) answer += (answer.empty() ? "" : "\n") + c;
      } else if (cmd == "cputime") {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", gtp_cpu_seconds());
        answer = buf;
      } else if (cmd == "set_random_seed") {
        if (args.empty()) throw InputError("missing seed");
        try {
          seed = std::stoull(args[0]);
        } catch (const std::exception&) {
          throw InputError("invalid seed '" + args[0] + "'");
        }
      } else if (cmd == "time_settings") {
        int v[3];
        for (std::size_t i = 0; i < 3; ++i) {
          if (args.size() <= i) throw InputError("expected main_time byo_yomi_time byo_yomi_stones");
          try {
            v[i] = std::stoi(args[i]);
          } catch (const std::exception&) {
            v[i] = -1;
          }
          if (v[i] < 0) throw InputError("invalid time '" + args[i] + "'");
        }
        clock = GtpClock{v[0] * 1000, v[1] * 1000, v[2], {v[0] * 1000, v[0] * 1000}, {0, 0}};
        if (v[0] == 0) clock.left_ms[0] = clock.left_ms[1] = v[1] * 1000;
        if (v[0] == 0) clock.left_stones[0] = clock.left_stones[1] = v[2];
      } else if (cmd == "time_left") {
        const int color = color_of(0);
        if (args.size() < 3) throw InputError("expected color time stones");
        try {
          clock.left_ms[color] = static_cast<int>(std::stod(args[1]) * 1000);
          clock.left_stones[color] = std::stoi(args[2]);
        } catch (const std::exception&) {
          throw InputError("invalid time_left arguments");
        }
      } else if (cmd == "loadsgf") {
        if (args.empty()) throw InputError("missing file name");
        int n = 0;
        if (args.size() > 1) {
          try {
            n = std::stoi(args[1]);
          } catch (const std::exception&) {
            throw InputError("invalid move number '" + args[1] + "'");
          }
        }
        history = gtp_load_sgf(args[0], n, rules);
        engine.new_game();
      } else if (cmd == "clear_board") {
        history.assign(1, bd::initial_position(rules));
        engine.new_game();
      } else if (cmd == "set_game") {
        std::string variant;
        for (const auto& a : args) variant += (variant.empty() ? "" : " ") + a;
        if (variant != "Blokus Duo" && variant != "duo") {
          throw InputError("unsupported game '" + variant + "' (only Blokus Duo)");
        }
        history.assign(1, bd::initial_position(rules));
        engine.new_game();
      } else if (cmd == "play") {
        const int color = color_of(0);
        const std::string text = rest_from(1);
        if (text.empty()) throw InputError("missing move");
        std::string lower = text;
        for (auto& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (lower == "pass") {
          // A pass of the colour to move is played when it is its only move; a pass of the
          // other colour is the implicit alternation and changes nothing.
          if (pos.side == color) history.push_back(bd::play(pos, gtp_parse_move(pos, "pass")));
        } else {
          const bd::Position aligned = gtp_align_turn(pos, color);
          history.push_back(bd::play(aligned, gtp_parse_move(aligned, text)));
        }
      } else if (cmd == "genmove" || cmd == "reg_genmove") {
        const int color = color_of(0);
        bd::MoveList moves;
        bd::Position aligned = pos;
        if (pos.side != color) {
          bd::generate_moves(pos, moves);
          if (moves.size() == 1 && moves[0].is_pass()) aligned = bd::play(pos, moves[0]);
        }
        if (aligned.side != color) throw InputError("it is not that color's turn");
        bd::generate_moves(aligned, moves);
        bd::Move best;  // a pass unless there is a placement
        if (!moves.empty() && !(moves.size() == 1 && moves[0].is_pass())) {
          const auto t0 = std::chrono::steady_clock::now();
          const core::SearchLimits limits =
              clock.limited() ? clock.limits_for(color, engine.config().limits) : core::SearchLimits{};
          best = engine.think(aligned, limits, seed++).best;
          clock.charge(color, static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                   std::chrono::steady_clock::now() - t0)
                                                   .count()));
        }
        answer = bd::format_pentobi(best);
        if (cmd == "genmove" && !moves.empty()) {
          if (aligned.plies != pos.plies) history.push_back(aligned);
          history.push_back(bd::play(aligned, best));
        }
      } else if (cmd == "all_legal") {
        const int color = color_of(0);
        bd::MoveList moves;
        bd::Position aligned = pos;
        if (pos.side != color) {
          bd::generate_moves(pos, moves);
          if (moves.size() == 1 && moves[0].is_pass()) aligned = bd::play(pos, moves[0]);
        }
        if (aligned.side == color) {
          bd::generate_moves(aligned, moves);
          for (const auto& m : moves) {
            if (!m.is_pass()) answer += (answer.empty() ? "" : "\n") + bd::format_pentobi(m);
          }
        }
      } else if (cmd == "final_score") {
        answer = gtp_score(bd::final_score(pos));
      } else if (cmd == "showboard") {
        // Pentobi's labels, so the board reads in genmove's and play's coordinates.
        bd::BoardMarks marks;
        marks.pentobi_labels = true;
        if (pos.plies > 0) marks.last = pos.history[static_cast<std::size_t>(pos.plies - 1)];
        answer = "\n" + bd::render_board(pos, marks);
        while (!answer.empty() && answer.back() == '\n') answer.pop_back();
      } else if (cmd == "undo") {
        if (history.size() <= 1) throw InputError("no move to undo");
        history.pop_back();
      } else if (cmd == "quit") {
        quit = true;
      } else {
        throw InputError("unknown command");
      }
    } catch (const InputError& e) {
      ok = false;
      answer = e.what();
    }
    out << (ok ? "=" : "?") << id << " " << answer << "\n\n" << std::flush;
    if (quit) break;
  }
  return 0;
}

}  // namespace arena::protocol
