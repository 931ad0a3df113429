// `arena gtp`: a Blokus Duo engine behind GTP with Pentobi's conventions (Pentobi-GTP.md), so a
// controller written for `pentobi-gtp --game duo` can drive it. A thin shell over the engine.
//
// Colours are `b` (first player) and `w` (second), case-insensitive. Moves are Pentobi square
// lists ("e10", "f9,e10,f10,g10,f11": column a-n, row 1-14 from the bottom) or the contest's
// 4-character code ("65u0"); a pass is "pass". Answers are "= text" or "? error" followed by an
// empty line; an optional numeric id is echoed. Supported: protocol_version, name, version,
// known_command, list_commands, clear_board, set_game (Blokus Duo only), play, genmove,
// reg_genmove, all_legal, final_score (Pentobi's "B+n" / "W+n" / "0", under the run's scoring
// rule), showboard, undo, quit.
//
// Pentobi lets any colour move next; arena's positions alternate. A `play` or `genmove` for the
// colour that is not to move is accepted when the side to move has no placement: its pass is
// played first (the implicit pass of Pentobi's records).
#pragma once

#include <cctype>
#include <cstdint>
#include <istream>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

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

/// Runs a GTP session of `engine` (an arena::core::Engine<BlokusDuo> or anything with the same
/// think/new_game/config members) over `in`/`out` until quit or end of input. `rules` are the
/// rules of every game (clear_board). Returns 0.
template <class E>
int serve_gtp(E& engine, const blokus_duo::Rules& rules, const std::string& version,
              std::istream& in, std::ostream& out) {
  namespace bd = blokus_duo;
  std::vector<bd::Position> history{bd::initial_position(rules)};
  std::uint64_t seed = 1;
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
          best = engine.think(aligned, core::SearchLimits{}, seed++).best;
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
    out << (ok ? "=" : "?") << id << (answer.empty() ? "" : " ") << answer << "\n\n"
        << std::flush;
    if (quit) break;
  }
  return 0;
}

}  // namespace arena::protocol
