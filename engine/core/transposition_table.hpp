// The search's transposition table: a power-of-two array of 64-byte clusters of four packed
// 16-byte entries, indexed by the low bits of the position hash and verified by the full hash.
// Moves are stored as their index in the game's generation order, so the table works for any
// move type and a (rare) wrong hit can only suggest another legal move, never an illegal one.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace arena::core {

/// What a stored score means relative to the true value (fail-soft alpha-beta).
enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

/// One entry, 16 bytes:
///
/// | field   | bits | meaning                                                          |
/// |---------|------|------------------------------------------------------------------|
/// | key     | 64   | full position hash (0 with bound None = empty slot)              |
/// | score   | 16   | signed, centi-units, side to move's view                         |
/// | move    | 16   | 1 + index of the best move in generation order; 0 = none         |
/// | depth   | 8    | remaining depth searched; kSolvedDepth for exact-solver results  |
/// | bound   | 2    | Bound                                                            |
/// | proven  | 1    | no evaluation or move cap below: the score is a game result      |
/// | age     | 5    | search generation (mod 32) that last wrote it, for replacement   |
/// | epoch   | 16   | table epoch that wrote it; another epoch's entry counts as empty |
struct TtEntry {
  std::uint64_t key = 0;
  std::int16_t score = 0;
  std::uint16_t move = 0;
  std::uint8_t depth = 0;
  std::uint8_t flags = 0;  ///< bound (bits 0-1), proven (bit 2), age (bits 3-7)
  std::uint16_t epoch = 0;

  [[nodiscard]] Bound bound() const { return static_cast<Bound>(flags & 3U); }
  [[nodiscard]] bool proven() const { return (flags & 4U) != 0; }
  [[nodiscard]] unsigned age() const { return flags >> 3U; }
  /// Generation-order index of the stored best move, -1 when none.
  [[nodiscard]] int move_index() const { return static_cast<int>(move) - 1; }
};
static_assert(sizeof(TtEntry) == 16);

/// Depth recorded for results of the game's exact solver (deeper than any search).
inline constexpr int kSolvedDepth = 255;

/// A store more than this many plies shallower than the entry of the same key leaves it.
inline constexpr int kKeepMargin = 2;

/// A fixed-size table; not thread-safe (one per engine).
class TranspositionTable {
 public:
  /// A table of at most `megabytes` MiB (rounded down to a power-of-two number of clusters).
  explicit TranspositionTable(int megabytes) {
    const std::size_t bytes = static_cast<std::size_t>(std::max(megabytes, 1)) << 20U;
    std::size_t clusters = 1;
    while (clusters * 2 * sizeof(Cluster) <= bytes) clusters *= 2;
    clusters_ = std::make_unique<Cluster[]>(clusters);
    mask_ = clusters - 1;
  }

  /// Empties every slot and resets the age. O(1): entries of earlier epochs read as empty,
  /// so a table cleared between games behaves exactly like a new one (reproducible games)
  /// without rewriting its megabytes; the memory is rewritten once every 65535 clears.
  void clear() {
    if (++epoch_ == 0) {
      std::fill(clusters_.get(), clusters_.get() + mask_ + 1, Cluster{});
      epoch_ = 1;
    }
    age_ = 0;
  }

  /// Starts a new search: entries written before become older (replaced first).
  void new_search() { age_ = (age_ + 1) & 31U; }

  /// The entry for `key`, or nullptr.
  [[nodiscard]] const TtEntry* probe(std::uint64_t key) const {
    const Cluster& c = clusters_[key & mask_];
    for (const TtEntry& e : c.entries) {
      if (e.key == key && e.epoch == epoch_ && e.bound() != Bound::None) return &e;
    }
    return nullptr;
  }

  /// Stores a result. Replaces the slot of the same key, else the first empty slot, else the
  /// slot with the least (depth + 256 if written by the current search): shallow and stale
  /// entries go first.
  /// A store without a move keeps the slot's previous move for the same key. A store more
  /// than kKeepMargin plies shallower than the slot of the same key is dropped: the deeper
  /// result (a Multi-ProbCut check's shallow search of a node the last iteration searched
  /// deeper, say) orders moves better and may still cut.
  void store(std::uint64_t key, int score, int move_index, int depth, Bound bound, bool proven) {
    Cluster& c = clusters_[key & mask_];
    TtEntry* victim = &c.entries[0];
    int victim_value = 1 << 30;
    for (TtEntry& e : c.entries) {
      const bool live = e.epoch == epoch_;
      if (live && e.key == key) {
        if (e.depth > depth + kKeepMargin) return;
        victim = &e;
        break;
      }
      const int value = !live ? -1 : e.depth + (e.age() == age_ ? 256 : 0);
      if (value < victim_value) {
        victim_value = value;
        victim = &e;
      }
    }
    const std::uint16_t move = move_index >= 0 ? static_cast<std::uint16_t>(move_index + 1)
                               : victim->key == key && victim->epoch == epoch_ ? victim->move
                                                    : std::uint16_t{0};
    victim->key = key;
    victim->score = static_cast<std::int16_t>(score);
    victim->move = move;
    victim->depth = static_cast<std::uint8_t>(std::clamp(depth, 0, kSolvedDepth));
    victim->flags = static_cast<std::uint8_t>(static_cast<unsigned>(bound) |
                                              (proven ? 4U : 0U) | (age_ << 3U));
    victim->epoch = epoch_;
  }

 private:
  struct alignas(64) Cluster {
    std::array<TtEntry, 4> entries{};
  };
  std::unique_ptr<Cluster[]> clusters_;
  std::size_t mask_ = 0;
  unsigned age_ = 0;
  std::uint16_t epoch_ = 1;  ///< entries start at epoch 0: empty
};

}  // namespace arena::core
