// GGF reading and writing (see ggf.hpp). The parser walks the SGF-like property list once,
// tracking the line for error messages; unknown properties are skipped, as GGF readers do.
#include "engine/othello/bind/ggf.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"

namespace arena::records {

namespace {

/// The "/eval/time" of a GGF move value ("F5/1.50/0.25", "F5//3"); unparsable parts absent.
MoveNote ggf_note(std::string_view value) {
  MoveNote note;
  const auto number = [](std::string_view text) -> std::optional<double> {
    const std::string s = boost::algorithm::trim_copy(std::string(text));
    if (s.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size() ? std::optional<double>(v) : std::nullopt;
  };
  const auto first = value.find('/');
  if (first == std::string_view::npos) return note;
  const auto second = value.find('/', first + 1);
  note.eval = number(value.substr(first + 1, second == std::string_view::npos
                                                 ? std::string_view::npos
                                                 : second - first - 1));
  if (second != std::string_view::npos) note.seconds = number(value.substr(second + 1));
  return note;
}

std::string format_note(const MoveNote& note) {
  if (!note.eval && !note.seconds) return {};
  char buf[64];
  std::string out = "/";
  if (note.eval) {
    std::snprintf(buf, sizeof buf, "%.2f", *note.eval);
    out += buf;
  }
  if (note.seconds) {
    // Plain decimals (GGS writes "5.04"), microseconds kept, trailing zeros dropped.
    std::snprintf(buf, sizeof buf, "/%.6f", *note.seconds);
    std::string t = buf;
    while (t.back() == '0') t.pop_back();
    if (t.back() == '.') t.pop_back();
    out += t;
  }
  return out;
}

/// A GGF move value "F5", "f5//1.2", "PA" -> "f5" / "pass"; "" when malformed.
std::string ggf_move_to_arena(std::string_view value) {
  const auto slash = value.find('/');
  std::string mv = boost::algorithm::to_lower_copy(std::string(value.substr(0, slash)));
  boost::algorithm::trim_right(mv);
  if (mv == "pa" || mv == "pass") return "pass";
  if (mv.size() == 2 && mv[0] >= 'a' && mv[0] <= 'h' && mv[1] >= '1' && mv[1] <= '8') return mv;
  return {};
}

/// One clock field "[[days.]hours:]minutes:]seconds" in seconds; -1 when malformed.
int ggf_clock_field(std::string_view text) {
  if (text.empty()) return 0;
  long total = 0;
  long part = 0;
  bool digits = false;
  for (const char c : text) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      part = part * 10 + (c - '0');
      digits = true;
      if (part > 100'000'000) return -1;
    } else if (c == ':' && digits) {
      total = (total + part) * 60;
      part = 0;
      digits = false;
    } else if (c == '.' && digits && total == 0) {
      total = part * 24;  // days, then hours
      part = 0;
      digits = false;
    } else {
      return -1;
    }
  }
  if (!digits) return -1;
  return static_cast<int>(total + part);
}

void add_property(std::string& out, const char* key, const std::string& value) {
  if (value.empty()) return;
  out += key;
  out += '[';
  out += value;
  out += ']';
}

}  // namespace

std::string format_ggf(const GgfGame& g) {
  std::string out = "(;GM[Othello]";
  add_property(out, "PC", g.place);
  add_property(out, "DT", g.date);
  add_property(out, "PB", g.black);
  add_property(out, "PW", g.white);
  add_property(out, "RE", g.result);
  add_property(out, "TI", g.time);
  out += "TY[8]BO[8 " + g.board + "]";
  // Colours alternate from the side in BO; a pass is written as the mover's PA.
  bool black = g.board.empty() || g.board.back() == '*';
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const auto& m = g.moves[i];
    out += black ? "B[" : "W[";
    out += m == "pass" ? std::string("PA") : boost::algorithm::to_upper_copy(m);
    if (i < g.notes.size()) out += format_note(g.notes[i]);
    out += ']';
    black = !black;
  }
  out += ";)";
  return out;
}

GgfBoard ggf_board_to_arena(std::string_view bo, const std::string& where) {
  std::string squares;
  char side = 0;
  std::size_t i = 0;
  // An optional leading board size "8".
  while (i < bo.size() && std::isspace(static_cast<unsigned char>(bo[i]))) ++i;
  if (i < bo.size() && bo[i] == '8' && i + 1 < bo.size() &&
      std::isspace(static_cast<unsigned char>(bo[i + 1]))) {
    i += 2;
  }
  for (; i < bo.size(); ++i) {
    const char c = bo[i];
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (squares.size() < 64) {
      if (c == '*' || c == 'X' || c == 'x' || c == 'B' || c == 'b') {
        squares += 'X';
      } else if (c == 'O' || c == 'o' || c == 'W' || c == 'w') {
        squares += 'O';
      } else if (c == '-' || c == '.') {
        squares += '-';
      } else {
        throw InputError(where + "BO: unexpected character '" + std::string(1, c) +
                         "' (expected *, O or -)");
      }
    } else if (side == 0) {
      if (c == '*' || c == 'X' || c == 'x' || c == 'B' || c == 'b') {
        side = 'X';
      } else if (c == 'O' || c == 'o' || c == 'W' || c == 'w') {
        side = 'O';
      } else {
        throw InputError(where + "BO: the side to move must be * or O");
      }
    } else {
      throw InputError(where + "BO: extra characters after the side to move");
    }
  }
  if (squares.size() != 64 || side == 0) {
    throw InputError(where + "BO: expected 64 squares and the side to move");
  }
  return {squares, std::string(1, side)};
}

GgfClock parse_ggf_clock(std::string_view text, const std::string& where) {
  std::vector<std::string> fields;
  boost::algorithm::split(fields, text, boost::algorithm::is_any_of("/"));
  if (fields.size() > 3) {
    throw InputError(where + "TI[" + std::string(text) + "]: expected TIME[/INCREMENT[/GRACE]]");
  }
  int v[3] = {0, 0, 0};
  for (std::size_t i = 0; i < fields.size(); ++i) {
    boost::algorithm::trim(fields[i]);
    v[i] = ggf_clock_field(fields[i]);
    if (v[i] < 0 || (i == 0 && fields[i].empty())) {
      throw InputError(where + "TI[" + std::string(text) + "]: '" + fields[i] +
                       "' is not a time ([[days.]hours:]minutes:]seconds)");
    }
  }
  return {v[0], v[1], v[2]};
}

std::string format_ggf_clock(const GgfClock& c) {
  const auto field = [](int s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%d:%02d", s / 60, s % 60);
    return std::string(buf);
  };
  std::string out = field(c.seconds);
  if (c.increment_seconds > 0 || c.grace_seconds > 0) {
    out += "/" + (c.increment_seconds > 0 ? field(c.increment_seconds) : std::string());
    if (c.grace_seconds > 0) out += "/" + field(c.grace_seconds);
  }
  return out;
}

namespace {

/// A cursor over a GGF text that counts lines, for messages "ORIGIN:LINE: ...".
class GgfReader {
 public:
  GgfReader(std::string_view text, const std::string& origin) : text_(text), origin_(origin) {}

  /// Skips to the next "(;" and past it; false at the end of the text.
  bool next_game() {
    while (i_ < text_.size()) {
      if (text_.compare(i_, 2, "(;") == 0) {
        i_ += 2;
        return true;
      }
      advance();
    }
    return false;
  }

  /// The game whose "(;" was just passed, up to and past its ";)". InputError for a
  /// malformed property or move, a non-Othello GM or TY, or a game that is not closed.
  GgfGame read_game() {
    const std::size_t start_line = line_;
    GgfGame g;
    g.line = start_line;
    std::string key;
    std::string value;
    for (;;) {
      const Token t = next_property(key, value);
      if (t == Token::Closed) return g;
      if (t == Token::End) {
        throw InputError(where(origin_, start_line) + "GGF: game not closed by ';)'");
      }
      apply(g, key, value);
    }
  }

 private:
  enum class Token { Property, Closed, End };

  [[nodiscard]] std::string here() const { return where(origin_, line_); }

  void advance() {
    if (text_[i_] == '\n') ++line_;
    ++i_;
  }

  /// The next property KEY[VALUE] of the game; Closed past its ";)", End at the end of the
  /// text. InputError for anything else than a property.
  Token next_property(std::string& key, std::string& value) {
    while (i_ < text_.size()) {
      const char c = text_[i_];
      if (c == ';' && i_ + 1 < text_.size() && text_[i_ + 1] == ')') {
        i_ += 2;
        return Token::Closed;
      }
      if (std::isspace(static_cast<unsigned char>(c))) {
        advance();
        continue;
      }
      if (!std::isupper(static_cast<unsigned char>(c))) {
        throw InputError(here() + "GGF: unexpected '" + std::string(1, c) +
                         "' (expected a property such as PB[...])");
      }
      key.clear();
      while (i_ < text_.size() && std::isupper(static_cast<unsigned char>(text_[i_]))) {
        key += text_[i_];
        ++i_;
      }
      if (i_ >= text_.size() || text_[i_] != '[') {
        throw InputError(here() + "GGF: property " + key + " has no [value]");
      }
      ++i_;
      value.clear();
      while (i_ < text_.size() && text_[i_] != ']') {
        value += text_[i_];
        advance();
      }
      if (i_ >= text_.size()) throw InputError(here() + "GGF: property " + key + " is not closed");
      ++i_;
      return Token::Property;
    }
    return Token::End;
  }

  /// Property KEY[VALUE] into g; unknown properties are skipped.
  void apply(GgfGame& g, const std::string& key, const std::string& value) const {
    if (key == "GM") {
      if (!boost::algorithm::iequals(value, "othello")) {
        throw InputError(here() + "GGF: GM[" + value + "] is not an Othello game");
      }
    } else if (key == "PB") {
      g.black = value;
    } else if (key == "PW") {
      g.white = value;
    } else if (key == "RE") {
      g.result = value;
    } else if (key == "DT") {
      g.date = value;
    } else if (key == "PC") {
      g.place = value;
    } else if (key == "TI") {
      g.time = value;
    } else if (key == "TY") {
      if (value.empty() || value[0] != '8') {
        throw InputError(here() + "GGF: TY[" + value + "]: only 8x8 Othello is supported");
      }
    } else if (key == "BO") {
      const auto b = ggf_board_to_arena(value, here());
      g.board.clear();
      for (const char s : b.squares) g.board += s == 'X' ? '*' : s;
      g.board += b.side == "X" ? " *" : " O";
    } else if (key == "B" || key == "W") {
      add_move(g, key, value);
    }
  }

  /// Move KEY[VALUE] (KEY "B" or "W") with its note into g, after the implied pass of the
  /// other side when the colour moves twice in a row.
  void add_move(GgfGame& g, const std::string& key, const std::string& value) const {
    const std::string mv = ggf_move_to_arena(value);
    if (mv.empty()) {
      throw InputError(here() + "GGF: move " + key + "[" + value +
                       "] is not a square a1..h8 or PA");
    }
    const bool black_to_move = (g.moves.size() % 2 == 0) == (g.board.back() == '*');
    if ((key == "B") != black_to_move) {
      g.moves.emplace_back("pass");
      g.notes.emplace_back();
    }
    g.moves.push_back(mv);
    g.notes.push_back(ggf_note(value));
  }

  std::string_view text_;
  const std::string& origin_;
  std::size_t i_ = 0;
  std::size_t line_ = 1;
};

}  // namespace

std::vector<GgfGame> parse_ggf(std::string_view text, const std::string& origin) {
  std::vector<GgfGame> games;
  GgfReader reader(text, origin);
  while (reader.next_game()) games.push_back(reader.read_game());
  return games;
}

}  // namespace arena::records
