// Engine configs: INI files read with Boost.Program_options. The format round-trips:
// format_engine_config writes exactly what load_engine_config reads (`arena tune` uses it).
//
//   name = classic                # required
//   game = othello                # required, a registered game
//   player = search               # search (alpha-beta) | mcts | random
//   [search]
//   depth = 6                     # limits: depth (plies), nodes, movetime (ms); 0 = unset
//   nodes = 0
//   movetime = 0
//   gametime = 0                  # game clock (ms) and increment per move (ms); 0 = no clock
//   increment = 0
//   tt_mb = 16                    # transposition table per engine instance, MiB (1..4096)
//   exact = 14                    # exact solve at <= this many empties/remaining (0 = off;
//                                 # under a time limit the solver's cost estimate decides:
//                                 # an exact, else a win/loss/draw solve of the root only;
//                                 # search.hpp)
//   move_cap = 0                  # search at most this many moves per interior node (0 = all)
//   order_depth = 0               # from this remaining depth on, order moves by the static
//   order_weight = 0              # evaluation after each plus order_weight x the game's order
//                                 # score (order_depth 0 = off: the order score alone); the
//                                 # two are written only when set
//   probable = 0                  # under a time limit, roots of at most this many empties
//                                 # whose exact solve does not fit try the game's selective
//                                 # (probable) solve first (0 = off; written only when set)
//   killers = 0                   # 1: two killer moves a ply, tried after the table's move
//                                 # (0 = off; written only when set)
//   root_sort = 0                 # 1: after each iteration, the root moves after the best in
//                                 # the order of their scores (0 = off; written only when set)
//   aspiration = 0                # half width of the root's aspiration window, centi-units
//                                 # (0 = off; written only when set; search.hpp)
//   [eval]
//   features = classic            # a feature set of the game
//   weights_file =                # side file for large tables (relative to the config)
//   [book]                        # written only with a file
//   file = best.book              # opening book (opening_book.hpp; relative to the config):
//                                 # positions in it are played from it, without a search
//   [mcts]                        # player = mcts only (mcts_settings.hpp): playouts,
//   playouts = 0                  # exploration, prior_temperature, prior_power,
//                                 # playout_temperature, playout_policy (order|game),
//                                 # cutoff, eval_scale, rave, prior_visits, expand, tree_mb,
//                                 # solve, seed
//   [mpc]                         # Multi-ProbCut (mpc.hpp); no pair_ keys = off
//   threshold = 1.5               # t: cut when the shallow value clears the bound by t sigma
//   pair_8_4 = 1.02 -3 210 ...    # depth 8 tested at depth 4: slope intercept sigma per
//                                 # stage (G::mpc_stage; sigma 0 = no check in that stage),
//                                 # centi-units; checks of one depth run in file order
//   [weights]
//   corner = 20 20 18 ...         # one value per phase, or one value for all phases
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/limits.hpp"
#include "engine/core/mcts_settings.hpp"
#include "engine/core/mpc.hpp"

namespace arena::core {

/// A parsed engine config. `text` and `hash` identify it in logs (name + hash).
struct EngineConfig {
  std::string path;            ///< file it was read from ("" when built in memory)
  std::string text;            ///< the file's full text, recorded in run records
  std::uint64_t hash = 0;      ///< FNV-1a 64 of `text`
  std::string name;
  std::string game;
  std::string player = "search";  ///< "search" (alpha-beta), "mcts" or "random"
  SearchLimits limits;         ///< [search] depth, nodes, movetime, gametime, increment
  int tt_mb = 16;
  int exact = 0;
  int move_cap = 0;
  int order_depth = 0;
  int order_weight = 0;
  int probable = 0;
  bool killers = false;
  bool root_sort = false;
  int aspiration = 0;
  MctsSettings mcts;           ///< [mcts], used by `player = mcts`
  MpcSettings mpc;             ///< [mpc] Multi-ProbCut of the alpha-beta search
  std::string features = "classic";
  /// Resolved weights side file: relative names are taken from the config's folder and stored
  /// as an absolute path, so a formatted copy reads the same table from anywhere. "" = none.
  std::string weights_file;
  /// Resolved opening book file (opening_book.hpp), absolute like weights_file. "" = none.
  std::string book_file;
  /// [weights] entries in file order: feature name -> one value per phase (or a single value).
  std::vector<std::pair<std::string, std::vector<double>>> weights;
};

/// Largest accepted |weight| (centi-units per unit of a feature). The evaluation is an int
/// and the search clamps it to +-30000 (16-bit table scores), so one weight beyond 10^6 already
/// saturates every position it touches; 3e9 or 1e300 is a typo that would overflow the int.
inline constexpr double kMaxWeight = 1e6;

/// Largest accepted `tt_mb`: every game in flight holds one table per engine, so a few GiB
/// each is already more than most machines hold (the table is also checked when allocated).
inline constexpr int kMaxTtMb = 4096;

/// Largest accepted `depth` (plies); deeper nominal depths are a typo, not a request.
inline constexpr int kMaxConfigDepth = 128;

/// Largest accepted `order_weight`: order scores are small counts (Othello: 16 per reply),
/// and 1000 x such a count already drowns any evaluation.
inline constexpr int kMaxOrderWeight = 1000;

/// Largest accepted `aspiration` half width (centi-units): the search's score bound (32000);
/// a window that wide is a full one.
inline constexpr int kMaxAspiration = 32000;

/// Reads and validates an engine config. Throws InputError naming the file, the line and the
/// key for: a missing file, an unknown key, a value of the wrong type or out of range, a
/// missing `name` or `game`. Feature names and weight counts are checked when an Engine is
/// built for the game (they depend on the game's feature set).
[[nodiscard]] EngineConfig load_engine_config(const std::string& path);

/// Parses config text as if read from `origin` (for configs embedded in logs). `origin` names
/// the text in messages and is the base of a relative weights_file.
[[nodiscard]] EngineConfig parse_engine_config(const std::string& text, const std::string& origin);

/// Writes `cfg` in the format load_engine_config reads, after `comments` (one "# " line each).
/// Weights are written in the shortest form that reads back to the same double. The result
/// parses to a config equal to `cfg` in every field but path, text and hash. Throws
/// std::invalid_argument when a string value holds '#', a line break or edge blanks.
[[nodiscard]] std::string format_engine_config(const EngineConfig& cfg,
                                               const std::vector<std::string>& comments);

/// "FILE:LINE: key 'KEY': " for an error about `key` (dotted, e.g. "weights.corner",
/// "eval.features") of a parsed config; the line is that of the key's first occurrence in
/// cfg.text, omitted when the key is absent. Used by checks that need the game (Engine).
[[nodiscard]] std::string config_key_where(const EngineConfig& cfg, const std::string& key);

/// FNV-1a 64-bit hash (Fowler/Noll/Vo: offset basis 14695981039346656037, prime
/// 1099511628211), used for config and declaration hashes and weights-file checksums.
[[nodiscard]] std::uint64_t fnv1a64(const std::string& bytes);

}  // namespace arena::core
