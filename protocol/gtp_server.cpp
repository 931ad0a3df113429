// Non-template helpers of the GTP front end (see gtp_server.hpp).
#include "protocol/gtp_server.hpp"

namespace arena::protocol {

const std::vector<std::string>& gtp_commands() {
  static const std::vector<std::string> kCommands = {
      "all_legal", "clear_board", "final_score", "genmove", "known_command",
      "list_commands", "name", "play", "protocol_version", "quit", "reg_genmove",
      "set_game", "showboard", "undo", "version"};
  return kCommands;
}

blokus_duo::Move gtp_parse_move(const blokus_duo::Position& p, std::string_view text) {
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

}  // namespace arena::protocol
