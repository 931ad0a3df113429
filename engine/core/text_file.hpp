// Whole text files, read and written the one way every command does it.
#pragma once

#include <string>

namespace arena::core {

/// The whole content of a file; throws InputError "PATH: cannot open <what>".
[[nodiscard]] std::string read_text_file(const std::string& path, const std::string& what);

/// Writes `text` to `path` (creating its folder) through PATH.tmp renamed over it, so a reader
/// never sees a half-written file; throws InputError "PATH: cannot write the file".
void write_text_file(const std::string& path, const std::string& text);

}  // namespace arena::core
