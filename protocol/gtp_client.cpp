// GTP controller (see gtp_client.hpp): each command's answer is read to its blank line
// against the request's deadline; a '?' answer to a required command is a Protocol fault.
#include "protocol/gtp_client.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include <boost/algorithm/string.hpp>

#include "protocol/process_client.hpp"

namespace arena::protocol {

using std::chrono::milliseconds;

namespace {

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

std::unique_ptr<EngineClient> make_gtp_client(const ExternalSpec& spec) {
  return std::make_unique<GtpClient>(spec);
}

}  // namespace arena::protocol
