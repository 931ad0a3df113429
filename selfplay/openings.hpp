// Opening sets: `random:K` (K random legal plies per pair, deduplicated) or a file (one opening
// per line). All openings of a run are built up front, in pair order, before any game starts:
// this makes them independent of the thread count and lets an illegal opening stop the run
// (exit 2 naming FILE:LINE) before anything is played.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "records/opening_lines.hpp"
#include "selfplay/schedule.hpp"

namespace arena::selfplay {

/// The --openings value: random plies, or a file.
struct OpeningSpec {
  int random_plies = -1;  ///< K of "random:K"; -1 for a file
  std::string file;       ///< the openings file when random_plies < 0
  [[nodiscard]] bool is_random() const { return random_plies >= 0; }
};

/// Parses "random:K" (0 <= K <= 60) or a file path. Throws InputError naming --openings on a
/// malformed "random:" value.
[[nodiscard]] OpeningSpec parse_opening_spec(const std::string& text);

/// --opening-order for files: in file order, or shuffled once with the run seed.
enum class OpeningOrder { Sequential, Random };
[[nodiscard]] OpeningOrder parse_opening_order(const std::string& text);
[[nodiscard]] const char* opening_order_name(OpeningOrder order);

/// Reads an --openings file into opening lines (moves in the game's notation). The CLI gives
/// one that knows the field's record formats (records/openings.hpp); without one, files hold
/// one opening per line (records::read_opening_lines).
using OpeningReader = std::function<std::vector<records::OpeningLine>(const std::string& path)>;

/// Splits a line into words at blanks and commas.
[[nodiscard]] std::vector<std::string> split_words(std::string_view text);

/// Case-insensitive prefix test (transcripts are written in either case).
[[nodiscard]] bool starts_with_nocase(std::string_view text, std::string_view prefix);

/// Moves of one opening line from the initial position of `rules`: each word is a move in the
/// game's notation, or a run of moves without separators (an Othello transcript "f5d6c3"),
/// split by matching the legal moves' canonical text; with `max_plies` > 0 the line is cut
/// after that many plies (passes count), and a game that ends sooner is returned whole (the
/// caller drops it). Throws InputError prefixed by `where` on a malformed or illegal move, or
/// (max_plies 0) when the opening ends the game.
template <core::Game G>
[[nodiscard]] std::vector<typename G::Move> parse_opening(const typename G::Rules& rules,
                                                         std::string_view text,
                                                         const std::string& where,
                                                         int max_plies = 0) {
  std::vector<typename G::Move> moves;
  const auto full = [&] { return max_plies > 0 && static_cast<int>(moves.size()) >= max_plies; };
  auto p = G::initial(rules);
  core::MoveListOf<G> legal;
  const auto play = [&](typename G::Move m) {
    moves.push_back(m);
    p = G::play(p, m);
  };
  for (const auto& word : split_words(text)) {
    if (full()) break;
    try {
      play(G::parse_move(p, word));
      continue;
    } catch (const InputError&) {
      // Not a single move: read it as a run of moves below.
    }
    std::string_view rest(word);
    while (!rest.empty() && !full()) {
      G::generate_moves(p, legal);
      std::size_t best = 0;
      typename G::Move chosen{};
      for (const auto& m : legal) {
        const std::string t = G::format_move(p, m);
        if (t.size() > best && starts_with_nocase(rest, t)) {
          best = t.size();
          chosen = m;
        }
      }
      if (best == 0) {
        throw InputError(where + "'" + std::string(rest) + "' does not start with a legal move "
                         "after " + std::to_string(moves.size()) + " plies");
      }
      play(chosen);
      rest.remove_prefix(best);
    }
  }
  if (G::is_terminal(p) && max_plies == 0) {
    throw InputError(where + "the opening ends the game (cut game records with --opening-plies N)");
  }
  return moves;
}

/// The openings of a run, one per pair, fixed at construction.
template <core::Game G>
class Openings {
 public:
  using Move = typename G::Move;

  /// K random legal plies per pair p, drawn from derive_seed(seed, kOpeningStream + c, p) for
  /// attempt c = 0, 1, ...: an attempt whose final position (hash) an earlier pair already
  /// has is redrawn, up to kMaxAttempts, after which the repeat is accepted (small sets).
  /// A draw that ends the game early is also redrawn. Pairs are drawn in order 0..pairs-1.
  static Openings random(const typename G::Rules& rules, int plies, std::uint64_t seed,
                         std::int64_t pairs) {
    Openings o;
    std::unordered_set<std::uint64_t> seen;
    core::MoveListOf<G> legal;
    for (std::int64_t pair = 0; pair < pairs; ++pair) {
      std::vector<Move> line;
      for (std::uint64_t attempt = 0; attempt < kMaxAttempts; ++attempt) {
        SplitMix64 rng(derive_seed(seed, kOpeningStream + attempt, static_cast<std::uint64_t>(pair)));
        line.clear();
        auto p = G::initial(rules);
        for (int i = 0; i < plies && !G::is_terminal(p); ++i) {
          G::generate_moves(p, legal);
          const Move m = legal[rng.below(legal.size())];
          line.push_back(m);
          p = G::play(p, m);
        }
        if (!G::is_terminal(p) && seen.insert(G::hash(p)).second) break;
      }
      o.lines_.push_back(std::move(line));
    }
    return o;
  }

  /// The openings of a file, read by `reader` (read_opening_lines when empty), each line
  /// parsed by parse_opening (errors name the line's origin) and, with `plies` > 0, cut after
  /// that many plies and kept only if its position is new and the game goes on (an XOT-style
  /// set from game records). With OpeningOrder::Random the lines are shuffled once (Fisher-Yates) from the
  /// run seed; pair p plays line p mod (number of lines), so no two pairs share an opening
  /// while lines last.
  static Openings from_file(const typename G::Rules& rules, const std::string& path,
                            OpeningOrder order, std::uint64_t seed, int plies = 0,
                            const OpeningReader& reader = {}) {
    Openings o;
    std::unordered_set<std::uint64_t> seen;
    for (const auto& line : reader ? reader(path) : records::read_opening_lines(path)) {
      auto moves = parse_opening<G>(rules, line.text, line.where, plies);
      if (plies > 0) {
        auto p = G::initial(rules);
        for (const auto& m : moves) p = G::play(p, m);
        if (G::is_terminal(p) || !seen.insert(G::hash(p)).second) continue;
      }
      o.lines_.push_back(std::move(moves));
    }
    if (order == OpeningOrder::Random) {
      SplitMix64 rng(derive_seed(seed, kOrderStream, 0));
      for (std::size_t i = o.lines_.size(); i > 1; --i) {
        std::swap(o.lines_[i - 1], o.lines_[rng.below(i)]);
      }
    }
    return o;
  }

  /// The opening moves of `pair`.
  [[nodiscard]] const std::vector<Move>& for_pair(std::int64_t pair) const {
    return lines_[static_cast<std::size_t>(pair) % lines_.size()];
  }
  [[nodiscard]] std::size_t size() const { return lines_.size(); }

  static constexpr std::uint64_t kMaxAttempts = 64;

 private:
  Openings() = default;
  std::vector<std::vector<Move>> lines_;
};

}  // namespace arena::selfplay
