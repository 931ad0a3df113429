// A child process spoken to over pipes, line by line: how arena runs external engines. The
// child is started with fork/exec (`/bin/sh -c "<command line>"`) in its own process
// group, with PR_SET_PDEATHSIG so the kernel kills it if arena dies; reads wait with poll() and
// a deadline, so a hung engine costs at most its timeout; the destructor kills the whole
// process group and reaps it, so children never outlive the object (and hence the run).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>

namespace arena::protocol {

/// Outcome of waiting for one line from the child.
enum class ReadStatus {
  Line,     ///< a complete line arrived (without its '\n' and any '\r')
  Timeout,  ///< the deadline passed first
  Eof,      ///< the child closed its output (it exited or crashed)
};

/// One line read from the child, or why none was.
struct ReadResult {
  ReadStatus status = ReadStatus::Eof;
  std::string line;
};

/// A running child process with its stdin and stdout connected to pipes. Move-only; the
/// destructor kills the child's process group (SIGKILL) and reaps it.
class ChildProcess {
 public:
  /// Starts `command_line` through /bin/sh, in folder `dir` ("" = ours). stderr goes to
  /// /dev/null when `quiet_stderr` (engines chat on stderr), else it is inherited. Throws
  /// std::runtime_error when the pipes or the fork fail; a command that cannot be executed
  /// (or a folder that cannot be entered) shows up as an early Eof.
  static ChildProcess start(const std::string& command_line, bool quiet_stderr = true,
                            const std::string& dir = "");

  ChildProcess(ChildProcess&& o) noexcept;
  ChildProcess& operator=(ChildProcess&& o) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  /// Writes `line` plus '\n'. Returns false when the child no longer reads (broken pipe).
  bool send(std::string_view line);

  /// Waits up to `timeout` for the next line. Lines already buffered return at once.
  ReadResult read_line(std::chrono::milliseconds timeout);

  /// Kills the process group (SIGKILL) and reaps the child; idempotent.
  void kill();

  /// Whether the child has not exited yet (reaps it without blocking when it has).
  [[nodiscard]] bool running();

  /// CPU time (user and system, every thread) the child and the descendants that
  /// /proc/PID/task/PID/children lists have used so far, in ms; nullopt when it cannot be
  /// read (no child, or it was reaped). /bin/sh runs a simple command line by exec, so this
  /// is the program's own.
  [[nodiscard]] std::optional<double> cpu_ms() const;

  /// The child's pid (-1 after kill()).
  [[nodiscard]] pid_t pid() const { return pid_; }

  /// How the child ended, for messages: "exit status N", "killed by SIGSEGV" (the signal's
  /// name) or "running".
  [[nodiscard]] std::string exit_description();

 private:
  ChildProcess() = default;
  void close_fds();

  pid_t pid_ = -1;
  int to_child_ = -1;    ///< write end of the child's stdin
  int from_child_ = -1;  ///< read end of the child's stdout
  std::string buffer_;   ///< bytes read but not yet returned as lines
  bool eof_ = false;
  int wait_status_ = 0;
  bool reaped_ = false;
};

}  // namespace arena::protocol
