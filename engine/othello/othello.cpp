// The non-inline members of Othello: rules, move ordering key, board symmetries, notation and
// the text diagram.
#include "engine/othello/othello.hpp"

#include <cctype>

#include "engine/core/errors.hpp"
#include "engine/othello/notation.hpp"
#include "engine/othello/patterns.hpp"

namespace arena::othello {

namespace {

constexpr Bitboard kCorners = 0x8100000000000081ULL;

/// Whether `text` looks like a board string: 64 board characters first.
bool is_board_string(std::string_view text) {
  if (text.size() < 64) return false;
  for (std::size_t i = 0; i < 64; ++i) {
    const char c = text[i];
    if (c != 'X' && c != 'x' && c != 'O' && c != 'o' && c != '-' && c != '.' && c != '*') {
      return false;
    }
  }
  return true;
}

std::string why_illegal(const Position& p, int sq) {
  if (sq == kPassSquare) return "pass is illegal: the side to move has a move";
  if (((p.player | p.opponent) & square_bit(sq)) != 0) return "the square is occupied";
  return "it flips no disc";
}

}  // namespace

Rules Othello::parse_rules(std::string_view text) {
  if (!text.empty()) {
    throw InputError("othello has no rule options, got '" + std::string(text) + "'");
  }
  return {};
}

int Othello::order_score(const Position& p, Move m) {
  if (m.square == kPassSquare) return 0;
  const Position next = play(p, m);
  int score = -16 * popcount(legal_moves(next.player, next.opponent));
  const Bitboard bit = square_bit(m.square);
  if ((bit & kCorners) != 0) score += 64;
  // X-squares (b2, g2, b7, g7) give the adjacent corner away while it is empty.
  constexpr int kXSquares[4][2] = {{9, 0}, {14, 7}, {49, 56}, {54, 63}};
  for (const auto& [x, corner] : kXSquares) {
    if (m.square == x && ((p.player | p.opponent) & square_bit(corner)) == 0) score -= 32;
  }
  return score;
}

Move Othello::parse_move(const Position& p, std::string_view text) {
  const int sq = parse_square(text);
  if (sq < 0) {
    throw InputError("move '" + std::string(text) +
                     "' is malformed (expected a square a1..h8 or pass)");
  }
  const Bitboard moves = move_mask(p);
  const bool legal = sq == kPassSquare
                         ? moves == 0 && legal_moves(p.opponent, p.player) != 0
                         : (moves & square_bit(sq)) != 0;
  if (!legal) {
    const std::string reason = sq == kPassSquare && moves == 0 ? "the game is over"
                                                               : why_illegal(p, sq);
    throw InputError("move '" + std::string(text) + "' is illegal: " + reason);
  }
  return Move{static_cast<std::uint8_t>(sq)};
}

std::string Othello::format_move(const Position&, Move m) { return square_name(m.square); }

Position Othello::symmetric(const Position& p, int k) {
  return {symmetric_board(p.player, k), symmetric_board(p.opponent, k), p.ply, p.side};
}

Move Othello::symmetric_move(Move m, int k) {
  if (m.square == kPassSquare) return m;
  return Move{static_cast<std::uint8_t>(symmetric_square(m.square, k))};
}

Position Othello::parse_position(std::string_view text, const Rules&) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  if (is_board_string(text)) {
    std::string_view side = text.substr(64);
    while (!side.empty() && std::isspace(static_cast<unsigned char>(side.front()))) {
      side.remove_prefix(1);
    }
    if (side.empty()) throw InputError("board string: missing side to move (X or O)");
    return parse_board(text.substr(0, 64), side);
  }
  // A transcript: two-character squares (or pass tokens), spaces ignored, passes implicit.
  Position p = initial();
  std::size_t i = 0;
  int move_number = 1;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    std::size_t length = 2;
    if (text.size() - i >= 4 && parse_square(text.substr(i, 4)) == kPassSquare) length = 4;
    const std::string_view token = text.substr(i, std::min(length, text.size() - i));
    const std::string where = "transcript ply " + std::to_string(p.ply + 1) + " (move " +
                              std::to_string(move_number) + "): ";
    const int sq = parse_square(token);
    if (sq < 0) {
      throw InputError(where + "'" + std::string(token) +
                       "' is malformed (expected a square a1..h8)");
    }
    // An implicit pass: the side to move has no move but the opponent has.
    if (sq != kPassSquare && move_mask(p) == 0 && legal_moves(p.opponent, p.player) != 0) {
      p = play(p, pass_move());
    }
    try {
      p = play(p, parse_move(p, token));
    } catch (const InputError& e) {
      throw InputError(where + e.what());
    }
    i += token.size();
    ++move_number;
  }
  return p;
}

std::string Othello::format_position(const Position& p) {
  const Bitboard black = p.side == 0 ? p.player : p.opponent;
  const Bitboard white = p.side == 0 ? p.opponent : p.player;
  std::string out(64, '-');
  for (int sq = 0; sq < 64; ++sq) {
    if ((black & square_bit(sq)) != 0) out[static_cast<std::size_t>(sq)] = 'X';
    if ((white & square_bit(sq)) != 0) out[static_cast<std::size_t>(sq)] = 'O';
  }
  return out + (p.side == 0 ? " X" : " O");
}

std::string Othello::render(const Position& p) {
  const std::string board = format_position(p);
  const Bitboard moves = move_mask(p);
  std::string out = "  a b c d e f g h\n";
  for (int row = 0; row < 8; ++row) {
    out += static_cast<char>('1' + row);
    for (int col = 0; col < 8; ++col) {
      const int sq = 8 * row + col;
      char c = board[static_cast<std::size_t>(sq)];
      if (c == '-') c = (moves & square_bit(sq)) != 0 ? '*' : '.';
      out += ' ';
      out += c;
    }
    out += '\n';
  }
  const Bitboard black = p.side == 0 ? p.player : p.opponent;
  const Bitboard white = p.side == 0 ? p.opponent : p.player;
  out += std::string(p.side == 0 ? "X (black)" : "O (white)") + " to move, ply " +
         std::to_string(p.ply) + ", discs X " + std::to_string(popcount(black)) + " O " +
         std::to_string(popcount(white)) + "\n";
  return out;
}

}  // namespace arena::othello
