// Opening books: positions an engine plays from a table instead of searching (config key
// [book] file), learned from game records by `arena tune --method book` (tune/book.hpp). The
// file format has its one home here: format_book writes it, OpeningBook::load reads it.
//
// Format (text, one line each, '#' lines are comments):
//   arena-book 1 GAME [RULES]
//   POSITION<TAB>MOVE GAMES MEAN VALUE[<TAB>MOVE GAMES MEAN VALUE ...]
// The first line names the format version, the game (G::kName) and its rule options
// (G::format_rules, omitted for the standard rules). Each further line is one position, written
// by G::format_position in its canonical orientation: of the images of the position under the
// game's board symmetries (HasSymmetries; none: the position itself), the first with the
// smallest G::hash. Its moves, in that orientation (G::format_move), come best first, each with
//   GAMES  the input games that played it there (an integer >= 1),
//   MEAN   their mean final score, the mover's view, in the game's units (discs, squares),
//   VALUE  the move's value through the book, same view and units: minus the best VALUE of
//          the position it leads to when that position is in the book, else MEAN.
// The engine plays the first move. A book is deterministic: the same position always gets the
// same move.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/core/text_file.hpp"

namespace arena::core {

/// The first word of a book file's first line, and the format version after it.
inline constexpr std::string_view kBookMagic = "arena-book";
inline constexpr int kBookVersion = 1;

/// The canonical image of p (see the file comment) and the symmetry k that maps p onto it.
template <Game G>
[[nodiscard]] std::pair<typename G::Position, int> canonical_image(const typename G::Position& p) {
  if constexpr (HasSymmetries<G>) {
    typename G::Position best = p;
    int best_k = 0;
    std::uint64_t best_hash = G::hash(p);
    for (int k = 1; k < G::kSymmetries; ++k) {
      const typename G::Position q = G::symmetric(p, k);
      const std::uint64_t h = G::hash(q);
      if (h < best_hash) {
        best = q;
        best_k = k;
        best_hash = h;
      }
    }
    return {best, best_k};
  } else {
    return {p, 0};
  }
}

/// Move m of a position, as seen in the image under symmetry k (the identity without symmetries).
template <Game G>
[[nodiscard]] typename G::Move symmetric_move(const typename G::Move& m, int k) {
  if constexpr (HasSymmetries<G>) {
    return G::symmetric_move(m, k);
  } else {
    return m;
  }
}

/// One move of a book position (see the file comment for the fields' units).
template <class Move>
struct BookMove {
  Move move{};
  std::uint64_t games = 0;
  double mean = 0.0;
  double value = 0.0;
};

/// One position of a book: canonical orientation, moves best first.
template <class Position, class Move>
struct BookEntry {
  Position position{};
  std::vector<BookMove<Move>> moves;
};

/// The book file text: the header line for `rules`, one "# " line per comment, then the
/// entries in the given order. Throws std::invalid_argument on an entry without moves.
template <Game G>
[[nodiscard]] std::string format_book(
    const typename G::Rules& rules, const std::vector<std::string>& comments,
    const std::vector<BookEntry<typename G::Position, typename G::Move>>& entries) {
  std::ostringstream out;
  out << kBookMagic << ' ' << kBookVersion << ' ' << G::kName;
  if (const std::string r = G::format_rules(rules); !r.empty()) out << ' ' << r;
  out << '\n';
  for (const auto& c : comments) out << "# " << c << '\n';
  const auto number = [](double v) {
    std::ostringstream s;
    s.precision(4);
    s << std::fixed << v;
    return s.str();
  };
  for (const auto& e : entries) {
    if (e.moves.empty()) throw std::invalid_argument("format_book: a position without moves");
    out << G::format_position(e.position);
    for (const auto& m : e.moves) {
      out << '\t' << G::format_move(e.position, m.move) << ' ' << m.games << ' '
          << number(m.mean) << ' ' << number(m.value);
    }
    out << '\n';
  }
  return out.str();
}

/// A loaded opening book of game G. Immutable after load; probe() is thread-safe.
template <Game G>
class OpeningBook {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  /// Reads a book file. Throws InputError naming the file and line for: an unreadable file, a
  /// first line other than "arena-book 1 GAME [RULES]" for this game, a position that does not
  /// parse or is not in its canonical orientation, a position listed twice, a line without
  /// moves, an illegal move, or GAMES, MEAN or VALUE that are not numbers (GAMES >= 1).
  [[nodiscard]] static OpeningBook load(const std::string& path) {
    const std::string text = read_text_file(path, "opening book");
    OpeningBook book;
    std::istringstream in(text);
    std::string line;
    std::size_t line_no = 0;
    bool header = false;
    while (std::getline(in, line)) {
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!header) {
        book.rules_ = read_header(path, line_no, line);
        header = true;
        continue;
      }
      if (line.empty() || line.front() == '#') continue;
      book.add_line(path, line_no, line);
    }
    if (!header) throw InputError(where(path, 1) + "expected the line 'arena-book 1 " +
                                  std::string(G::kName) + "', got an empty file");
    return book;
  }

  /// The book's move for p (in p's own orientation) with its games, mean and value; nullopt
  /// when p is not in the book.
  [[nodiscard]] std::optional<BookMove<Move>> probe(const Position& p) const {
    const auto [image, k] = canonical_image<G>(p);
    const auto it = entries_.find(G::hash(image));
    if (it == entries_.end() || !(it->second.position == G::format_position(image))) {
      return std::nullopt;
    }
    const BookMove<Move>& best = it->second.moves.front();
    MoveListOf<G> moves;
    G::generate_moves(p, moves);
    for (const Move& m : moves) {
      if (symmetric_move<G>(m, k) == best.move) return BookMove<Move>{m, best.games, best.mean, best.value};
    }
    return std::nullopt;
  }

  /// Positions in the book.
  [[nodiscard]] std::size_t size() const { return entries_.size(); }

 private:
  struct Stored {
    std::string position;  ///< G::format_position of the canonical image (guards hash clashes)
    std::vector<BookMove<Move>> moves;
  };

  /// The rules of a header line "arena-book 1 GAME [RULES]"; throws InputError otherwise.
  static typename G::Rules read_header(const std::string& path, std::size_t line_no,
                                       const std::string& line) {
    std::istringstream words(line);
    std::string magic;
    std::string game;
    std::string rules;
    int version = 0;
    words >> magic >> version >> game;
    std::getline(words >> std::ws, rules);
    const std::string expected =
        "expected the line '" + std::string(kBookMagic) + " " + std::to_string(kBookVersion) +
        " " + std::string(G::kName) + "' (an opening book of format " +
        std::to_string(kBookVersion) + " for " + std::string(G::kName) + "), got '" + line + "'";
    if (magic != kBookMagic || version != kBookVersion || game != G::kName) {
      throw InputError(where(path, line_no) + expected);
    }
    try {
      return G::parse_rules(rules);
    } catch (const InputError& e) {
      throw InputError(where(path, line_no) + "rules: " + e.what());
    }
  }

  /// One position line into entries_ (see load for the errors).
  void add_line(const std::string& path, std::size_t line_no, const std::string& line) {
    const auto fail = [&](const std::string& why) { throw InputError(where(path, line_no) + why); };
    std::vector<std::string> fields;
    for (std::size_t start = 0;;) {
      const std::size_t tab = line.find('\t', start);
      fields.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (fields.size() < 2) {
      fail("expected a position, a tab and at least one 'MOVE GAMES MEAN VALUE', got '" + line + "'");
    }
    const Position p = [&] {
      try {
        return G::parse_position(fields.front(), rules_);
      } catch (const InputError& e) {
        throw InputError(where(path, line_no) + "position: " + e.what());
      }
    }();
    Stored stored{G::format_position(p), {}};
    if (const std::string image = G::format_position(canonical_image<G>(p).first);
        image != stored.position) {
      fail("position '" + fields.front() + "' is not in its canonical orientation (expected '" +
           image + "')");
    }
    for (std::size_t i = 1; i < fields.size(); ++i) {
      stored.moves.push_back(read_move(p, fields[i], fail));
    }
    if (!entries_.emplace(G::hash(p), std::move(stored)).second) {
      fail("position '" + fields.front() + "' is listed twice");
    }
  }

  /// "MOVE GAMES MEAN VALUE" of position p.
  template <class Fail>
  static BookMove<Move> read_move(const Position& p, const std::string& field, const Fail& fail) {
    std::istringstream words(field);
    std::string move;
    std::string games;
    std::string mean;
    std::string value;
    std::string extra;
    words >> move >> games >> mean >> value >> extra;
    if (value.empty() || !extra.empty()) {
      fail("expected 'MOVE GAMES MEAN VALUE', got '" + field + "'");
    }
    BookMove<Move> out;
    try {
      out.move = G::parse_move(p, move);
    } catch (const InputError& e) {
      fail(std::string("move: ") + e.what());
    }
    if (G::is_pass(out.move)) fail("move: a book plays no pass");
    const auto whole = [](const std::string& s, auto& v) {
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      return ec == std::errc() && end == s.data() + s.size();
    };
    if (!whole(games, out.games) || out.games < 1) {
      fail("GAMES: expected an integer >= 1, got '" + games + "'");
    }
    if (!whole(mean, out.mean) || !std::isfinite(out.mean)) {
      fail("MEAN: expected a number, got '" + mean + "'");
    }
    if (!whole(value, out.value) || !std::isfinite(out.value)) {
      fail("VALUE: expected a number, got '" + value + "'");
    }
    return out;
  }

  typename G::Rules rules_{};
  std::unordered_map<std::uint64_t, Stored> entries_;  ///< by G::hash of the canonical image
};

}  // namespace arena::core
