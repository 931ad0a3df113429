// Contest codes, Pentobi square lists, move-list positions and the text board.
#include "engine/blokus_duo/notation.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "engine/core/errors.hpp"

namespace arena::blokus_duo {

namespace {

constexpr std::string_view kCoordDigits = "123456789ABCDE";

/// 0-based coordinate of a code character 1-9, A-E (either case), or -1.
int coordinate_of(char c) {
  if (c >= 'a' && c <= 'e') c = static_cast<char>(c - 'a' + 'A');
  const std::size_t i = kCoordDigits.find(c);
  return i == std::string_view::npos ? -1 : static_cast<int>(i);
}

std::string in_quotes(std::string_view text) { return "'" + std::string(text) + "'"; }

[[noreturn]] void malformed(std::string_view text) {
  throw InputError("malformed move " + in_quotes(text) +
                   ": expected XYpr (column and row 1-9 or A-E, piece a-u, orientation 0-7) "
                   "or ---- for a pass");
}

}  // namespace

std::string format_code(Move m) {
  if (m.is_pass()) return "----";
  const Placement& pl = placement_table()[m.id];
  return {kCoordDigits[pl.code_x], kCoordDigits[pl.code_y], static_cast<char>('a' + pl.piece),
          static_cast<char>('0' + pl.code_r)};
}

Move parse_code(std::string_view text) {
  if (text == "----" || text == "0000") return Move{};
  if (text.size() != 4) malformed(text);
  const int x = coordinate_of(text[0]);
  const int y = coordinate_of(text[1]);
  const int piece = piece_of_letter(text[2]);
  const int r = text[3] - '0';
  if (x < 0 || y < 0 || piece < 0 || r < 0 || r >= kNumOrientations) malformed(text);
  const PlacementTable& t = placement_table();
  const Offset o = t.origin_offset(piece, r);
  const int id = t.find(t.fixed_of(piece, r), x + o.x, y + o.y);
  if (id < 0) {
    throw InputError("move " + in_quotes(text) + ": you can't put it there: the piece goes off "
                     "the board");
  }
  return Move{static_cast<std::uint16_t>(id)};
}

Move parse_move(const Position& p, std::string_view text) {
  const Move m = parse_code(text);
  const Illegal why = check_move(p, m);
  if (why != Illegal::Legal) throw InputError("move " + in_quotes(text) + ": " + describe(why));
  return m;
}

std::string format_pentobi(Move m) {
  if (m.is_pass()) return "pass";
  const Placement& pl = placement_table()[m.id];
  std::vector<int> cells(pl.cells.begin(), pl.cells.begin() + pl.size);
  // Pentobi's order: by row counted from the bottom, then column; i.e. y descending, x up.
  std::sort(cells.begin(), cells.end(), [](int a, int b) {
    return cell_y(a) != cell_y(b) ? cell_y(a) > cell_y(b) : cell_x(a) < cell_x(b);
  });
  std::string out;
  for (const int c : cells) {
    if (!out.empty()) out += ',';
    out += static_cast<char>('a' + cell_x(c));
    out += std::to_string(kBoardSize - cell_y(c));
  }
  return out;
}

Move parse_pentobi(std::string_view text) {
  if (text == "pass" || text == "PASS") return Move{};
  std::vector<int> cells;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find(',', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view sq = text.substr(pos, end - pos);
    pos = end + 1;
    int x = -1;
    int row = 0;
    if (sq.size() >= 2 && sq.size() <= 3) {
      const char c = static_cast<char>(sq[0] | 0x20);
      x = (c >= 'a' && c < 'a' + kBoardSize) ? c - 'a' : -1;
      for (const char d : sq.substr(1)) {
        row = (d >= '0' && d <= '9') ? row * 10 + (d - '0') : -100;
      }
    }
    if (x < 0 || row < 1 || row > kBoardSize) {
      throw InputError("malformed Pentobi move " + in_quotes(text) + ": square " + in_quotes(sq) +
                       " is not a1..n14");
    }
    cells.push_back(cell_index(x, kBoardSize - row));
  }
  const int id = placement_table().find_cells(cells);
  if (id < 0) {
    throw InputError("Pentobi move " + in_quotes(text) + ": the squares do not form a piece");
  }
  return Move{static_cast<std::uint16_t>(id)};
}

Position parse_position(std::string_view text, const Rules& rules) {
  Position p = initial_position(rules);
  std::istringstream in{std::string(text)};
  std::string code;
  int ply = 0;
  while (in >> code) {
    ++ply;
    const auto fail = [&](const std::string& why) {
      throw InputError("position: ply " + std::to_string(ply) + " (" + in_quotes(code) + "): " +
                       why);
    };
    Move m;
    try {
      m = parse_code(code);
    } catch (const InputError& e) {
      fail(e.what());
    }
    if (p.plies >= kMaxPlies) fail("too many moves for one game");
    const Illegal why = check_move(p, m);
    if (why == Illegal::Legal) {
      p = play(p, m);
      continue;
    }
    // An omitted pass: the side to move has nothing, and the code fits the other side.
    if (!m.is_pass() && check_move(p, Move{}) == Illegal::Legal) {
      const Position after_pass = play(p, Move{});
      if (check_move(after_pass, m) == Illegal::Legal) {
        p = play(after_pass, m);
        continue;
      }
    }
    fail(describe(why));
  }
  return p;
}

std::string format_position(const Position& p) {
  std::string out;
  for (int i = 0; i < p.plies; ++i) {
    if (i > 0) out += ' ';
    out += format_code(p.history[static_cast<std::size_t>(i)]);
  }
  return out;
}

std::string render(const Position& p) { return render_board(p, BoardMarks{}); }

std::string render_board(const Position& p, const BoardMarks& marks) {
  // Pentobi labels: column a-n, row 14 at the top down to 1 (contest Y = 15 - row).
  const auto column = [&](int x) {
    return marks.pentobi_labels ? std::string(1, static_cast<char>('a' + x))
                                : std::string(1, kCoordDigits[static_cast<std::size_t>(x)]);
  };
  const auto row = [&](int y) {
    if (!marks.pentobi_labels) return "  " + std::string(1, kCoordDigits[static_cast<std::size_t>(y)]);
    const std::string r = std::to_string(kBoardSize - y);
    return std::string(3 - r.size(), ' ') + r;
  };
  Bits256 last;
  if (!marks.last.is_pass()) last = placement_table()[marks.last.id].mask;
  std::string out = "   ";
  for (int x = 0; x < kBoardSize; ++x) out += ' ' + column(x);
  out += '\n';
  for (int y = 0; y < kBoardSize; ++y) {
    out += row(y);
    for (int x = 0; x < kBoardSize; ++x) {
      const int c = cell_index(x, y);
      char ch = '.';
      if (p.occupied[0].test(c)) {
        ch = last.test(c) ? 'x' : 'X';
      } else if (p.occupied[1].test(c)) {
        ch = last.test(c) ? 'o' : 'O';
      } else if (marks.attach && !is_terminal(p) && p.attach[static_cast<std::size_t>(p.side)].test(c) &&
                 has_placement_at(p, p.side, c)) {
        ch = '*';
      } else if (c == kStartCell[0] || c == kStartCell[1]) {
        ch = '+';
      }
      out += ' ';
      out += ch;
    }
    out += '\n';
  }
  if (!marks.last.is_pass()) out += "the last piece is drawn in lower case (x, o)\n";
  if (marks.attach) out += "* = a square your next piece can use for corner contact\n";
  for (int who = 0; who < 2; ++who) {
    out += who == 0 ? "X (first, 55): " : "O (second, AA): ";
    out += std::to_string(p.squares_placed[static_cast<std::size_t>(who)]) + " squares placed; left:";
    for (int piece = 0; piece < kNumPieces; ++piece) {
      if (p.pieces_left[static_cast<std::size_t>(who)] >> piece & 1U) {
        out += ' ';
        out += static_cast<char>('a' + piece);
      }
    }
    out += '\n';
  }
  out += is_terminal(p) ? std::string("game over\n")
                        : std::string(p.side == 0 ? "X" : "O") + " to move\n";
  return out;
}

}  // namespace arena::blokus_duo
