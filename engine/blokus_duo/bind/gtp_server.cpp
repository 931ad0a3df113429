// Non-template helpers of the GTP front end (see gtp_server.hpp).
#include "engine/blokus_duo/bind/gtp_server.hpp"

#include <sys/resource.h>

namespace arena::protocol {

const std::vector<std::string>& gtp_commands() {
  static const std::vector<std::string> kCommands = {
      "all_legal",     "clear_board",      "cputime",  "final_score",     "genmove",
      "known_command", "list_commands",    "loadsgf",  "name",            "play",
      "protocol_version", "quit",          "reg_genmove", "set_game",     "set_random_seed",
      "showboard",     "time_left",        "time_settings", "undo",       "version"};
  return kCommands;
}

blokus_duo::Move gtp_parse_move(const blokus_duo::Position& p, std::string_view text) {
  // "pass" is four characters too, but no contest code.
  if (text == "pass" || text == "PASS" || text == "Pass") {
    const blokus_duo::Move pass{};
    const auto why = blokus_duo::check_move(p, pass);
    if (why != blokus_duo::Illegal::Legal) {
      throw InputError("illegal move pass: " + blokus_duo::describe(why));
    }
    return pass;
  }
  // Four characters without a comma can only be the contest code: a Pentobi square is at most
  // three ("n14").
  if (text.size() == 4 && text.find(',') == std::string_view::npos) {
    return blokus_duo::parse_move(p, text);
  }
  const blokus_duo::Move m = blokus_duo::parse_pentobi(text);
  const auto why = blokus_duo::check_move(p, m);
  if (why != blokus_duo::Illegal::Legal) {
    throw InputError("illegal move " + std::string(text) + ": " + blokus_duo::describe(why));
  }
  return m;
}

std::string gtp_score(int first_player_score) {
  if (first_player_score > 0) return "B+" + std::to_string(first_player_score);
  if (first_player_score < 0) return "W+" + std::to_string(-first_player_score);
  return "0";
}

blokus_duo::Position gtp_align_turn(const blokus_duo::Position& p, int color) {
  if (p.side == color) return p;
  blokus_duo::MoveList moves;
  blokus_duo::generate_moves(p, moves);
  if (moves.size() == 1 && moves[0].is_pass()) return blokus_duo::play(p, moves[0]);
  throw InputError(std::string("it is ") + (p.side == 0 ? "b" : "w") + "'s turn");
}

double gtp_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

core::SearchLimits GtpClock::limits_for(int color, core::SearchLimits base) const {
  const auto c = static_cast<std::size_t>(color);
  base.time_left_ms = 0;
  base.increment_ms = 0;
  base.movetime_ms = 0;
  if (left_stones[c] > 0) {
    base.movetime_ms = std::max(1, left_ms[c] / left_stones[c]);
  } else if (left_ms[c] > 0) {
    base.time_left_ms = left_ms[c];
  } else {
    // Main time used up: the byo-yomi period starts (or, absolute time, nothing is left).
    base.movetime_ms = byo_yomi_stones > 0 ? std::max(1, byo_yomi_ms / byo_yomi_stones) : 1;
  }
  return base;
}

void GtpClock::charge(int color, int ms) {
  const auto c = static_cast<std::size_t>(color);
  left_ms[c] = std::max(0, left_ms[c] - ms);
  if (left_stones[c] > 0 && --left_stones[c] == 0) {
    // The period's stones are played: a new period.
    left_ms[c] = byo_yomi_ms;
    left_stones[c] = byo_yomi_stones;
  }
}

std::vector<blokus_duo::Position> gtp_load_sgf(const std::string& path, int move_number,
                                               const blokus_duo::Rules& rules) {
  const auto games = records::read_blksgf(records::read_text_file(path), path);
  if (games.empty()) throw InputError(path + ": no Blokus Duo game");
  std::vector<blokus_duo::Position> history{blokus_duo::initial_position(rules)};
  int played = 0;  // the file's own moves (passes are implied, not counted)
  for (const auto& code : games[0].moves) {
    const bool pass = code == "----";
    if (!pass && move_number > 0 && played + 1 >= move_number) break;
    history.push_back(blokus_duo::play(history.back(), blokus_duo::parse_move(history.back(), code)));
    if (!pass) ++played;
  }
  return history;
}

}  // namespace arena::protocol
