// Square names, board strings and OBF lines (see notation.hpp).
#include "engine/othello/notation.hpp"

#include <cctype>
#include <charconv>

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"

namespace arena::othello {

int parse_square(std::string_view text) {
  const std::string s = boost::algorithm::to_lower_copy(std::string(text));
  if (s == "pass" || s == "ps" || s == "--") return kPassSquare;
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return -1;
  return 8 * (s[1] - '1') + (s[0] - 'a');
}

std::string square_name(int sq) {
  if (sq == kPassSquare) return "pass";
  return {static_cast<char>('a' + sq % 8), static_cast<char>('1' + sq / 8)};
}

Position parse_board(std::string_view board, std::string_view side) {
  if (board.size() != 64) {
    throw InputError("board string has " + std::to_string(board.size()) +
                     " characters, expected 64 (X, O, - or .)");
  }
  Bitboard black = 0;
  Bitboard white = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const char c = board[static_cast<std::size_t>(sq)];
    if (c == 'X' || c == 'x' || c == '*') {
      black |= square_bit(sq);
    } else if (c == 'O' || c == 'o') {
      white |= square_bit(sq);
    } else if (c != '-' && c != '.') {
      throw InputError("board string: unexpected '" + std::string(1, c) + "' at " +
                       square_name(sq) + " (expected X, O, - or .)");
    }
  }
  const std::string s = boost::algorithm::to_lower_copy(std::string(side));
  if (s != "x" && s != "o") {
    throw InputError("board string: side to move '" + std::string(side) +
                     "', expected X or O");
  }
  const bool white_to_move = s == "o";
  const int discs = popcount(black | white);
  Position p;
  p.player = white_to_move ? white : black;
  p.opponent = white_to_move ? black : white;
  p.ply = static_cast<std::int16_t>(discs > 4 ? discs - 4 : 0);
  p.side = white_to_move ? 1 : 0;
  return p;
}

ObfEntry parse_obf_line(std::string_view line, const std::string& where) {
  ObfEntry entry;
  std::string_view rest = line;
  const auto semicolon = rest.find(';');
  const std::string_view head = boost::algorithm::trim_copy(rest.substr(0, semicolon));
  if (head.size() < 66 || !std::isspace(static_cast<unsigned char>(head[64]))) {
    throw InputError(where + "expected a 64-character board, a space and the side to move X/O");
  }
  try {
    entry.position = parse_board(head.substr(0, 64), boost::algorithm::trim_copy(head.substr(65)));
  } catch (const InputError& e) {
    throw InputError(where + e.what());
  }
  if (semicolon == std::string_view::npos) return entry;
  rest.remove_prefix(semicolon + 1);
  // Each further ';'-separated field is "MOVE:SCORE" (e.g. "A2:+38"); empty fields are allowed.
  while (!rest.empty()) {
    const auto end = rest.find(';');
    const std::string_view field = boost::algorithm::trim_copy(rest.substr(0, end));
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    if (field.empty()) continue;
    const auto colon = field.find(':');
    ScoredSquare scored;
    scored.square = colon == std::string_view::npos ? -1 : parse_square(field.substr(0, colon));
    std::string_view number = colon == std::string_view::npos ? "" : boost::algorithm::trim_copy(field.substr(colon + 1));
    if (!number.empty() && number.front() == '+') number.remove_prefix(1);
    const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(),
                                           scored.score);
    if (scored.square < 0 || number.empty() || ec != std::errc{} ||
        ptr != number.data() + number.size()) {
      throw InputError(where + "malformed move score '" + std::string(field) +
                       "', expected MOVE:SCORE such as A2:+38");
    }
    entry.scores.push_back(scored);
  }
  return entry;
}

}  // namespace arena::othello
