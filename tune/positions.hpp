// Labelled positions files, the shape the Othello learners of Edax and Egaroucid exchange
// training data in: one position a line in the game's position notation (G::format_position:
// Othello a 64-character board and the side to move, as in OBF; Blokus Duo the move list from
// the start), a ';', then the label: the position's value for the side to move in game units
// (discs / squares), an integer or a decimal (search labels keep their centi-units:
// "+3.25"). Lines starting with '#' are comments; the first one arena writes names the game,
// the rules and the label kind ("# arena positions: game othello; rules ; label exact").
// An Edax OBF line "BOARD X; G8:+18; H1:+12;" also reads: its label is the first (best)
// move's score.
//
// The same file is the tuner's label cache (--label-cache, one file per kind): the exact or
// search labels it computed, keyed by position, reused by a later run instead of solving or
// searching again.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"

namespace arena::tune {

/// One line of a positions file, not yet bound to a game.
struct PositionLine {
  std::string position;  ///< the game's position notation, trimmed
  int label = 0;         ///< mover's view, centi-units (100 = one disc / square)
  std::string where;     ///< "FILE:LINE: "
};

/// A positions file: its lines and its header fields ("" when absent).
struct PositionsFile {
  std::string game;
  std::string rules;
  std::string label;     ///< the label kind or cache key written in the header
  std::vector<PositionLine> lines;
};

/// The header line (without '\n'): "# arena positions: game G; rules R; label L".
[[nodiscard]] std::string positions_header(const std::string& game, const std::string& rules,
                                           const std::string& label);

/// "POSITION; LABEL" for a label in centi-units: "+12" for whole units, "-3.25" otherwise.
[[nodiscard]] std::string format_position_line(const std::string& position, int label_centi);

/// Reads a positions file. Throws InputError "FILE:LINE: ..." for an unreadable file, a line
/// without ';' or a label that is not a number (or MOVE:NUMBER).
[[nodiscard]] PositionsFile read_positions_file(const std::string& path);

/// Labels the tuner computed (exact solves, searches), keyed by G::hash of the position; the
/// file is a positions file whose header label is `key` ("exact", or "search depth D config
/// HASH"), so a cache of other labels is refused rather than mixed in.
struct LabelCache {
  std::string path;                                 ///< "" = no cache
  std::string key;
  std::string game;                                 ///< for the header the file is written with
  std::string rules;
  std::unordered_map<std::uint64_t, int> labels;    ///< hash -> centi-units, mover's view
  std::vector<std::string> lines;                   ///< the file's position lines, in order
  std::size_t hits = 0;                             ///< labels taken from the cache this run
  std::size_t added = 0;                            ///< labels computed and added this run
  std::size_t saved = 0;                            ///< `added` when the file was last written
  std::chrono::steady_clock::time_point saved_at = std::chrono::steady_clock::now();
};

/// The label caches of one tuning run, one per kind of computed label (a mixture of `line`
/// and `search` computes both); a cache with an empty path is off.
struct LabelCaches {
  LabelCache exact;
  LabelCache search;
};

/// How often a labelling run writes its cache (save_label_cache_if_due, between chunks of
/// labels): a run killed during hours of solves or searches loses this much of them and the
/// chunk under way at most.
inline constexpr std::chrono::seconds kLabelCacheSaveInterval{60};

/// Adds one computed label (centi-units, mover's view) of the position `position` (the game's
/// notation) with hash `hash` to the cache.
void add_label(LabelCache& cache, std::uint64_t hash, const std::string& position, int label);

/// Writes the cache's lines back under a header naming cache.game, cache.rules and cache.key,
/// through a temporary file (nothing happens for an empty path or when nothing was added since
/// the last write). Throws InputError naming the file when it cannot be written.
void save_label_cache(LabelCache& cache);

/// save_label_cache when kLabelCacheSaveInterval has passed since the last write; for the
/// labelling loops, between chunks.
void save_label_cache_if_due(LabelCache& cache);

/// A positions file's positions for game G, each with its label (centi-units). Throws
/// InputError "FILE:LINE: ..." for a position G cannot parse and for a file of another game.
template <core::Game G>
[[nodiscard]] std::vector<std::pair<typename G::Position, int>> read_positions(
    const std::string& path) {
  const PositionsFile f = read_positions_file(path);
  if (!f.game.empty() && f.game != G::kName) {
    throw InputError(path + ":1: a positions file of '" + f.game + "', expected '" +
                     std::string(G::kName) + "'");
  }
  const auto rules = G::parse_rules(f.rules);
  std::vector<std::pair<typename G::Position, int>> out;
  out.reserve(f.lines.size());
  for (const auto& line : f.lines) {
    try {
      out.emplace_back(G::parse_position(line.position, rules), line.label);
    } catch (const InputError& e) {
      throw InputError(line.where + e.what());
    }
  }
  return out;
}

/// The label cache at `path` for labels named `key` ("" path = no cache; a missing file = an
/// empty cache that will be created). Throws InputError naming the file when it holds labels
/// of another key or game, and as read_positions does.
template <core::Game G>
[[nodiscard]] LabelCache load_label_cache(const std::string& path, const std::string& key) {
  LabelCache cache;
  cache.path = path;
  cache.key = key;
  if (path.empty() || !std::filesystem::exists(path)) return cache;
  const PositionsFile f = read_positions_file(path);
  if (f.label != key) {
    throw InputError(path + ":1: --label-cache holds labels '" + f.label + "', this run needs '" +
                     key + "' (use another file)");
  }
  for (const auto& [position, label] : read_positions<G>(path)) {
    cache.labels.emplace(G::hash(position), label);
  }
  for (const auto& line : f.lines) cache.lines.push_back(format_position_line(line.position, line.label));
  return cache;
}

}  // namespace arena::tune
