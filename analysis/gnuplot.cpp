// Running gnuplot (see gnuplot.hpp). The script and gnuplot's error output go to a private
// temporary folder (mkdtemp), removed afterwards; stdout goes to /dev/null.
#include "analysis/gnuplot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>  // mkdtemp (POSIX)
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

extern char** environ;

namespace arena::analysis {

namespace fs = std::filesystem;

bool gnuplot_available(const std::string& program) {
  if (program.empty()) return false;
  if (program.find('/') != std::string::npos) return ::access(program.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  if (path == nullptr) return false;
  std::string_view rest = path;
  while (true) {
    const std::size_t colon = rest.find(':');
    const std::string dir(rest.substr(0, colon));
    const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + program;
    if (::access(candidate.c_str(), X_OK) == 0) return true;
    if (colon == std::string_view::npos) return false;
    rest.remove_prefix(colon + 1);
  }
}

namespace {

/// A fresh private folder under the temporary directory, removed when the value goes.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string tmpl = (fs::temp_directory_path() / "arena-gnuplot-XXXXXX").string();
    if (::mkdtemp(tmpl.data()) == nullptr) {
      throw std::runtime_error("gnuplot: cannot create a temporary folder: " + std::string(std::strerror(errno)));
    }
    path_ = tmpl;
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  ~ScratchFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

/// Starts `program script` in `folder` with stdout to /dev/null and stderr to `err`; returns
/// its wait status. Throws std::runtime_error when it cannot be started.
int spawn_and_wait(const std::string& program, const fs::path& script, const fs::path& folder,
                   const fs::path& err) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addchdir_np(&actions, folder.c_str());
  std::string arg0 = program;
  std::string arg1 = script.string();
  char* argv[] = {arg0.data(), arg1.data(), nullptr};
  pid_t pid = 0;
  const int rc = ::posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start gnuplot ('" + program + "'): " + std::strerror(rc));
  int status = 0;
  while (::waitpid(pid, &status, 0) == -1) {
    if (errno != EINTR) throw std::runtime_error("gnuplot: waitpid failed: " + std::string(std::strerror(errno)));
  }
  return status;
}

}  // namespace

void run_gnuplot(const std::string& script, const fs::path& folder, const std::string& program) {
  const ScratchFolder scratch;
  const fs::path script_file = scratch.path() / "script.gp";
  const fs::path err_file = scratch.path() / "err.txt";
  {
    std::ofstream out(script_file);
    out << script;
    if (!out) throw std::runtime_error("gnuplot: cannot write the script to " + script_file.string());
  }
  const int status = spawn_and_wait(program, fs::absolute(script_file), folder, err_file);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  std::ifstream err_in(err_file);
  std::stringstream err;
  err << err_in.rdbuf();
  std::string message = err.str();
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127 && message.empty()) message = "cannot be run";
  throw std::runtime_error("gnuplot ('" + program + "') failed: " + (message.empty() ? "exit status " +
                           std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) : message));
}

}  // namespace arena::analysis
