// Which games a run plays: game ids, pairs, engine pairings, shards and seeds. Pure arithmetic,
// so that every thread, shard and resume agrees on what game `id` is.
//
// Mapping (N games, E engines, P engine pairings):
//   game id g in [0, N); pair = g / 2; the two games of a pair share an opening.
//   pairing = pair % P, so any prefix of the ids visits the pairings evenly (a partial run is
//   balanced). Pairings: round-robin lists (0,1), (0,2), ..., (0,E-1), (1,2), ...; gauntlet
//   lists (0,1), ..., (0,E-1). With two engines both give the single pairing (0,1).
//   In pairing (a, b), the even game g has a first and b second; the odd game swaps seats.
//   Shard i/n holds the pairs with pair % n == i (both games of a pair in one shard).
//   seed of game g = derive_seed(run seed, kGameStream, g); of pair p's random opening attempt
//   c = derive_seed(run seed, kOpeningStream + c, p).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arena::selfplay {

/// splitmix64's output function (Steele, Lea, Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014; Vigna's public-domain reference): a bijective 64-bit mixer with
/// full avalanche, so nearby inputs give unrelated outputs.
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// Stream tags keep the seeds of different uses of (run seed, index) apart.
inline constexpr std::uint64_t kGameStream = 1;
inline constexpr std::uint64_t kOpeningStream = 1ULL << 32;
inline constexpr std::uint64_t kOrderStream = 2;

/// A seed derived from a base seed, a stream tag and an index: nested splitmix64.
[[nodiscard]] constexpr std::uint64_t derive_seed(std::uint64_t base, std::uint64_t stream,
                                                  std::uint64_t index) {
  return splitmix64(splitmix64(base ^ splitmix64(stream)) + index);
}

/// A small deterministic generator: splitmix64 over a counter (the reference's `next()`).
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n) for n > 0 (modulo bias below n / 2^64, negligible for move counts).
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  /// Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

/// How more than two engines meet.
enum class Format { RoundRobin, Gauntlet };

/// "round-robin" or "gauntlet"; throws InputError naming --format otherwise.
[[nodiscard]] Format parse_format(const std::string& text);
[[nodiscard]] const char* format_name(Format f);

/// Two engines (indices into the run's engine list) that meet; `a` is first in even games.
struct Pairing {
  int a = 0;
  int b = 1;
  bool operator==(const Pairing&) const = default;
};

/// A shard of the pairs: pair % count == index.
struct Shard {
  int index = 0;
  int count = 1;
};

/// Parses "i/n" with 0 <= i < n; throws InputError naming --shard otherwise.
[[nodiscard]] Shard parse_shard(const std::string& text);

/// The seats of one game.
struct Seats {
  int first = 0;     ///< engine index moving first
  int second = 1;
  int pairing = 0;   ///< index into Schedule::pairings()
};

/// The fixed schedule of a run (see the file comment for the mapping).
class Schedule {
 public:
  /// Throws InputError when engines < 2, games < 1 or the shard is out of range.
  Schedule(int engines, Format format, std::int64_t games, Shard shard = {});

  [[nodiscard]] std::int64_t games() const { return games_; }
  /// ceil(games / 2): the last pair is incomplete when games is odd.
  [[nodiscard]] std::int64_t pairs() const { return (games_ + 1) / 2; }
  [[nodiscard]] const std::vector<Pairing>& pairings() const { return pairings_; }
  [[nodiscard]] const Shard& shard() const { return shard_; }
  [[nodiscard]] int pairing_of_pair(std::int64_t pair) const {
    return static_cast<int>(pair % static_cast<std::int64_t>(pairings_.size()));
  }
  [[nodiscard]] Seats seats(std::int64_t id) const;
  [[nodiscard]] bool in_shard(std::int64_t id) const { return (id / 2) % shard_.count == shard_.index; }
  /// The ids of this shard in increasing order.
  [[nodiscard]] std::vector<std::int64_t> shard_ids() const;
  /// Games of this shard's complete pairs plus a final single game (when games is odd).
  [[nodiscard]] std::int64_t shard_games() const;

 private:
  std::int64_t games_;
  Shard shard_;
  std::vector<Pairing> pairings_;
};

}  // namespace arena::selfplay
