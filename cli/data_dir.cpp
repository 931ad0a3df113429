// The data-folder lookup of data_dir.hpp: one explicit variable, then two layouts relative to
// the executable; the error lists what was tried so a moved install is quick to repair.
#include "cli/data_dir.hpp"

#include <cstdlib>
#include <system_error>
#include <vector>

#include "engine/core/errors.hpp"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

bool holds_configs(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "configs", ec);
}

}  // namespace

fs::path find_data_dir(const char* env_value, const fs::path& exe) {
  if (env_value != nullptr && *env_value != '\0') {
    const fs::path dir = fs::path(env_value).lexically_normal();
    if (!holds_configs(dir)) {
      throw InputError(std::string(kDataDirVariable) + "=" + env_value +
                       ": no configs/ folder there (expected the folder holding configs/ and "
                       "data/, e.g. PREFIX/share/arena or the repository root)");
    }
    return dir;
  }
  const fs::path bin = exe.lexically_normal().parent_path();
  const fs::path prefix = bin.parent_path();  // PREFIX of PREFIX/bin, or CLONE/build
  const std::vector<fs::path> candidates = {prefix / "share" / "arena", prefix.parent_path()};
  std::string tried;
  for (const auto& dir : candidates) {
    if (holds_configs(dir)) return dir;
    tried += (tried.empty() ? "" : ", ") + dir.string();
  }
  throw InputError("no data folder found for " + exe.string() + ": " + kDataDirVariable +
                   " is not set and none of " + tried +
                   " holds configs/ (install with `cmake --install`, or set " + kDataDirVariable +
                   " to the folder holding configs/ and data/)");
}

fs::path data_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) {
    throw InputError(std::string("cannot locate the arena executable (/proc/self/exe: ") +
                     ec.message() + "); set " + kDataDirVariable);
  }
  return find_data_dir(std::getenv(kDataDirVariable), exe);
}

std::optional<fs::path> find_data_file(const std::string& relative) {
  fs::path dir;
  const char* env = std::getenv(kDataDirVariable);
  if (env != nullptr && *env != '\0') {
    dir = data_dir();  // an explicit folder must be right: its error stands
  } else {
    try {
      dir = data_dir();
    } catch (const InputError&) {
      return std::nullopt;  // no shipped data beside the binary: the caller's built-in default
    }
  }
  std::error_code ec;
  if (fs::exists(dir / relative, ec)) return dir / relative;
  return std::nullopt;
}

}  // namespace arena::cli
