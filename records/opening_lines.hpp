// Plain openings files: one opening per line (moves in the game's notation), `#` comments,
// blank lines skipped. The lines are kept as text with where they came from; selfplay's
// Openings parse and replay them (selfplay/openings.hpp), records/openings.hpp reads the
// field's record formats into the same lines.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace arena::records {

/// A non-empty line of an openings file with `#` comments removed, its 1-based number, and
/// where it came from for messages ("FILE:LINE: ", or a game of a record file).
struct OpeningLine {
  std::string text;
  std::size_t line = 0;
  std::string where;
};

/// The opening lines of `path`. Throws InputError naming --openings when the file cannot be
/// read, FILE when it has no opening.
[[nodiscard]] std::vector<OpeningLine> read_opening_lines(const std::string& path);

}  // namespace arena::records
