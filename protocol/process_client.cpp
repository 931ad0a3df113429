// Process handling shared by the protocol clients (see process_client.hpp).
#include "protocol/process_client.hpp"

#include <algorithm>
#include <cstring>
#include <thread>

namespace arena::protocol {

using std::chrono::milliseconds;

void ProcessClient::kill() {
  if (process_) process_->kill();
}

void ProcessClient::stop() {
  if (!process_) return;
  if (process_->running()) {
    send_quietly("quit");
    process_->read_line(milliseconds(50));
  }
  process_->kill();
}

void ProcessClient::launch() {
  process_.reset();
  note("starting: " + spec_.command);
  try {
    process_.emplace(ChildProcess::start(spec_.command, spec_.quiet_stderr, spec_.dir));
  } catch (const std::exception& e) {
    throw EngineFault(FaultKind::Crash, label() + "could not be started: " + e.what());
  }
}

void ProcessClient::send(const std::string& line) {
  if (!send_quietly(line)) {
    throw fault(FaultKind::Crash, label() + ended() + " before reading '" + line + "'");
  }
}

bool ProcessClient::send_quietly(const std::string& line) {
  if (spec_.log) spec_.log->write(log_name(), game_id_, '>', line);
  return process_ && process_->send(line);
}

std::string ProcessClient::read(Clock::time_point deadline, const std::string& waiting_for) {
  const auto left =
      std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(deadline - Clock::now()));
  const ReadResult r = process_->read_line(left);
  if (r.status == ReadStatus::Line) {
    if (spec_.log) spec_.log->write(log_name(), game_id_, '<', r.line);
    return r.line;
  }
  if (r.status == ReadStatus::Eof) {
    throw fault(FaultKind::Crash, label() + ended() + " while " + waiting_for);
  }
  throw fault(FaultKind::Timeout, label() + "gave no answer within its time while " +
                                      waiting_for);
}

std::string ProcessClient::ended() {
  if (!process_) return "was not started";
  // Give a dying process up to a second to end so the message can say how it ended (a
  // read after EOF returns at once, so this sleeps: without it the answer was "running").
  for (int i = 0; i < 200 && process_->running(); ++i) {
    std::this_thread::sleep_for(milliseconds(5));
  }
  if (process_->running()) return "closed its output while still running";
  const std::string how = process_->exit_description();
  if (how.rfind("exit status ", 0) != 0) return "was " + how;
  // The command runs under /bin/sh -c, which reports a child killed by signal N as exit
  // status 128 + N (POSIX, Shell Command Language 2.8.2).
  const int status = std::stoi(how.substr(12));
  if (status > 128 && status < 128 + 65) {
    const char* abbrev = sigabbrev_np(status - 128);
    if (abbrev != nullptr) {
      return "was killed by SIG" + std::string(abbrev) + " (exit status " +
             std::to_string(status) + " from its shell)";
    }
  }
  return "exited with " + how.substr(5);
}

EngineFault ProcessClient::fault(FaultKind kind, const std::string& message) {
  note(message);
  return EngineFault(kind, message);
}

void ProcessClient::note(const std::string& text) {
  if (spec_.log) spec_.log->write(log_name(), game_id_, '!', text);
}

std::string ProcessClient::label() const {
  const std::string name = log_name();
  return "engine name=" + (name.empty() ? std::string("?") : name) + " (" + spec_.command +
         ") ";
}

}  // namespace arena::protocol
