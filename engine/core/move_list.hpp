// A fixed-capacity, caller-owned move list: move generators fill it without allocating, which
// matters because search generates moves at every node.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace arena::core {

/// Up to N moves stored inline. push_back beyond N is a programming error (asserted).
template <class Move, std::size_t N>
class MoveList {
 public:
  using value_type = Move;
  static constexpr std::size_t kCapacity = N;

  void clear() { size_ = 0; }
  void push_back(const Move& m) {
    assert(size_ < N);
    moves_[size_++] = m;
  }
  void pop_back() { --size_; }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] Move& operator[](std::size_t i) { return moves_[i]; }
  [[nodiscard]] const Move& operator[](std::size_t i) const { return moves_[i]; }
  [[nodiscard]] Move* begin() { return moves_.data(); }
  [[nodiscard]] Move* end() { return moves_.data() + size_; }
  [[nodiscard]] const Move* begin() const { return moves_.data(); }
  [[nodiscard]] const Move* end() const { return moves_.data() + size_; }

 private:
  std::array<Move, N> moves_{};
  std::size_t size_ = 0;
};

}  // namespace arena::core
