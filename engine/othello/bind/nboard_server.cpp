// The NBoard front end (see nboard_server.hpp): a session carries out one command line at a
// time on its stored position, clock and search depth.
#include "engine/othello/bind/nboard_server.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <istream>
#include <ostream>
#include <sstream>

#include "engine/core/errors.hpp"
#include "engine/core/limits.hpp"
#include "engine/othello/notation.hpp"

namespace arena::protocol {

std::string nboard_eval(int centi) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", centi / 100.0);
  return buf;
}

othello::Position nboard_position(const records::GgfGame& g) {
  const auto b = records::ggf_board_to_arena(g.board, "set game: ");
  othello::Position pos = othello::parse_board(b.squares, b.side);
  for (const auto& mv : g.moves) {
    pos = othello::Othello::play(pos, othello::Othello::parse_move(pos, mv));
  }
  return pos;
}

void NBoardClock::charge(int side, double seconds) {
  left_ms[side] -= static_cast<int>(seconds * 1000.0);
  left_ms[side] += increment_ms;
}

NBoardClock nboard_clock(const records::GgfGame& g) {
  NBoardClock c;
  if (g.time.empty()) return c;
  const auto ti = records::parse_ggf_clock(g.time, "set game: ");
  c.set = true;
  c.left_ms[0] = c.left_ms[1] = ti.seconds * 1000;
  c.increment_ms = ti.increment_seconds * 1000;
  int side = g.board.empty() || g.board.back() == '*' ? 0 : 1;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    c.charge(side, i < g.notes.size() ? g.notes[i].seconds.value_or(0.0) : 0.0);
    side = 1 - side;
  }
  return c;
}

std::pair<std::string, double> nboard_move(const std::string& text) {
  const auto slash = text.find('/');
  std::string mv = text.substr(0, slash);
  for (auto& ch : mv) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (mv == "pa") mv = "pass";
  double seconds = 0.0;
  if (slash != std::string::npos) {
    const auto second = text.find('/', slash + 1);
    if (second != std::string::npos) {
      try {
        seconds = std::stod(text.substr(second + 1));
      } catch (const std::exception&) {
        seconds = 0.0;
      }
    }
  }
  return {mv, seconds};
}

namespace {

using othello::Othello;

/// The state of one NBoard session: the position, its clock, the search limits and the seed
/// of the next search. Each command is a member; answers go to `out`, each flushed.
class NBoardSession {
 public:
  NBoardSession(core::Engine<Othello>& engine, std::ostream& out)
      : engine_(engine),
        out_(out),
        name_(engine.config().name.empty() ? "arena" : engine.config().name),
        limits_(engine.config().limits) {}

  /// Carries out one command line; false for `quit`. InputError for a malformed command.
  bool command(const std::string& line);

 private:
  void set(std::istringstream& words);
  void move(std::istringstream& words);
  void go();
  void hint(std::istringstream& words);
  void status(const char* what) { out_ << "status " << name_ << " is " << what << std::endl; }

  core::Engine<Othello>& engine_;
  std::ostream& out_;
  std::string name_;
  core::SearchLimits limits_;
  othello::Position pos_ = Othello::initial();
  NBoardClock clock_;
  std::uint64_t seed_ = 1;
};

bool NBoardSession::command(const std::string& line) {
  std::istringstream words(line);
  std::string cmd;
  words >> cmd;
  if (cmd == "nboard") {
    out_ << "set myname " << name_ << std::endl;
  } else if (cmd == "set") {
    set(words);
  } else if (cmd == "move") {
    move(words);
  } else if (cmd == "go") {
    go();
  } else if (cmd == "hint") {
    hint(words);
  } else if (cmd == "ping") {
    std::string n;
    words >> n;
    out_ << "pong " << n << std::endl;
  } else if (cmd == "learn") {
    out_ << "learned" << std::endl;
  } else if (cmd == "quit") {
    return false;
  }
  return true;
}

void NBoardSession::set(std::istringstream& words) {
  std::string what;
  words >> what;
  if (what == "depth") {
    int depth = 0;
    if (!(words >> depth) || depth <= 0) throw InputError("set depth: expected a positive number");
    limits_ = core::SearchLimits{};
    limits_.depth = depth;
  } else if (what == "game") {
    std::string ggf;
    std::getline(words, ggf);
    const auto games = records::parse_ggf(ggf, "set game");
    if (games.size() != 1) throw InputError("set game: expected one GGF game");
    pos_ = nboard_position(games[0]);
    clock_ = nboard_clock(games[0]);
    engine_.new_game();
  }
  // set contempt and unknown settings: accepted, nothing to change.
}

void NBoardSession::move(std::istringstream& words) {
  std::string text;
  words >> text;
  const auto [mv, seconds] = nboard_move(text);
  const int mover = Othello::side_to_move(pos_);
  pos_ = Othello::play(pos_, Othello::parse_move(pos_, mv));
  if (clock_.set) clock_.charge(mover, seconds);
}

void NBoardSession::go() {
  status("thinking");
  core::MoveListOf<Othello> moves;
  Othello::generate_moves(pos_, moves);
  const auto t0 = std::chrono::steady_clock::now();
  std::string mv = "PA";
  int score = 0;
  if (moves.size() == 1 && Othello::is_pass(moves[0])) {
    mv = "PA";
  } else if (!moves.empty()) {
    core::SearchLimits l = limits_;
    if (clock_.set) {
      // At least 1 ms: a spent clock still gets the shortest search, not none.
      l.time_left_ms = std::max(1, clock_.left_ms[Othello::side_to_move(pos_)]);
      l.increment_ms = clock_.increment_ms;
    }
    const auto r = engine_.think(pos_, l, seed_++);
    mv = othello::square_name(r.best.square);
    score = r.score;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  char t[32];
  std::snprintf(t, sizeof t, "%.1f", secs);
  out_ << "=== " << mv << "/" << nboard_eval(score) << "/" << t << std::endl;
  status("waiting");
}

void NBoardSession::hint(std::istringstream& words) {
  int n = 1;
  if (!(words >> n)) n = 1;
  status("thinking");
  core::MoveListOf<Othello> moves;
  Othello::generate_moves(pos_, moves);
  if (!moves.empty() && !Othello::is_pass(moves[0])) {
    auto scored = engine_.score_root_moves(pos_, limits_, seed_++);
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.score > b.score; });
    for (int i = 0; i < n && i < static_cast<int>(scored.size()); ++i) {
      const auto& s = scored[static_cast<std::size_t>(i)];
      out_ << "search " << othello::square_name(s.move.square) << " " << nboard_eval(s.score)
           << " 0 " << limits_.depth << std::endl;
    }
  }
  status("waiting");
}

}  // namespace

int serve_nboard(core::Engine<Othello>& engine, std::istream& in, std::ostream& out,
                 std::ostream& log) {
  NBoardSession session(engine, out);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    try {
      if (!session.command(line)) break;
    } catch (const InputError& e) {
      log << "arena nboard: " << e.what() << " (line ignored: " << line << ")" << std::endl;
    }
  }
  return 0;
}

}  // namespace arena::protocol
