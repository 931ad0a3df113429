// NBoard and GTP controllers over a ChildProcess (see engine_client.hpp). Both read the
// engine's output line by line against one deadline per request, so a chatty engine cannot
// extend its own time, and map EOF to Crash, the deadline to Timeout and garbage to Protocol.
#include "protocol/engine_client.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"
#include "records/ggf.hpp"

namespace arena::protocol {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

namespace {

/// Shared process handling: start, deadline-bound reads, fault messages naming the engine.
class ProcessClient : public EngineClient {
 public:
  explicit ProcessClient(ExternalSpec spec) : spec_(std::move(spec)) {}

  void kill() override {
    if (process_) process_->kill();
  }

  void stop() override {
    if (!process_) return;
    process_->send("quit");
    process_->read_line(milliseconds(50));
    process_->kill();
  }

 protected:
  void launch() {
    process_.reset();
    try {
      process_.emplace(ChildProcess::start(spec_.command, spec_.quiet_stderr, spec_.dir));
    } catch (const std::exception& e) {
      throw EngineFault(FaultKind::Crash, label() + "could not be started: " + e.what());
    }
  }

  void send(const std::string& line) {
    if (!process_ || !process_->send(line)) {
      throw EngineFault(FaultKind::Crash, label() + "exited (" + exit_text() +
                                              ") before reading '" + line + "'");
    }
  }

  /// The next line before `deadline`; EngineFault on EOF or timeout. `waiting_for` names the
  /// awaited answer in the message.
  std::string read(Clock::time_point deadline, const std::string& waiting_for) {
    const auto left =
        std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(deadline - Clock::now()));
    const ReadResult r = process_->read_line(left);
    if (r.status == ReadStatus::Line) return r.line;
    if (r.status == ReadStatus::Eof) {
      throw EngineFault(FaultKind::Crash, label() + "exited (" + exit_text() +
                                              ") while " + waiting_for);
    }
    throw EngineFault(FaultKind::Timeout, label() + "gave no answer within its time while " +
                                              waiting_for);
  }

  std::string exit_text() {
    if (!process_) return "not started";
    // Give a dying process a moment to be reaped so the message can say how it ended.
    for (int i = 0; i < 20 && process_->running(); ++i) {
      process_->read_line(milliseconds(5));
    }
    return process_->exit_description();
  }

  std::string label() const {
    return "engine '" + (name_.empty() ? spec_.command : name_) + "' ";
  }

  ExternalSpec spec_;
  std::string name_;
  std::optional<ChildProcess> process_;
};

class NBoardClient final : public ProcessClient {
 public:
  using ProcessClient::ProcessClient;

  std::string start() override {
    launch();
    const auto deadline = Clock::now() + milliseconds(spec_.startup_ms);
    send("nboard 2");
    // `set depth` only when a depth is known (spec or run limits): an engine without one
    // searches at its own default.
    if (spec_.depth > 0) {
      depth_ = spec_.depth;
      send("set depth " + std::to_string(depth_));
    }
    send("ping " + std::to_string(++ping_));
    wait_pong(deadline, "starting (waiting for 'pong')");
    if (!spec_.name.empty()) name_ = spec_.name;
    if (name_.empty()) name_ = spec_.command;
    return name_;
  }

  void new_game() override {}

  std::string request_move(const ClientState& state, milliseconds timeout) override {
    const auto deadline = Clock::now() + timeout;
    records::GgfGame g;
    if (!state.board.empty()) g.board = state.board;
    if (state.depth > 0 && state.depth != depth_) {
      depth_ = state.depth;
      send("set depth " + std::to_string(depth_));
    }
    send("set game " + records::format_ggf(g));
    send("go");
    for (;;) {
      const std::string line = read(deadline, "thinking (waiting for '=== <move>')");
      note_name(line);
      if (line.rfind("===", 0) != 0) continue;
      std::string rest = boost::algorithm::trim_copy(line.substr(3));
      const auto cut = rest.find_first_of("/ \t");
      std::string mv = rest.substr(0, cut);
      if (mv.empty()) throw EngineFault(FaultKind::Protocol, label() + "answered '" + line + "'");
      return mv;
    }
  }

 private:
  void wait_pong(Clock::time_point deadline, const std::string& what) {
    const std::string want = "pong " + std::to_string(ping_);
    for (;;) {
      const std::string line = read(deadline, what);
      note_name(line);
      if (boost::algorithm::trim_copy(line) == want) return;
    }
  }

  void note_name(const std::string& line) {
    if (line.rfind("set myname ", 0) == 0 && spec_.name.empty()) name_ = boost::algorithm::trim_copy(line.substr(11));
  }

  int ping_ = 0;
  int depth_ = 0;
};

class GtpClient final : public ProcessClient {
 public:
  using ProcessClient::ProcessClient;

  std::string start() override {
    launch();
    const auto deadline = Clock::now() + milliseconds(spec_.startup_ms);
    const std::string reply = command("name", deadline, "starting (waiting for 'name')");
    name_ = spec_.name.empty() ? (reply.empty() ? spec_.command : reply) : spec_.name;
    return name_;
  }

  void new_game() override {
    const auto deadline = Clock::now() + milliseconds(spec_.startup_ms);
    command("clear_board", deadline, "answering 'clear_board'");
    sent_ = 0;
  }

  std::string request_move(const ClientState& state, milliseconds timeout) override {
    const auto deadline = Clock::now() + timeout;
    const auto& moves = state.moves;
    const int side = state.side;
    // Moves since the last request (the opponent's, and our own answer already on its board).
    for (; sent_ < moves.size(); ++sent_) {
      const char* color = sent_ % 2 == 0 ? "b" : "w";
      if (moves[sent_] == "pass") continue;
      command(std::string("play ") + color + " " + moves[sent_], deadline,
              "answering 'play " + std::string(color) + " " + moves[sent_] + "'");
    }
    const char* color = side == 0 ? "b" : "w";
    std::string mv = command(std::string("genmove ") + color, deadline,
                             "thinking (waiting for the answer to 'genmove')");
    if (mv.empty() || mv.find(' ') != std::string::npos) {
      throw EngineFault(FaultKind::Protocol, label() + "answered genmove with '" + mv + "'");
    }
    boost::algorithm::to_lower(mv);
    if (mv == "resign") throw EngineFault(FaultKind::Protocol, label() + "resigned");
    ++sent_;  // genmove plays the move on the engine's board
    return mv;
  }

 private:
  /// Sends one command and returns the text of its '=' answer (first line, trimmed);
  /// EngineFault(Protocol) on a '?' answer.
  std::string command(const std::string& cmd, Clock::time_point deadline,
                      const std::string& what) {
    send(cmd);
    std::string first;
    bool started = false;
    for (;;) {
      const std::string line = read(deadline, what);
      if (!started) {
        if (boost::algorithm::all(line, boost::algorithm::is_space())) continue;  // stray blank lines between answers
        started = true;
        first = line;
        continue;
      }
      if (boost::algorithm::all(line, boost::algorithm::is_space())) break;  // an answer ends with an empty line
    }
    if (first[0] == '?') {
      throw EngineFault(FaultKind::Protocol,
                        label() + "refused '" + cmd + "': " + boost::algorithm::trim_copy(first.substr(1)));
    }
    if (first[0] != '=') {
      throw EngineFault(FaultKind::Protocol, label() + "answered '" + first + "' to '" + cmd + "'");
    }
    // "=" or "=<id>" then the text.
    std::size_t i = 1;
    while (i < first.size() && std::isdigit(static_cast<unsigned char>(first[i]))) ++i;
    return boost::algorithm::trim_copy(first.substr(i));
  }

  std::size_t sent_ = 0;
};

}  // namespace

bool is_external_spec(const std::string& text) { return selfplay::is_external_entry(text); }

ExternalSpec external_spec(const selfplay::EngineEntry& entry,
                           const selfplay::EngineSettings& settings) {
  if (!entry.external()) {
    throw InputError("--engine " + entry.text + ": expected nboard:COMMAND or gtp:COMMAND");
  }
  ExternalSpec spec;
  spec.protocol = entry.protocol;
  spec.command = entry.target;
  spec.name = settings.name.value_or("");
  spec.dir = settings.dir.value_or("");
  spec.startup_ms = settings.startup_ms.value_or(spec.startup_ms);
  spec.margin_ms = settings.margin_ms.value_or(spec.margin_ms);
  spec.move_ms = settings.move_ms.value_or(spec.move_ms);
  spec.depth = settings.depth.value_or(0);
  spec.quiet_stderr = settings.quiet_stderr.value_or(spec.quiet_stderr);
  spec.restart_each_game = settings.restart == selfplay::RestartPolicy::On;
  if (!spec.dir.empty() && !std::filesystem::is_directory(spec.dir)) {
    throw InputError("--engine " + entry.text + ": dir '" + spec.dir + "' is not a folder");
  }
  return spec;
}

ExternalSpec parse_external_spec(const std::string& text) {
  const selfplay::EngineEntry entry = selfplay::parse_engine_entry(text);
  return external_spec(entry, entry.settings);
}

std::string protocol_game(const std::string& protocol) {
  if (protocol == "nboard") return "othello";
  if (protocol == "gtp") return "blokus-duo";
  throw InputError("unknown engine protocol '" + protocol + "' (expected nboard or gtp)");
}

std::unique_ptr<EngineClient> make_nboard_client(const ExternalSpec& spec) {
  return std::make_unique<NBoardClient>(spec);
}

std::unique_ptr<EngineClient> make_gtp_client(const ExternalSpec& spec) {
  return std::make_unique<GtpClient>(spec);
}

std::unique_ptr<EngineClient> make_client(const ExternalSpec& spec) {
  if (spec.protocol == "nboard") return make_nboard_client(spec);
  if (spec.protocol == "gtp") return make_gtp_client(spec);
  throw InputError("unknown engine protocol '" + spec.protocol + "' (expected nboard or gtp)");
}

}  // namespace arena::protocol
