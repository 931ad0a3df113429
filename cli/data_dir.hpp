// Where an `arena` binary finds its shipped data (configs/ and data/ of the repository) without
// knowing the source tree it was built from: an explicit ARENA_DATA_DIR, else a folder beside
// the executable, the installed layout first (PREFIX/bin/arena -> PREFIX/share/arena), then the
// build tree's (CLONE/build/<preset>/arena -> CLONE).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace arena::cli {

/// The environment variable that names the data folder explicitly.
inline constexpr const char* kDataDirVariable = "ARENA_DATA_DIR";

/// The data folder for an executable at `exe` (an absolute path) with `env_value` the value of
/// ARENA_DATA_DIR (nullptr when unset): env_value when set (it must hold configs/), else the
/// first of EXE_DIR/../share/arena and EXE_DIR/../.. that holds configs/ (written without
/// the `..`). Throws InputError naming every folder tried when none qualifies.
[[nodiscard]] std::filesystem::path find_data_dir(const char* env_value,
                                                  const std::filesystem::path& exe);

/// find_data_dir for this process (ARENA_DATA_DIR and /proc/self/exe).
[[nodiscard]] std::filesystem::path data_dir();

/// data_dir() / relative when that file exists; nullopt when it does not or no data folder is
/// found (for optional defaults, e.g. solve's ordering config).
[[nodiscard]] std::optional<std::filesystem::path> find_data_file(const std::string& relative);

}  // namespace arena::cli
