// SIGINT/SIGTERM handling for long runs without a global stop flag: while a SignalWatcher is
// alive, the two signals (and an optional early-warning signal such as SIGUSR1, which a
// scheduler sends ahead of its time limit: Slurm's --signal) are caught by a minimal handler that only writes the signal number
// into a pipe (the self-pipe trick, async-signal-safe), and a thread of the watcher reads the
// pipe and calls the owner's callback (typically Runner::stop, then Runner::abort) in a
// normal thread context. The previous handlers are restored on destruction.
#pragma once

#include <atomic>
#include <csignal>
#include <functional>
#include <string>
#include <thread>

namespace arena::selfplay {

/// "SIGTERM" for SIGTERM (the abbreviation with its prefix), "signal N" when unnamed.
[[nodiscard]] std::string signal_name(int signal);

/// The signal named by `text` ("USR1", "SIGUSR1", "HUP", a number), 0 for "none"; throws
/// InputError naming `option` for anything else (SIGKILL and SIGSTOP cannot be caught).
[[nodiscard]] int parse_signal(const std::string& text, const std::string& option);

class SignalWatcher {
 public:
  /// on_signal(signal, count) runs on the watcher's thread; count is 1 for the first signal
  /// received, 2 for the second, ... At most one watcher may be alive at a time (throws
  /// std::logic_error otherwise); throws std::runtime_error if the pipe cannot be made.
  /// `stop_signal` (e.g. SIGUSR1; 0 = none) is watched besides SIGINT and SIGTERM.
  explicit SignalWatcher(std::function<void(int signal, int count)> on_signal,
                         int stop_signal = 0);
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;
  ~SignalWatcher();

  /// The first signal received, 0 if none.
  [[nodiscard]] int first_signal() const { return first_signal_.load(); }

 private:
  void watch();

  std::function<void(int, int)> on_signal_;
  int pipe_[2] = {-1, -1};
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
  int stop_signal_ = 0;
  struct sigaction old_stop_ {};
  std::atomic<int> first_signal_{0};
  std::thread thread_;
};

}  // namespace arena::selfplay
