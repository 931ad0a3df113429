// Where a tuned engine config came from: `arena tune` writes a "start:" comment naming the
// config it started from, and readers (the report's weights section) use it to tell the tuned
// config from its start, whatever order the engines were given in. One place for the line's
// shape, so the writer and the reader cannot drift apart.
#pragma once

#include <optional>
#include <string>

namespace arena::core {

/// The config a tuned config started from.
struct TuningStart {
  std::string path;  ///< as given to `arena tune --init`
  std::string name;  ///< its `name`
  std::string hash;  ///< FNV-1a 64 of its text, 16 lowercase hex digits (a run record's config hash)
};

/// The comment text (without "# ") that records `start`: "start: PATH (name N, config hash H)".
[[nodiscard]] std::string tuning_start_comment(const TuningStart& start);

/// The start recorded in a config's text (its first "# start: ..." comment line), or nullopt
/// when the text has none (a hand-written config) or the line is not of that shape.
[[nodiscard]] std::optional<TuningStart> tuning_start(const std::string& config_text);

}  // namespace arena::core
