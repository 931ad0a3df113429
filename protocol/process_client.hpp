// The part every protocol client shares: an EngineClient over a ChildProcess that reads the
// engine's output line by line against one deadline per request, so a chatty engine cannot
// extend its own time, and maps EOF to Crash and the deadline to Timeout. The clients of the
// protocols derive from it (protocol/gtp_client.hpp; NBoard in engine/othello/bind), adding
// their handshake and move request.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "protocol/child_process.hpp"
#include "protocol/engine_client.hpp"

namespace arena::protocol {

/// Process handling for a client: start, deadline-bound reads, the engine I/O log, fault
/// messages naming the engine and how its process ended. Not thread-safe.
class ProcessClient : public EngineClient {
 public:
  using Clock = std::chrono::steady_clock;

  explicit ProcessClient(ExternalSpec spec) : spec_(std::move(spec)) {}

  void kill() override;
  /// Sends `quit`, gives the engine 50 ms to end, then kills it.
  void stop() override;
  [[nodiscard]] std::optional<double> cpu_ms() const override {
    return process_ ? process_->cpu_ms() : std::nullopt;
  }

 protected:
  /// Starts spec_.command (any process before is killed); EngineFault(Crash) when it cannot.
  void launch();

  /// Sends one line; EngineFault(Crash) when the engine no longer reads.
  void send(const std::string& line);

  /// Sends without throwing; false when the engine no longer reads.
  bool send_quietly(const std::string& line);

  /// The next line before `deadline`; EngineFault on EOF or timeout. `waiting_for` names the
  /// awaited answer in the message.
  std::string read(Clock::time_point deadline, const std::string& waiting_for);

  /// How the process ended, for a message: "exited with status 3", "was killed by SIGSEGV",
  /// or, for a process that closed its output but still runs, that (it is then killed).
  std::string ended();

  /// The fault, noted in the engine log first.
  EngineFault fault(FaultKind kind, const std::string& message);

  /// Writes `text` to the engine log as a note ('!').
  void note(const std::string& text);

  /// The engine's name for the log: the one it gave, else the spec's.
  [[nodiscard]] std::string log_name() const { return name_.empty() ? spec_.name : name_; }

  /// "engine name=NAME (COMMAND) ": every fault message starts with it.
  [[nodiscard]] std::string label() const;

  ExternalSpec spec_;
  std::string name_;
  std::int64_t game_id_ = -1;
  std::optional<ChildProcess> process_;
};

}  // namespace arena::protocol
