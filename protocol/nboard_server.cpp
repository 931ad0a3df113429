// Non-template helpers of the NBoard front end (see nboard_server.hpp).
#include "protocol/nboard_server.hpp"

namespace arena::protocol {

std::string nboard_eval(int centi) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", centi / 100.0);
  return buf;
}

othello::Position nboard_position(const records::GgfGame& g) {
  const auto b = records::ggf_board_to_arena(g.board, "set game: ");
  othello::Position pos = othello::parse_board(b.squares, b.side);
  for (const auto& mv : g.moves) {
    pos = othello::Othello::play(pos, othello::Othello::parse_move(pos, mv));
  }
  return pos;
}

}  // namespace arena::protocol
