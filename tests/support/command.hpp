// Running shell commands and reading files from tests: the one home of the popen loop that
// the command-line tests share.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace arena::test {

/// A finished shell command: its exit status (-1 when it did not exit normally) and stdout.
struct CommandRun {
  int status = -1;
  std::string out;
};

/// Runs `command` with /bin/sh (popen) and returns its exit status and standard output; the
/// command's own redirections decide where stderr goes (e.g. " 2>&1" to capture it too).
inline CommandRun run_command(const std::string& command) {
  CommandRun r;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf{};
  for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0;) r.out.append(buf.data(), n);
  const int status = ::pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// The shell command line `'<arena binary under test>' args`.
inline std::string arena_command(const std::string& args) {
  return std::string("'") + ARENA_BINARY + "' " + args;
}

/// Runs `arena args`; stderr joins stdout when `merge_stderr`, else it is dropped.
inline CommandRun run_arena(const std::string& args, bool merge_stderr = false) {
  return run_command(arena_command(args) + (merge_stderr ? " 2>&1" : " 2>/dev/null"));
}

/// The bytes of the file at `path` ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace arena::test
