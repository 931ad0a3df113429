// The self-pipe signal watcher (see signal_watcher.hpp).
#include "selfplay/signal_watcher.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "engine/core/errors.hpp"

namespace arena::selfplay {

namespace {

// The handler's only state: the pipe's write end of the live watcher (-1 when none). A
// signal handler cannot reach an object, so this one descriptor is the contained exception.
std::atomic<int> g_signal_pipe{-1};

extern "C" void on_signal_write(int signal) {
  const int saved = errno;
  const unsigned char byte = static_cast<unsigned char>(signal);
  const int fd = g_signal_pipe.load();
  if (fd >= 0) (void)!::write(fd, &byte, 1);
  errno = saved;
}

}  // namespace

std::string signal_name(int signal) {
  const char* abbrev = ::sigabbrev_np(signal);
  return abbrev == nullptr ? "signal " + std::to_string(signal) : std::string("SIG") + abbrev;
}

int parse_signal(const std::string& text, const std::string& option) {
  if (text == "none") return 0;
  const std::string name = text.starts_with("SIG") ? text.substr(3) : text;
  for (int s = 1; s < NSIG; ++s) {
    const char* abbrev = ::sigabbrev_np(s);
    const bool match = (abbrev != nullptr && name == abbrev) || name == std::to_string(s);
    if (match && s != SIGKILL && s != SIGSTOP) return s;
  }
  throw InputError(option + ": '" + text + "' (expected a signal that can be caught, e.g. USR1, "
                   "USR2, HUP, or none)");
}

SignalWatcher::SignalWatcher(std::function<void(int, int)> on_signal, int stop_signal)
    : on_signal_(std::move(on_signal)), stop_signal_(stop_signal) {
  if (::pipe2(pipe_, O_CLOEXEC) != 0) throw std::runtime_error("cannot create the signal pipe");
  int expected = -1;
  if (!g_signal_pipe.compare_exchange_strong(expected, pipe_[1])) {
    ::close(pipe_[0]);
    ::close(pipe_[1]);
    throw std::logic_error("only one SignalWatcher may be alive at a time");
  }
  struct sigaction action {};
  action.sa_handler = on_signal_write;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, &action, &old_int_);
  ::sigaction(SIGTERM, &action, &old_term_);
  if (stop_signal_ != 0) ::sigaction(stop_signal_, &action, &old_stop_);
  thread_ = std::thread([this] { watch(); });
}

SignalWatcher::~SignalWatcher() {
  ::sigaction(SIGINT, &old_int_, nullptr);
  ::sigaction(SIGTERM, &old_term_, nullptr);
  if (stop_signal_ != 0) ::sigaction(stop_signal_, &old_stop_, nullptr);
  g_signal_pipe.store(-1);
  ::close(pipe_[1]);  // wakes watch() with end-of-file
  thread_.join();
  ::close(pipe_[0]);
}

void SignalWatcher::watch() {
  int count = 0;
  unsigned char byte = 0;
  for (;;) {
    const ssize_t n = ::read(pipe_[0], &byte, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    int expected = 0;
    first_signal_.compare_exchange_strong(expected, byte);
    on_signal_(byte, ++count);
  }
}

}  // namespace arena::selfplay
