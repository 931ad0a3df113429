// Aggregation of finished games into per-engine-pair counts: W/D/L, pentanomial counts over the
// complete pairs (the two games of one opening with colours swapped share a pair id), the
// first-player score, game lengths, terminations and a per-opening breakdown. Takes plain
// structs (names, result, pair id), not log records; the self-play driver's live summary and
// `arena analyze` count through the same GamesTally.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analysis/elo.hpp"
#include "analysis/rating_list.hpp"
#include "analysis/sprt.hpp"

namespace arena::analysis {

/// A game's result from the first player's point of view (`1-0`, `1/2-1/2`, `0-1`).
enum class GameResult { FirstWins, Draw, SecondWins };

/// Parses "1-0", "0-1" or "1/2-1/2"; std::nullopt otherwise.
[[nodiscard]] std::optional<GameResult> parse_game_result(std::string_view text);

/// Points of the first player: 1, 1/2 or 0.
[[nodiscard]] double first_player_points(GameResult result);

/// One side's moves in a game as its log timed them.
struct SideTime {
  std::int64_t moves = 0;       ///< its moves, passes included
  std::int64_t ms = 0;          ///< their recorded times, summed (ms of wall time)
  std::int64_t longest_ms = 0;  ///< the longest of them
  std::optional<std::int64_t> cpu_ms;  ///< their recorded CPU times, summed; none if not recorded
};

/// The part of a finished game that statistics need.
struct GameOutcome {
  std::string first;                 ///< engine that moved first
  std::string second;                ///< engine that moved second
  GameResult result = GameResult::Draw;
  std::optional<std::int64_t> pair;  ///< pair id (games of one opening, colours swapped)
  int plies = 0;                     ///< moves played, passes included
  std::string termination = "normal";
  std::string opening;               ///< opening key for --by-opening (e.g. the moves joined)
  std::optional<std::array<SideTime, 2>> times;  ///< [first, second]; none when not recorded
};

/// An engine's time over its games with recorded move times.
struct TimeUse {
  std::string engine;
  std::int64_t games = 0;       ///< its games with recorded times
  std::int64_t moves = 0;       ///< its moves in them, passes included
  std::int64_t ms = 0;          ///< their times, summed (ms of wall time)
  std::int64_t longest_ms = 0;  ///< its longest move
  std::int64_t cpu_games = 0;   ///< those of its games with recorded CPU times as well
  std::int64_t cpu_moves = 0;   ///< its moves in them
  std::int64_t cpu_ms = 0;      ///< their CPU times, summed (ms)
};

/// Counts of one engine pair, from engine `a`'s point of view.
struct PairCounts {
  std::string a;                      ///< the engine listed first (earlier in the engine order)
  std::string b;
  WdlCounts wdl;                      ///< a's wins, draws, losses against b
  PentanomialCounts pentanomial;      ///< a's complete pairs against b
  std::int64_t incomplete_pairs = 0;  ///< pair ids with one game only (or more than two)
  std::int64_t unpaired_games = 0;    ///< games without a pair id
  WdlCounts a_first;                  ///< a's results when a moved first
  WdlCounts a_second;                 ///< a's results when a moved second
};

/// Per-opening results of the first player over all pairs of engines.
struct OpeningCounts {
  std::string opening;
  WdlCounts first_player;  ///< from the first player's point of view
};

/// Everything `arena analyze` reports about a set of games, before statistics.
struct GamesSummary {
  std::vector<std::string> engines;           ///< engine order (given order, then first seen)
  std::vector<PairCounts> pairs;              ///< one per engine pair with games, in engine order
  WdlCounts first_player;                     ///< first player's results over all games
  std::int64_t games = 0;
  double average_plies = 0.0;                 ///< NaN without games
  std::map<std::string, std::int64_t> terminations;  ///< kinds other than "normal", with counts
  std::vector<OpeningCounts> openings;        ///< sorted by opening key
  std::vector<TimeUse> time_use;              ///< engines with timed games, in engine order
};

/// The one tally of games into per-engine-pair counts, one game at a time (per game: a search
/// of the engine names and a map lookup): summarize_games (`arena analyze`, the report) and
/// the self-play driver's live counts (progress line, SPRT stop, summary) all count through
/// it, so they always agree.
/// `engine_order` fixes which engine of a pair is `a` (the earlier one); names not in it follow
/// in order of first appearance. A pair id seen once (so far) or more than twice counts as
/// incomplete; only its games' W/D/L count. Games of an engine against itself are counted in
/// first_player, plies and terminations but in no pair.
class GamesTally {
 public:
  explicit GamesTally(std::vector<std::string> engine_order = {});

  /// Counts `game`. Returns true when it completed a pair (two engines, two games of one pair id).
  bool add(const GameOutcome& game);

  /// Counts of engines `a` and `b` (a earlier in the engine order), from a's point of view; all
  /// zero when they have played no game yet.
  [[nodiscard]] PairCounts counts(const std::string& a, const std::string& b) const;

  /// Everything counted so far.
  [[nodiscard]] GamesSummary summary() const;

 private:
  /// One engine pair's counts and its open pair ids.
  struct Pair {
    struct Slot {
      double points = 0.0;  ///< a's points over the pair id's games so far
      int games = 0;
    };
    PairCounts counts;
    std::unordered_map<std::int64_t, Slot> slots;
  };
  GamesSummary summary_;  ///< without pairs, openings and average_plies (filled by summary())
  std::map<std::pair<std::size_t, std::size_t>, Pair> pairs_;  ///< by engine indices (a < b)
  std::map<std::string, WdlCounts> openings_;
  std::vector<TimeUse> time_use_;  ///< by engine index, engines without timed games included
  double plies_ = 0.0;
};

/// Counts `games` with a GamesTally over `engine_order`.
[[nodiscard]] GamesSummary summarize_games(std::span<const GameOutcome> games,
                                           const std::vector<std::string>& engine_order = {});

/// The pair's match statistics: pentanomial when it has complete pairs, per game otherwise.
[[nodiscard]] MatchStats pair_stats(const PairCounts& counts);

/// The pair's SPRT: pentanomial counts when it has complete pairs (per-game counts for the
/// BayesElo model or without pairs).
[[nodiscard]] SprtResult pair_sprt(const PairCounts& counts, const SprtParams& params);

/// The LLR of engine `a` against `b` after each completed pair, in the order the pairs complete
/// in `games` (the SPRT's trajectory, for plots). Same model choice as pair_sprt.
[[nodiscard]] std::vector<double> llr_after_each_pair(std::span<const GameOutcome> games,
                                                      const std::string& a, const std::string& b,
                                                      const SprtParams& params);

/// Games as rating-list input over `engines` (all names must be in it; throws
/// std::invalid_argument otherwise): the first player is known for every game.
[[nodiscard]] std::vector<RatedGame> rated_games(std::span<const GameOutcome> games,
                                                 const std::vector<std::string>& engines);

}  // namespace arena::analysis
