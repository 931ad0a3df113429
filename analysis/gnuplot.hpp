// Running gnuplot, the one way every command does it (analyze --plot, the loop's charts, the
// report's charts): the program started directly (posix_spawnp, no shell, so no quoting of
// paths), the script given as a file, its error output kept for the message.
#pragma once

#include <filesystem>
#include <string>

namespace arena::analysis {

/// Whether gnuplot can be started: `program` is a name looked up on PATH, or a path (it holds
/// a '/'); "" never can.
[[nodiscard]] bool gnuplot_available(const std::string& program = "gnuplot");

/// Runs gnuplot (`program` as for gnuplot_available) on `script` with `folder` as its working
/// folder (where relative paths in the script point). Throws std::runtime_error holding
/// gnuplot's error output when it cannot be started or exits with an error.
void run_gnuplot(const std::string& script, const std::filesystem::path& folder = ".",
                 const std::string& program = "gnuplot");

}  // namespace arena::analysis
