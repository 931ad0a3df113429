// Error types shared by every module. The CLI maps InputError to exit status 2 (bad input or
// usage) and any other exception to exit status 1 (internal error).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace arena {

/// Bad input from a user: a malformed file, option, move or position. The message names the
/// file and line (or the option) and says what was expected; the CLI prints it and exits 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// "FILE:LINE: what" for InputError messages; line is 1-based, 0 omits it.
[[nodiscard]] inline std::string where(const std::string& file, std::size_t line) {
  return line == 0 ? file + ": " : file + ":" + std::to_string(line) + ": ";
}

}  // namespace arena
