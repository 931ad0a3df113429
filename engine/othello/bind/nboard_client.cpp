// NBoard controller (see nboard_client.hpp): the game goes as GGF in `set game`, each request
// synchronised by a ping/pong, the answer read to its `===` line against the request's
// deadline.
#include "engine/othello/bind/nboard_client.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

#include <boost/algorithm/string.hpp>

#include "engine/othello/bind/ggf.hpp"
#include "protocol/process_client.hpp"

namespace arena::protocol {

using std::chrono::milliseconds;

namespace {

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
      g.time = records::format_ggf_clock(nboard_movetime_clock(state.movetime_ms));
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

}  // namespace

std::unique_ptr<EngineClient> make_nboard_client(const ExternalSpec& spec) {
  return std::make_unique<NBoardClient>(spec);
}

records::GgfClock nboard_movetime_clock(int movetime_ms) {
  return {std::max(1, movetime_ms / 1000), 0, 0};
}

}  // namespace arena::protocol
