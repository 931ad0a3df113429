// Child processes over pipes (see child_process.hpp). Between fork and exec the child calls only
// async-signal-safe functions: everything it needs (argv, paths) is prepared before the fork.
#include "protocol/child_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace arena::protocol {

namespace {

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

/// "killed by SIGSEGV": the signal's abbreviation (glibc's sigabbrev_np), its number if unknown.
std::string killed_by(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev != nullptr ? "killed by SIG" + std::string(abbrev)
                           : "killed by signal " + std::to_string(sig);
}

}  // namespace

ChildProcess ChildProcess::start(const std::string& command_line, bool quiet_stderr,
                                 const std::string& dir) {
  // A child that exits makes our next write fail with EPIPE instead of killing us.
  std::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2];
  int out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) fail("pipe");
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    fail("pipe");
  }
  // The line as written: no `exec` prefix, which would break `cd DIR && ./prog` and
  // `VAR=1 prog`. Grandchildren of sh share its process group, which kill() signals whole.
  const char* argv[] = {"sh", "-c", command_line.c_str(), nullptr};
  const pid_t parent = getpid();

  const pid_t pid = fork();
  if (pid < 0) {
    for (const int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) close(fd);
    fail("fork");
  }
  if (pid == 0) {
    // Child: its own process group (so kill() reaches grandchildren too), killed with us.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);  // the parent died before prctl took effect
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    if (quiet_stderr) {
      const int null_fd = open("/dev/null", O_WRONLY);
      if (null_fd >= 0) dup2(null_fd, STDERR_FILENO);
    }
    std::signal(SIGPIPE, SIG_DFL);
    if (!dir.empty() && chdir(dir.c_str()) != 0) _exit(127);
    execv("/bin/sh", const_cast<char* const*>(argv));
    _exit(127);
  }
  setpgid(pid, pid);  // also from the parent: no race with a kill() right after start()
  close(in_pipe[0]);
  close(out_pipe[1]);
  ChildProcess c;
  c.pid_ = pid;
  c.to_child_ = in_pipe[1];
  c.from_child_ = out_pipe[0];
  return c;
}

ChildProcess::ChildProcess(ChildProcess&& o) noexcept
    : pid_(o.pid_),
      to_child_(o.to_child_),
      from_child_(o.from_child_),
      buffer_(std::move(o.buffer_)),
      eof_(o.eof_),
      wait_status_(o.wait_status_),
      reaped_(o.reaped_) {
  o.pid_ = -1;
  o.to_child_ = -1;
  o.from_child_ = -1;
}

ChildProcess& ChildProcess::operator=(ChildProcess&& o) noexcept {
  if (this != &o) {
    kill();
    pid_ = o.pid_;
    to_child_ = o.to_child_;
    from_child_ = o.from_child_;
    buffer_ = std::move(o.buffer_);
    eof_ = o.eof_;
    wait_status_ = o.wait_status_;
    reaped_ = o.reaped_;
    o.pid_ = -1;
    o.to_child_ = -1;
    o.from_child_ = -1;
  }
  return *this;
}

ChildProcess::~ChildProcess() { kill(); }

void ChildProcess::close_fds() {
  if (to_child_ >= 0) close(to_child_);
  if (from_child_ >= 0) close(from_child_);
  to_child_ = -1;
  from_child_ = -1;
}

bool ChildProcess::send(std::string_view line) {
  if (to_child_ < 0) return false;
  std::string data(line);
  data += '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(to_child_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

ReadResult ChildProcess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return {ReadStatus::Line, std::move(line)};
    }
    if (eof_ || from_child_ < 0) return {ReadStatus::Eof, {}};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return {ReadStatus::Timeout, {}};
    pollfd pfd{from_child_, POLLIN, 0};
    const int ready = poll(&pfd, 1, static_cast<int>(left.count()));
    if (ready < 0) {
      if (errno == EINTR) continue;
      fail("poll");
    }
    if (ready == 0) return {ReadStatus::Timeout, {}};
    char chunk[4096];
    const ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      eof_ = true;
    } else if (n == 0) {
      eof_ = true;
    } else {
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }
}

std::optional<double> ChildProcess::cpu_ms() const {
  if (pid_ <= 0) return std::nullopt;
  double total = 0;
  bool any = false;
  std::vector<pid_t> todo{pid_};
  while (!todo.empty()) {
    const pid_t pid = todo.back();
    todo.pop_back();
    clockid_t clock{};
    timespec t{};
    if (clock_getcpuclockid(pid, &clock) != 0 || clock_gettime(clock, &t) != 0) continue;
    total += static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
    any = true;
    // read(2), not a stream: a process that ends meanwhile makes the read fail (ESRCH), which
    // a std::ifstream reports by throwing.
    const std::string path =
        "/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    char text[4096];
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) continue;
    text[n] = '\0';
    char* at = text;
    for (char* end = nullptr;; at = end) {
      const long child = std::strtol(at, &end, 10);
      if (end == at) break;
      todo.push_back(static_cast<pid_t>(child));
    }
  }
  if (!any) return std::nullopt;
  return total;
}

bool ChildProcess::running() {
  if (pid_ < 0 || reaped_) return false;
  // WNOWAIT leaves the zombie in place, so the pid (and the process group id) cannot be reused
  // by an unrelated process before kill() signals the group and reaps it.
  siginfo_t info{};
  if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return false;
  return info.si_pid == 0;
}

std::string ChildProcess::exit_description() {
  if (running()) return "running";
  int status = wait_status_;
  if (!reaped_) {
    siginfo_t info{};
    if (pid_ < 0 ||
        waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
      return "unknown";
    }
    if (info.si_code == CLD_EXITED) return "exit status " + std::to_string(info.si_status);
    return killed_by(info.si_status);
  }
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return killed_by(WTERMSIG(status));
  return "stopped";
}

void ChildProcess::kill() {
  close_fds();
  if (pid_ < 0) return;
  if (!reaped_) {
    // The child is at worst a zombie here (never reaped before), so its pid still names our
    // process group: a shell wrapper's children go too.
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    while (waitpid(pid_, &wait_status_, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
  }
  pid_ = -1;
}

}  // namespace arena::protocol
