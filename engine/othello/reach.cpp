// Move sequences to a position (see reach.hpp).
#include "engine/othello/reach.hpp"

#include <unordered_set>

#include "engine/core/move_list.hpp"

namespace arena::othello {

namespace {

constexpr Bitboard kCorners = square_bit(0) | square_bit(7) | square_bit(56) | square_bit(63);

/// Black's and white's discs of a side-relative position.
struct Colours {
  Bitboard black = 0;
  Bitboard white = 0;
};

Colours colours(const Position& p) {
  return p.side == 0 ? Colours{p.player, p.opponent} : Colours{p.opponent, p.player};
}

class Search {
 public:
  Search(const Position& target, std::uint64_t max_nodes)
      : want_(colours(target)), side_(target.side), max_nodes_(max_nodes) {}

  bool run(const Position& p) {
    if (++nodes_ > max_nodes_) return false;
    const Colours c = colours(p);
    if (c.black == want_.black && c.white == want_.white && p.side == side_) return true;
    const Bitboard occupied = c.black | c.white;
    // Prunes: discs never leave the board, corners never change colour.
    if ((occupied & ~(want_.black | want_.white)) != 0) return false;
    if ((c.black & kCorners & ~want_.black) != 0 || (c.white & kCorners & ~want_.white) != 0) {
      return false;
    }
    if (!seen_.insert(Othello::hash(p)).second) return false;
    core::MoveListOf<Othello> list;
    Othello::generate_moves(p, list);
    for (const Move m : list) {
      if (!Othello::is_pass(m) && (square_bit(m.square) & (want_.black | want_.white)) == 0) continue;
      path_.push_back(m);
      if (run(Othello::play(p, m))) return true;
      path_.pop_back();
      if (nodes_ > max_nodes_) return false;
    }
    return false;
  }

  std::vector<Move> path_;

 private:
  Colours want_;
  int side_;
  std::uint64_t max_nodes_;
  std::uint64_t nodes_ = 0;
  std::unordered_set<std::uint64_t> seen_;
};

}  // namespace

std::optional<std::vector<Move>> moves_reaching(const Position& target, std::uint64_t max_nodes) {
  Search s(target, max_nodes);
  if (!s.run(Othello::initial())) return std::nullopt;
  return std::move(s.path_);
}

}  // namespace arena::othello
