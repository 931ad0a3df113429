// Non-template helpers of the NBoard front end (see nboard_server.hpp).
#include "engine/othello/bind/nboard_server.hpp"

#include <cctype>

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

void NBoardClock::charge(int side, double seconds) {
  left_ms[side] -= static_cast<int>(seconds * 1000.0);
  left_ms[side] += increment_ms;
}

NBoardClock nboard_clock(const records::GgfGame& g) {
  NBoardClock c;
  if (g.time.empty()) return c;
  const auto ti = records::parse_ggf_clock(g.time, "set game: ");
  c.set = true;
  c.left_ms[0] = c.left_ms[1] = ti.seconds * 1000;
  c.increment_ms = ti.increment_seconds * 1000;
  int side = g.board.empty() || g.board.back() == '*' ? 0 : 1;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    c.charge(side, i < g.notes.size() ? g.notes[i].seconds.value_or(0.0) : 0.0);
    side = 1 - side;
  }
  return c;
}

std::pair<std::string, double> nboard_move(const std::string& text) {
  const auto slash = text.find('/');
  std::string mv = text.substr(0, slash);
  for (auto& ch : mv) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (mv == "pa") mv = "pass";
  double seconds = 0.0;
  if (slash != std::string::npos) {
    const auto second = text.find('/', slash + 1);
    if (second != std::string::npos) {
      try {
        seconds = std::stod(text.substr(second + 1));
      } catch (const std::exception&) {
        seconds = 0.0;
      }
    }
  }
  return {mv, seconds};
}

}  // namespace arena::protocol
