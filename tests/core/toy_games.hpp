// Toy games for the core tests, so that search, evaluation and configs are tested without any
// real game: tic-tac-toe (a small game with a known value: a draw under perfect play) and
// HashGame, a synthetic game whose branching, passes, leaf scores and evaluations come from a
// hash of (state, ply), giving many irregular trees with same-ply transpositions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/features.hpp"
#include "engine/core/game.hpp"

namespace arena::core::toy {

/// SplitMix64's finaliser (Steele, Lea, Flood 2014): a cheap, well-mixed 64-bit hash.
inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe. Squares 0..8 row by row; the first player is X.

struct TttPosition {
  std::uint16_t mine = 0;    ///< side to move's marks
  std::uint16_t theirs = 0;  ///< the other side's marks
  int ply = 0;
};

/// A small feature set: centre, corners and open lines (side to move's view), 2 phases.
class TttFeatures : public FeatureSet<TttPosition> {
 public:
  [[nodiscard]] std::string name() const override { return "classic"; }
  [[nodiscard]] std::uint64_t declaration_hash() const override { return 0x7171ULL; }
  [[nodiscard]] int num_features() const override { return 3; }
  [[nodiscard]] int num_phases() const override { return 2; }
  [[nodiscard]] std::string feature_name(int i) const override {
    static constexpr const char* kNames[] = {"centre", "corners", "lines"};
    return kNames[i];
  }
  [[nodiscard]] int phase(const TttPosition& p) const override { return p.ply < 4 ? 0 : 1; }
  void extract(const TttPosition& p, SparseFeatures& out) const override;
};

struct TicTacToe {
  static constexpr std::string_view kName = "tictactoe";
  using Position = TttPosition;
  using Move = std::uint8_t;  ///< square 0..8; 9 = pass (never legal)
  struct Rules {};

  static constexpr std::uint16_t kLines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

  static Rules parse_rules(std::string_view) { return {}; }
  static std::string format_rules(const Rules&) { return ""; }
  static Position initial(const Rules&) { return {}; }
  static bool won(std::uint16_t marks) {
    for (const auto l : kLines) {
      if ((marks & l) == l) return true;
    }
    return false;
  }
  static bool is_terminal(const Position& p) {
    return won(p.theirs) || won(p.mine) || (p.mine | p.theirs) == 0777;
  }
  static void generate_moves(const Position& p, MoveListOf<TicTacToe>& list) {
    list.clear();
    if (is_terminal(p)) return;
    for (int s = 0; s < 9; ++s) {
      if (((p.mine | p.theirs) >> s & 1) == 0) list.push_back(static_cast<Move>(s));
    }
  }
  static Position play(const Position& p, Move m) {
    return {p.theirs, static_cast<std::uint16_t>(p.mine | (1U << m)), p.ply + 1};
  }
  static int side_to_move(const Position& p) { return p.ply % 2; }
  static int final_score(const Position& p) {
    const int mover = won(p.mine) ? 1 : won(p.theirs) ? -1 : 0;
    return side_to_move(p) == 0 ? mover : -mover;
  }
  static int ply(const Position& p) { return p.ply; }
  static std::uint64_t hash(const Position& p) {
    return mix(static_cast<std::uint64_t>(p.mine) << 16 | p.theirs);
  }
  static bool is_pass(Move m) { return m == 9; }
  static Move pass_move() { return 9; }
  static Move parse_move(const Position& p, std::string_view text) {
    if (text.size() != 1 || text[0] < '0' || text[0] > '8') {
      throw InputError("move '" + std::string(text) + "': expected a square 0-8");
    }
    const auto m = static_cast<Move>(text[0] - '0');
    if (((p.mine | p.theirs) >> m & 1) != 0) {
      throw InputError("move '" + std::string(text) + "': square taken");
    }
    return m;
  }
  static std::string format_move(const Position&, Move m) { return std::to_string(m); }
  /// 9 characters X, O or - (row by row); the side to move follows from the counts.
  static Position parse_position(std::string_view text, const Rules&) {
    if (text.empty()) return {};
    if (text.size() != 9) throw InputError("position: expected 9 characters of X, O, -");
    std::uint16_t x = 0;
    std::uint16_t o = 0;
    for (int s = 0; s < 9; ++s) {
      if (text[static_cast<std::size_t>(s)] == 'X') x |= static_cast<std::uint16_t>(1U << s);
      if (text[static_cast<std::size_t>(s)] == 'O') o |= static_cast<std::uint16_t>(1U << s);
    }
    const int ply = __builtin_popcount(x) + __builtin_popcount(o);
    return ply % 2 == 0 ? Position{x, o, ply} : Position{o, x, ply};
  }
  static std::string format_position(const Position& p) {
    const std::uint16_t x = p.ply % 2 == 0 ? p.mine : p.theirs;
    const std::uint16_t o = p.ply % 2 == 0 ? p.theirs : p.mine;
    std::string s;
    for (int i = 0; i < 9; ++i) s += (x >> i & 1) != 0 ? 'X' : (o >> i & 1) != 0 ? 'O' : '-';
    return s;
  }
  static std::string render(const Position& p) { return format_position(p); }
  static std::unique_ptr<FeatureSet<Position>> make_feature_set(std::string_view name) {
    if (name != "classic") throw InputError("unknown feature set '" + std::string(name) + "'");
    return std::make_unique<TttFeatures>();
  }
};

inline void TttFeatures::extract(const TttPosition& p, SparseFeatures& out) const {
  const auto diff = [&](std::uint16_t mask) {
    return static_cast<float>(__builtin_popcount(p.mine & mask) -
                              __builtin_popcount(p.theirs & mask));
  };
  if (const float c = diff(0020); c != 0) out.push_back({0, c});
  if (const float c = diff(0505); c != 0) out.push_back({1, c});
  int open = 0;
  for (const auto l : TicTacToe::kLines) {
    open += (p.theirs & l) == 0 ? 1 : 0;
    open -= (p.mine & l) == 0 ? 1 : 0;
  }
  if (open != 0) out.push_back({2, static_cast<float>(open)});
}

// ---------------------------------------------------------------------------------------------
// HashGame: state and ply determine everything. 0-4 moves per position from a hash; no move
// means a forced pass (two passes in a row end the game); the game ends at kLength plies.

struct HashPosition {
  std::uint64_t state = 1;
  int ply = 0;
  bool passed = false;  ///< the previous move was a pass
};

struct HashGame {
  static constexpr std::string_view kName = "hashgame";
  static constexpr int kLength = 12;
  using Position = HashPosition;
  using Move = std::uint8_t;  ///< 0..3; 255 = pass
  struct Rules {};

  static Rules parse_rules(std::string_view) { return {}; }
  static std::string format_rules(const Rules&) { return ""; }
  static Position initial(const Rules&) { return {}; }
  static int branching(const Position& p) {
    return static_cast<int>(mix(p.state ^ static_cast<std::uint64_t>(p.ply) << 56) % 5);
  }
  static bool is_terminal(const Position& p) {
    return p.ply >= kLength || (p.passed && branching(p) == 0);
  }
  static void generate_moves(const Position& p, MoveListOf<HashGame>& list) {
    list.clear();
    if (is_terminal(p)) return;
    const int b = branching(p);
    if (b == 0) list.push_back(pass_move());
    for (int m = 0; m < b; ++m) list.push_back(static_cast<Move>(m));
  }
  /// Few distinct states per ply (mod 61), so transpositions are frequent.
  static Position play(const Position& p, Move m) {
    const std::uint64_t next = is_pass(m) ? p.state : (p.state * 7 + m * 13 + 5) % 61;
    return {next, p.ply + 1, is_pass(m)};
  }
  static int side_to_move(const Position& p) { return p.ply % 2; }
  static int final_score(const Position& p) {
    return static_cast<int>(mix(p.state * 977 + static_cast<std::uint64_t>(p.ply)) % 21) - 10;
  }
  static int ply(const Position& p) { return p.ply; }
  static std::uint64_t hash(const Position& p) {
    return mix(p.state * 131 + static_cast<std::uint64_t>(p.ply) * 2 + (p.passed ? 1 : 0));
  }
  static bool is_pass(Move m) { return m == 255; }
  static Move pass_move() { return 255; }
  static Move parse_move(const Position&, std::string_view text) {
    if (text == "pass") return pass_move();
    if (text.size() != 1 || text[0] < '0' || text[0] > '3') throw InputError("bad move");
    return static_cast<Move>(text[0] - '0');
  }
  static std::string format_move(const Position&, Move m) {
    return is_pass(m) ? "pass" : std::to_string(m);
  }
  static Position parse_position(std::string_view, const Rules&) { return {}; }
  static std::string format_position(const Position& p) { return std::to_string(p.state); }
  static std::string render(const Position& p) { return format_position(p); }
  static std::unique_ptr<FeatureSet<Position>> make_feature_set(std::string_view) {
    throw InputError("HashGame has no feature sets");
  }
  /// A deterministic, noisy static evaluation (centi-units, side to move's view).
  static int noisy_eval(const Position& p) {
    return static_cast<int>(mix(p.state * 31 + static_cast<std::uint64_t>(p.ply) * 7 + 3) % 2001) -
           1000;
  }
};

/// HashGame with an ordering hook (the search must give the same values with it).
struct OrderedHashGame : HashGame {
  static int order_score(const Position& p, Move m) {
    return static_cast<int>(mix(p.state + m) % 7);
  }
};

/// OrderedHashGame with a legality check (with killers, the search tries a node's killer
/// before generating its moves).
struct CheckedHashGame : OrderedHashGame {
  static bool is_legal(const Position& p, Move m) {
    MoveListOf<HashGame> list;
    generate_moves(p, list);
    return std::find(list.begin(), list.end(), m) != list.end();
  }
};

static_assert(Game<TicTacToe>);
static_assert(Game<HashGame>);
static_assert(HasOrderScore<OrderedHashGame>);
static_assert(HasLegalityCheck<CheckedHashGame>);

/// A tic-tac-toe engine config: name and game lines, then `body` (sections and keys).
inline EngineConfig ttt_config(const std::string& body) {
  return parse_engine_config("name = t\ngame = tictactoe\n" + body, "t.cfg");
}

}  // namespace arena::core::toy
