// Pentobi SGF (.blksgf) of Blokus Duo games (see records.hpp). The text is parsed into its SGF
// game tree (FF[4], red-bean.com/sgf: a tree is a node sequence followed by child trees), then
// walked: the main line follows the first child at every branch, as Pentobi writes its
// variations, and the other children become the game's side lines (Variation). Writing walks
// the same shape back: at a branch the rest of the line and each side line get their own tree.
#include <cctype>
#include <string>
#include <vector>

#include "engine/blokus_duo/notation.hpp"
#include "engine/core/errors.hpp"
#include "engine/blokus_duo/bind/records.hpp"

namespace arena::records {

namespace {

/// Trees nested deeper than this are refused: real files nest one tree per move at most
/// (about 50), and the recursive parser must not run out of stack on hostile input.
constexpr std::size_t kMaxTreeDepth = 500;

/// One move node of an SGF tree: the colour key ("B" or "W") and its Pentobi square list.
struct SgfMove {
  std::string colour;
  std::string squares;
  std::size_t line = 0;
};

/// An SGF GameTree reduced to what a Blokus Duo record keeps: the sequence's moves (nodes
/// without a move are dropped), and the child trees.
struct SgfTree {
  std::vector<SgfMove> moves;
  std::vector<SgfTree> children;
};

/// What the root node says about the game besides the tree.
struct SgfHeader {
  std::string first;   ///< PB
  std::string second;  ///< PW
};

/// Recursive-descent reader of one GameTree starting at text[i] == '('; advances i past its
/// ')' and counts lines. PB/PW of the first node go to `header`; GM must be "Blokus Duo".
class TreeParser {
 public:
  TreeParser(std::string_view text, const std::string& origin, std::size_t& i, std::size_t& line)
      : text_(text), origin_(origin), i_(i), line_(line) {}

  SgfTree tree(SgfHeader& header, std::size_t depth) {
    if (depth > kMaxTreeDepth) {
      throw InputError(where(origin_, line_) + "SGF: variations nested deeper than " +
                       std::to_string(kMaxTreeDepth) + " trees");
    }
    const std::size_t open_line = line_;
    step();  // '('
    SgfTree t;
    bool first_node = depth == 0;
    while (i_ < text_.size()) {
      const char c = text_[i_];
      if (c == ')') {
        step();
        return t;
      }
      if (c == '(') {
        t.children.push_back(tree(header, depth + 1));
        continue;
      }
      if (c == ';') {
        step();
        node(t, first_node ? &header : nullptr);
        first_node = false;
        continue;
      }
      step();  // whitespace, or stray text between nodes
    }
    throw InputError(where(origin_, open_line) + "SGF: game not closed by ')'");
  }

 private:
  void step() {
    if (text_[i_] == '\n') ++line_;
    ++i_;
  }

  /// The properties of one node (after its ';').
  void node(SgfTree& t, SgfHeader* header) {
    while (i_ < text_.size()) {
      const char c = text_[i_];
      if (c == ';' || c == '(' || c == ')') return;
      if (!std::isupper(static_cast<unsigned char>(c))) {
        step();
        continue;
      }
      std::string key;
      while (i_ < text_.size() && std::isupper(static_cast<unsigned char>(text_[i_]))) {
        key += text_[i_++];
      }
      const std::size_t at_line = line_;
      std::vector<std::string> values;
      while (i_ < text_.size() && text_[i_] == '[') {
        ++i_;
        std::string v;
        while (i_ < text_.size() && text_[i_] != ']') {
          if (text_[i_] == '\\' && i_ + 1 < text_.size()) ++i_;
          v += text_[i_];
          step();
        }
        if (i_ >= text_.size()) throw InputError(where(origin_, at_line) + "SGF: unclosed " + key + "[");
        ++i_;
        values.push_back(v);
        while (i_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[i_]))) step();
      }
      if (values.empty()) throw InputError(where(origin_, at_line) + "SGF: " + key + " has no value");
      if (key == "GM" && values[0] != "Blokus Duo") {
        throw InputError(where(origin_, at_line) + "SGF: GM[" + values[0] +
                         "] is not a Blokus Duo game");
      }
      if (header != nullptr && key == "PB") header->first = values[0];
      if (header != nullptr && key == "PW") header->second = values[0];
      if (key == "B" || key == "W") t.moves.push_back({key, values[0], at_line});
    }
  }

  std::string_view text_;
  const std::string& origin_;
  std::size_t& i_;
  std::size_t& line_;
};

/// Appends the moves of `t` and of its first child (recursively) to `moves` as 4-character
/// codes, a colour that moves twice in a row implying the other's pass ("----"); the other
/// children become side lines in `variations`, branching where the first child starts.
/// `black_next`: whose move the line expects; updated.
void walk(const SgfTree& t, const std::string& origin, std::vector<std::string>& moves,
          std::vector<Variation>& variations, bool& black_next) {
  for (const auto& m : t.moves) {
    if ((m.colour == "B") != black_next) moves.emplace_back("----");
    try {
      moves.push_back(blokus_duo::format_code(blokus_duo::parse_pentobi(m.squares)));
    } catch (const InputError& e) {
      throw InputError(where(origin, m.line) + "SGF: move " + m.colour + "[" + m.squares +
                       "]: " + e.what());
    }
    black_next = m.colour != "B";
  }
  if (t.children.empty()) return;
  const std::size_t at = moves.size();
  for (std::size_t k = 1; k < t.children.size(); ++k) {
    Variation v;
    v.at = at;
    bool side_black = black_next;
    walk(t.children[k], origin, v.moves, v.variations, side_black);
    variations.push_back(std::move(v));
  }
  walk(t.children[0], origin, moves, variations, black_next);
}

std::string escape(const std::string& s) {
  std::string e;
  for (const char c : s) {
    if (c == ']' || c == '\\') e += '\\';
    e += c;
  }
  return e;
}

/// One child tree "(...)" holding `line`'s text; an SGF tree starts with a node, so a line that
/// writes none (passes only, or a branch at once) starts with an empty node ";".
void write_tree(std::string& out, const std::string& line) {
  out += line.empty() || line[0] != ';' ? "(;" : "(";
  out += line;
  out += ")";
}

/// Writes moves[from..] of a line whose move `from` is black's when `black`, branching into
/// its side lines (those of `variations` from index `next` on, `at` counted from the line's
/// start) where they start.
void write_line(std::string& out, const std::vector<std::string>& moves, std::size_t from,
                const std::vector<Variation>& variations, std::size_t next, bool black) {
  for (std::size_t i = from; i <= moves.size(); ++i) {
    if (next < variations.size() && variations[next].at == i) {
      // A branch: the rest of this line first (the main line continues into the first
      // child), then each side line starting here.
      std::size_t end = next;
      while (end < variations.size() && variations[end].at == i) ++end;
      std::string rest;
      write_line(rest, moves, i, variations, end, black);
      write_tree(out, rest);
      for (std::size_t k = next; k < end; ++k) {
        std::string side;
        write_line(side, variations[k].moves, 0, variations[k].variations, 0, black);
        write_tree(out, side);
      }
      return;
    }
    if (i == moves.size()) return;
    const blokus_duo::Move mv = blokus_duo::parse_code(moves[i]);
    if (!mv.is_pass()) {
      out += black ? ";B[" : ";W[";
      out += blokus_duo::format_pentobi(mv) + "]";
    }
    black = !black;
  }
}

}  // namespace

std::vector<RecordGame> read_blksgf(std::string_view text, const std::string& origin) {
  std::vector<RecordGame> games;
  std::size_t line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '(') {
      if (text[i] == '\n') ++line;
      ++i;
      continue;
    }
    RecordGame g;
    g.origin = where(origin, line);
    SgfHeader header;
    const SgfTree tree = TreeParser(text, origin, i, line).tree(header, 0);
    g.first = header.first;
    g.second = header.second;
    bool black_next = true;
    walk(tree, origin, g.moves, g.variations, black_next);
    games.push_back(std::move(g));
  }
  return games;
}

std::string write_blksgf(const std::vector<RecordGame>& games) {
  std::string out;
  for (const auto& g : games) {
    out += "(;GM[Blokus Duo]";
    if (!g.first.empty()) out += "PB[" + escape(g.first) + "]";
    if (!g.second.empty()) out += "PW[" + escape(g.second) + "]";
    write_line(out, g.moves, 0, g.variations, 0, true);
    out += ")\n";
  }
  return out;
}

}  // namespace arena::records
