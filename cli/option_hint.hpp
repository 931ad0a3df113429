// Hints for a mistyped or foreign option: the closest option of the command by edit distance,
// and the arena spelling of cutechess-cli/fastchess options (`-concurrency` -> `--threads`),
// so habits from those tools lead to the right option instead of a bare "unrecognised option".
#pragma once

#include <string>
#include <vector>

namespace arena::cli {

/// Levenshtein distance between `a` and `b` (insertions, deletions, substitutions, each cost 1).
[[nodiscard]] std::size_t edit_distance(const std::string& a, const std::string& b);

/// The hint for the command-line word `word` (e.g. "-concurrency" or "--thredas=2") that is
/// none of `known` (long option names without dashes): " (did you mean --threads?)" with a
/// note for cutechess-cli/fastchess spellings, or the closest known name when it is within
/// a third of the word's length (at least 2 edits); empty when nothing is close.
[[nodiscard]] std::string option_hint(const std::string& word, const std::vector<std::string>& known);

}  // namespace arena::cli
