// NBoard and GTP controllers over a ChildProcess (see engine_client.hpp). Both read the
// engine's output line by line against one deadline per request, so a chatty engine cannot
// extend its own time, and map EOF to Crash, the deadline to Timeout and garbage to Protocol.
#include "protocol/engine_client.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <optional>
#include <sstream>
#include <thread>

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"
#include "records/ggf.hpp"

namespace arena::protocol {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

namespace {

/// Shared process handling: start, deadline-bound reads, the engine I/O log, fault messages
/// naming the engine and how its process ended.
class ProcessClient : public EngineClient {
 public:
  explicit ProcessClient(ExternalSpec spec) : spec_(std::move(spec)) {}

  void kill() override {
    if (process_) process_->kill();
  }

  void stop() override {
    if (!process_) return;
    if (process_->running()) {
      send_quietly("quit");
      process_->read_line(milliseconds(50));
    }
    process_->kill();
  }

 protected:
  void launch() {
    process_.reset();
    note("starting: " + spec_.command);
    try {
      process_.emplace(ChildProcess::start(spec_.command, spec_.quiet_stderr, spec_.dir));
    } catch (const std::exception& e) {
      throw EngineFault(FaultKind::Crash, label() + "could not be started: " + e.what());
    }
  }

  void send(const std::string& line) {
    if (!send_quietly(line)) {
      throw fault(FaultKind::Crash, label() + ended() + " before reading '" + line + "'");
    }
  }

  /// Sends without throwing; false when the engine no longer reads.
  bool send_quietly(const std::string& line) {
    if (spec_.log) spec_.log->write(log_name(), game_id_, '>', line);
    return process_ && process_->send(line);
  }

  /// The next line before `deadline`; EngineFault on EOF or timeout. `waiting_for` names the
  /// awaited answer in the message.
  std::string read(Clock::time_point deadline, const std::string& waiting_for) {
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

  /// How the process ended, for a message: "exited with status 3", "was killed by SIGSEGV",
  /// or, for a process that closed its output but still runs, that (it is then killed).
  std::string ended() {
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

  /// The fault, noted in the engine log first.
  EngineFault fault(FaultKind kind, const std::string& message) {
    note(message);
    return EngineFault(kind, message);
  }

  void note(const std::string& text) {
    if (spec_.log) spec_.log->write(log_name(), game_id_, '!', text);
  }

  std::string log_name() const { return name_.empty() ? spec_.name : name_; }

  /// "engine name=NAME (COMMAND) ": every fault message starts with it.
  std::string label() const {
    const std::string name = log_name();
    return "engine name=" + (name.empty() ? std::string("?") : name) + " (" + spec_.command +
           ") ";
  }

  ExternalSpec spec_;
  std::string name_;
  std::int64_t game_id_ = -1;
  std::optional<ChildProcess> process_;
};

/// The seconds to write as each move's time in the GGF of `set game`, so that an engine
/// replaying them against TI (NTest's COsClock::Update: subtract the time, add the increment)
/// gets exactly arena's clocks. TI holds whole seconds only, so the sub-second rest of the
/// start time is taken from each side's first move and that of the increment from every
/// charged move; opening plies were never charged, so they cost exactly the increment.
std::vector<double> ggf_move_seconds(const ClientState& s, const records::GgfClock& ti) {
  const int start_rest = s.clock_ms - ti.seconds * 1000;
  const int increment_rest = s.increment_ms - ti.increment_seconds * 1000;
  std::vector<double> out;
  bool moved[2] = {false, false};
  for (std::size_t i = 0; i < s.moves.size(); ++i) {
    const std::size_t side = i % 2 == 0 ? 0 : 1;  // passes are moves: colours alternate
    const int charged = i < s.move_ms.size() ? s.move_ms[i] : 0;
    int ms = i < s.opening_plies ? ti.increment_seconds * 1000 : charged - increment_rest;
    if (!moved[side]) ms -= start_rest;
    moved[side] = true;
    out.push_back(ms / 1000.0);
  }
  return out;
}

class NBoardClient final : public ProcessClient {
 public:
  using ProcessClient::ProcessClient;

  std::string start() override {
    launch();
    const auto deadline = Clock::now() + milliseconds(spec_.startup_ms);
    send("nboard 2");
    ping(deadline, "starting (waiting for 'pong')");
    if (!spec_.name.empty()) name_ = spec_.name;
    if (name_.empty()) name_ = spec_.command;
    return name_;
  }

  void new_game(const ClientState& state) override {
    game_id_ = state.game_id;
    const auto deadline = Clock::now() + milliseconds(spec_.startup_ms);
    // `set depth` builds a fresh searcher in NTest (GameX.cpp), so nothing of the previous
    // game survives; then the start position, synchronised by a ping.
    depth_ = depth_for(state);
    if (depth_ > 0) send("set depth " + std::to_string(depth_));
    records::GgfGame g;
    if (!state.board.empty()) g.board = state.board;
    send("set game " + records::format_ggf(g));
    ping(deadline, "starting a game (waiting for 'pong')");
  }

  EngineAnswer request_move(const ClientState& state, milliseconds timeout) override {
    game_id_ = state.game_id;
    const auto deadline = Clock::now() + timeout;
    if (const int depth = depth_for(state); depth > 0 && depth != depth_) {
      depth_ = depth;
      send("set depth " + std::to_string(depth_));
    }
    send("set game " + game_text(state));
    // Anything the engine wrote before this pong (a late answer to an abandoned request, an
    // unasked ===) belongs to an older position.
    ping(deadline, "synchronising before 'go' (waiting for 'pong')");
    send("go");
    std::string warning;
    int depth = 0;
    for (;;) {
      // NTest answers `go` without a depth by a warning only: name it if time runs out.
      const std::string line =
          read(deadline, "thinking (waiting for '=== <move>')" +
                             (warning.empty() ? std::string() : "; it said '" + warning + "'"));
      note_name(line);
      if (line.rfind("warning", 0) == 0) warning = line;
      if (line.rfind("search ", 0) == 0) depth = search_depth(line);
      if (line.rfind("===", 0) != 0) continue;
      EngineAnswer a = parse_answer(line);
      a.depth = depth;
      return a;
    }
  }

 private:
  /// Under a clock or a move time without a depth the engine must still get one (NTest
  /// answers `go` only after `set depth`); 60 plies is the whole game, so its clock decides.
  static constexpr int kClockDepth = 60;

  /// The depth to send: the request's, the spec's, kClockDepth under a time limit, else 0
  /// (none: the engine keeps its own; NTest then needs depth= in its spec).
  int depth_for(const ClientState& state) const {
    if (state.depth > 0) return state.depth;
    if (spec_.depth > 0) return spec_.depth;
    if (state.clock_ms > 0 || state.movetime_ms > 0) return kClockDepth;
    return 0;
  }

  /// The GGF of the game so far: the start board, every move with its time, the clock (TI).
  /// A move time (no game clock) is given as a clock holding just that time, every move free.
  static std::string game_text(const ClientState& state) {
    records::GgfGame g;
    if (!state.board.empty()) g.board = state.board;
    g.moves = state.moves;
    if (state.clock_ms > 0) {
      const records::GgfClock ti{state.clock_ms / 1000, state.increment_ms / 1000, 0};
      g.time = records::format_ggf_clock(ti);
      for (const double t : ggf_move_seconds(state, ti)) g.notes.push_back({std::nullopt, t});
    } else if (state.movetime_ms > 0) {
      g.time = records::format_ggf_clock({state.movetime_ms / 1000, 0, 0});
    }
    return records::format_ggf(g);
  }

  /// The depth of a thinking line "search {pv} {eval} 0 {depth} [text]" (the protocol's
  /// `hint` answer, which NTest also writes while answering `go`): its leading integer, as
  /// depths such as "100%W" may carry a suffix; 0 when there is none.
  static int search_depth(const std::string& line) {
    std::istringstream words(line);
    std::string w[5];
    for (auto& x : w) words >> x;
    int depth = 0;
    for (const char c : w[4]) {
      if (!std::isdigit(static_cast<unsigned char>(c)) || depth > 1000) break;
      depth = depth * 10 + (c - '0');
    }
    return depth;
  }

  /// `=== f5`, `=== f5/1.00/0.21`, `=== f5//0.21` (NTest: a blank eval is 0, ntest
  /// src/odk/OsObjects.cpp COsMoveListItem::In) or `=== d6 -1.00 0.0` (the protocol's example
  /// session).
  EngineAnswer parse_answer(const std::string& line) {
    const std::string rest = boost::algorithm::trim_copy(line.substr(3));
    std::vector<std::string> fields;
    if (rest.find('/') != std::string::npos) {
      boost::algorithm::split(fields, rest, boost::algorithm::is_any_of("/"));
    } else {
      boost::algorithm::split(fields, rest, boost::algorithm::is_space(),
                              boost::algorithm::token_compress_on);
    }
    EngineAnswer a;
    a.move = fields.empty() ? std::string() : boost::algorithm::trim_copy(fields[0]);
    if (a.move.empty()) throw fault(FaultKind::Protocol, label() + "answered '" + line + "'");
    const auto number = [](const std::string& text) -> std::optional<double> {
      try {
        std::size_t used = 0;
        const double v = std::stod(text, &used);
        if (used == text.size()) return v;
      } catch (const std::exception&) {
      }
      return std::nullopt;
    };
    if (fields.size() > 1) {
      const std::string eval = boost::algorithm::trim_copy(fields[1]);
      a.eval = eval.empty() ? std::optional<double>(0.0) : number(eval);
    }
    if (fields.size() > 2) a.seconds = number(boost::algorithm::trim_copy(fields[2]));
    return a;
  }

  void ping(Clock::time_point deadline, const std::string& what) {
    send("ping " + std::to_string(++ping_));
    const std::string want = "pong " + std::to_string(ping_);
    for (;;) {
      const std::string line = read(deadline, what);
      note_name(line);
      if (boost::algorithm::trim_copy(line) == want) return;
    }
  }

  void note_name(const std::string& line) {
    if (line.rfind("set myname ", 0) == 0 && spec_.name.empty()) {
      name_ = boost::algorithm::trim_copy(line.substr(11));
    }
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
    // GTP 2 spec 6.3.1: list_commands, one per line; the time commands are sent only to an
    // engine that lists them (Pentobi has none: it plays by its --level).
    std::istringstream known(command("list_commands", deadline, "answering 'list_commands'"));
    for (std::string c; std::getline(known, c);) known_.push_back(boost::algorithm::trim_copy(c));
    if (!spec_.variant.empty()) {
      // Pentobi-GTP.md: set_game <variant> sets the game variant and clears the board.
      command("set_game " + spec_.variant, deadline, "answering 'set_game " + spec_.variant + "'");
    }
    return name_;
  }

  void new_game(const ClientState& state) override {
    game_id_ = state.game_id;
    const auto deadline = Clock::now() + milliseconds(spec_.startup_ms);
    command("clear_board", deadline, "answering 'clear_board'");
    sent_ = 0;
    if (knows("time_settings")) {
      // GTP 2 spec 4.2 / 6.3.4: absolute time is byo-yomi time 0; a move time is Canadian
      // byo-yomi of one stone with no main time; byo-yomi time > 0 with 0 stones: no limit.
      std::string ts = "time_settings 1 1 0";
      if (state.clock_ms > 0) {
        ts = "time_settings " + std::to_string(state.clock_ms / 1000) + " 0 0";
      } else if (state.movetime_ms > 0) {
        ts = "time_settings 0 " + std::to_string(std::max(1, state.movetime_ms / 1000)) + " 1";
      }
      command(ts, deadline, "answering '" + ts + "'");
    }
  }

  EngineAnswer request_move(const ClientState& state, milliseconds timeout) override {
    game_id_ = state.game_id;
    const auto deadline = Clock::now() + timeout;
    const auto& moves = state.moves;
    // Moves since the last request (the opponent's, and our own answer already on its board).
    for (; sent_ < moves.size(); ++sent_) {
      const char* color = sent_ % 2 == 0 ? "b" : "w";
      if (moves[sent_] == "pass") continue;
      command(std::string("play ") + color + " " + moves[sent_], deadline,
              "answering 'play " + std::string(color) + " " + moves[sent_] + "'");
    }
    const char* color = state.side == 0 ? "b" : "w";
    if (state.clock_ms > 0 && knows("time_left")) {
      // GTP 2 spec 6.3.4: time_left color time stones; 0 stones = main time.
      const std::string tl = std::string("time_left ") + color + " " +
                             std::to_string(state.time_left_ms[state.side] / 1000) + " 0";
      command(tl, deadline, "answering '" + tl + "'");
    }
    std::string mv = command(std::string("genmove ") + color, deadline,
                             "thinking (waiting for the answer to 'genmove')");
    if (mv.empty() || mv.find(' ') != std::string::npos) {
      throw fault(FaultKind::Protocol, label() + "answered genmove with '" + mv + "'");
    }
    boost::algorithm::to_lower(mv);
    EngineAnswer a;
    if (mv == "resign") {
      // GTP 2 spec 6.3.3: genmove may answer resign; the engine keeps its board.
      a.resign = true;
      return a;
    }
    a.move = mv;
    ++sent_;  // genmove plays the move on the engine's board
    return a;
  }

 private:
  [[nodiscard]] bool knows(const std::string& cmd) const {
    return std::find(known_.begin(), known_.end(), cmd) != known_.end();
  }

  /// Sends one command and returns the text of its '=' answer (all lines, trimmed);
  /// EngineFault(Protocol) on a '?' answer.
  std::string command(const std::string& cmd, Clock::time_point deadline,
                      const std::string& what) {
    send(cmd);
    std::string first;
    std::string text;
    bool started = false;
    for (;;) {
      const std::string line = read(deadline, what);
      const bool blank = boost::algorithm::all(line, boost::algorithm::is_space());
      if (!started) {
        if (blank) continue;  // stray blank lines between answers
        started = true;
        first = line;
        continue;
      }
      if (blank) break;  // an answer ends with an empty line
      text += "\n" + line;
    }
    if (first[0] == '?') {
      throw fault(FaultKind::Protocol, label() + "refused '" + cmd + "': " +
                                           boost::algorithm::trim_copy(first.substr(1)));
    }
    if (first[0] != '=') {
      throw fault(FaultKind::Protocol, label() + "answered '" + first + "' to '" + cmd + "'");
    }
    // "=" or "=<id>" then the text.
    std::size_t i = 1;
    while (i < first.size() && std::isdigit(static_cast<unsigned char>(first[i]))) ++i;
    return boost::algorithm::trim_copy(first.substr(i) + text);
  }

  std::size_t sent_ = 0;
  std::vector<std::string> known_;
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
