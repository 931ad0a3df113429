// A deliberately faulty external engine for the protocol tests: it speaks NBoard (Othello) or
// GTP (Blokus Duo) well enough to play legal first moves, then misbehaves as told.
//
//   mock_engine nboard|gtp FAULT [N]
//     none         plays the first legal move every time
//     crash N      exits with status 3 when asked for its (N+1)-th move
//     hang N       stops answering at its (N+1)-th move (sleeps until killed)
//     illegal N    answers an illegal move at its (N+1)-th move
//     garbage N    answers an unparsable move at its (N+1)-th move
//     slow N       sleeps N milliseconds before reading anything (slow start)
//     think N      sleeps N milliseconds before every move it answers (a slow player)
//     burn N       spends N milliseconds of its own CPU time (a busy loop on its process's
//                  CPU clock) before every move it answers (a player that computes)
//     fork         starts a sleeping grandchild, then plays like none (the process group
//                  must be killed as a whole)
//     segv N       raises SIGSEGV when asked for its (N+1)-th move
//     stale        NBoard: writes an unasked "=== d4" (a centre square, never empty, so never
//                  legal) before every pong; a controller that believes it loses the game
//     resign N     GTP: answers `resign` to its (N+1)-th genmove
//     refuse       GTP: refuses `set_game` (an engine that cannot play Blokus Duo)
//     record FILE  plays like none, appends every line it reads to FILE and checks what the
//                  protocol should carry; a failed check is answered with the move
//                  "check-failed:<why>", which the controller rejects, so the game's reason
//                  shows it. NBoard: `set game` must hold the start board, every move so far
//                  (it replays them) and a TI clock, and the mover's clock replayed from TI
//                  and the moves' times (NTest's COsClock) must be above 0 and, unless no move
//                  carries a time (a move time), fall from one `go` of a game to
//                  the next (it thinks 5 ms a move); each such clock is appended as
//                  "clock SIDE MS". GTP: `set_game
//                  Blokus Duo` before any game, `clear_board` before each game, and
//                  `time_left` for the mover before each genmove once `time_settings` gave a
//                  main time (both are listed by list_commands); the test counts the
//                  recorded clear_board lines.
//
// NBoard answers carry an eval of (legal moves) discs and a time of 0.01 s, so a controller's
// log of them can be checked.
//
// It keeps its own position from the protocol's commands, so it also checks that arena sends
// a consistent game.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/blokus_duo/notation.hpp"
#include "engine/othello/notation.hpp"
#include "engine/othello/othello.hpp"
#include "engine/othello/bind/ggf.hpp"

namespace {

using arena::blokus_duo::BlokusDuo;
using arena::othello::Othello;

/// CPU time of this process so far, ms.
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

/// Busy-waits until this process has used `ms` more milliseconds of CPU time.
void burn_cpu_ms(int ms) {
  const double end = process_cpu_ms() + ms;
  volatile unsigned sink = 0;
  while (process_cpu_ms() < end) {
    for (int i = 0; i < 1000; ++i) sink = sink + static_cast<unsigned>(i);
  }
}

struct Fault {
  std::string kind = "none";
  int n = 0;
  int asked = 0;
  std::string record;  ///< `record FILE`: where received lines go
  /// Misbehaves (crash/hang/think) or returns true when the answer should be bad (illegal/garbage).
  bool strike() {
    if (kind == "think") std::this_thread::sleep_for(std::chrono::milliseconds(n));
    if (kind == "burn") burn_cpu_ms(n);
    if (kind != "crash" && kind != "hang" && kind != "illegal" && kind != "garbage" &&
        kind != "segv" && kind != "resign") {
      return false;
    }
    if (asked++ < n) return false;
    if (kind == "crash") std::_Exit(3);
    if (kind == "segv") {
      // The default action, so a sanitizer's own SIGSEGV handler (which reports and exits 1)
      // cannot turn the crash into an ordinary exit.
      std::signal(SIGSEGV, SIG_DFL);
      std::raise(SIGSEGV);
    }
    if (kind == "hang") {
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    return true;
  }
};

/// Appends `line` to the record file (when recording).
void note(const Fault& fault, const std::string& line) {
  if (!fault.record.empty()) std::ofstream(fault.record, std::ios::app) << line << "\n";
}

/// What `record` checks in an NBoard `set game`; "" when all is well. `last_clock` holds each
/// side's clock at its previous go of this game (-1 = none yet).
std::string check_nboard_game(const arena::records::GgfGame& g, int side, long last_clock[2],
                              long& clock_ms) {
  if (g.board != arena::records::kGgfStartBoard) return "no-start-board";
  if (g.time.empty()) return "no-TI";
  // NTest's COsClock::Update: the mover's time falls by each move's time, rises by the
  // increment.
  const auto ti = arena::records::parse_ggf_clock(g.time, "mock");
  long left[2] = {ti.seconds * 1000L, ti.seconds * 1000L};
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const double t = i < g.notes.size() ? g.notes[i].seconds.value_or(0.0) : 0.0;
    left[i % 2] += -static_cast<long>(t * 1000.0) + ti.increment_seconds * 1000L;
  }
  clock_ms = left[side];
  if (clock_ms <= 0) return "no-time-left";
  // Moves without times: a move time, given as a clock that every move leaves full.
  const bool movetime =
      !g.moves.empty() && std::none_of(g.notes.begin(), g.notes.end(),
                                       [](const auto& n) { return n.seconds.has_value(); });
  if (!movetime && last_clock[side] >= 0 && ti.increment_seconds == 0 &&
      clock_ms >= last_clock[side]) {
    return "clock-did-not-fall";
  }
  last_clock[side] = clock_ms;
  return "";
}

int run_nboard(Fault& fault) {
  auto pos = Othello::initial();
  long last_clock[2] = {-1, -1};
  std::string check;
  std::string line;
  while (std::getline(std::cin, line)) {
    note(fault, line);
    std::istringstream w(line);
    std::string cmd;
    w >> cmd;
    if (cmd == "nboard") {
      std::cout << "set myname mock-" << fault.kind << std::endl;
    } else if (cmd == "ping") {
      std::string n;
      w >> n;
      if (fault.kind == "stale") std::cout << "=== d4/0.00/0.0" << std::endl;
      std::cout << "pong " << n << std::endl;
    } else if (cmd == "set") {
      std::string what;
      w >> what;
      if (what == "game") {
        std::string ggf;
        std::getline(w, ggf);
        const auto g = arena::records::parse_ggf(ggf, "mock")[0];
        const auto b = arena::records::ggf_board_to_arena(g.board, "mock");
        pos = arena::othello::parse_board(b.squares, b.side);
        for (const auto& m : g.moves) pos = Othello::play(pos, Othello::parse_move(pos, m));
        if (g.moves.empty()) {
          last_clock[0] = last_clock[1] = -1;  // a new game
          check.clear();
        } else if (!fault.record.empty()) {
          long clock_ms = 0;
          check = check_nboard_game(g, Othello::side_to_move(pos), last_clock, clock_ms);
          note(fault, "clock " + std::to_string(Othello::side_to_move(pos)) + " " +
                          std::to_string(clock_ms));
        }
      }
    } else if (cmd == "go") {
      std::cout << "status mock is thinking" << std::endl;
      const bool bad = fault.strike();
      arena::core::MoveListOf<Othello> moves;
      Othello::generate_moves(pos, moves);
      std::string mv = moves.empty() ? "PA" : Othello::format_move(pos, moves[0]);
      if (bad) {
        // An occupied square is never legal; "zz" never parses.
        mv = fault.kind == "garbage" ? "zz" : "d4";
      }
      if (!check.empty()) mv = "check-failed:" + check;
      // Recording, it thinks a little, so that its clock visibly falls.
      if (!fault.record.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      std::cout << "=== " << mv << "/" << moves.size() << ".00/0.01" << std::endl;
    } else if (cmd == "quit") {
      return 0;
    }
  }
  return 0;
}

int run_gtp(Fault& fault) {
  auto pos = BlokusDuo::initial({});
  bool variant_set = false;
  bool cleared = false;
  bool clock = false;
  bool time_told = false;
  std::string check;
  std::string line;
  while (std::getline(std::cin, line)) {
    note(fault, line);
    std::istringstream w(line);
    std::string cmd;
    w >> cmd;
    std::string answer;
    if (cmd == "name") {
      answer = "mock-" + fault.kind;
    } else if (cmd == "list_commands") {
      answer = "clear_board\ngenmove\nlist_commands\nname\nplay\nquit\nset_game\n"
               "time_left\ntime_settings";
    } else if (cmd == "set_game") {
      std::string variant;
      std::getline(w, variant);
      if (fault.kind == "refuse") {
        std::cout << "? unknown game variant\n\n" << std::flush;
        continue;
      }
      variant_set = variant == " Blokus Duo";
    } else if (cmd == "time_settings") {
      int main_s = 0;
      w >> main_s;
      clock = main_s > 0;
    } else if (cmd == "time_left") {
      std::string color;
      w >> color;
      time_told = true;
    } else if (cmd == "clear_board") {
      pos = BlokusDuo::initial({});
      if (!variant_set) check = "no-set_game";
      cleared = true;
    } else if (cmd == "play") {
      std::string color;
      std::string mv;
      w >> color >> mv;
      const int side = color == "b" ? 0 : 1;
      arena::core::MoveListOf<BlokusDuo> moves;
      BlokusDuo::generate_moves(pos, moves);
      if (pos.side != side && moves.size() == 1 && moves[0].is_pass()) {
        pos = BlokusDuo::play(pos, moves[0]);
      }
      pos = BlokusDuo::play(pos, arena::blokus_duo::parse_pentobi(mv));
    } else if (cmd == "genmove") {
      std::string color;
      w >> color;
      const bool bad = fault.strike();
      arena::core::MoveListOf<BlokusDuo> moves;
      BlokusDuo::generate_moves(pos, moves);
      if (pos.side != (color == "b" ? 0 : 1) && moves.size() == 1 && moves[0].is_pass()) {
        pos = BlokusDuo::play(pos, moves[0]);  // the opponent's pass is never sent
        BlokusDuo::generate_moves(pos, moves);
      }
      if (!fault.record.empty()) {
        if (!cleared) check = "no-clear_board";
        if (clock && !time_told) check = "no-time_left";
      }
      time_told = false;
      if (bad && fault.kind == "resign") {
        answer = "resign";
      } else if (!check.empty()) {
        answer = "check-failed:" + check;
      } else if (bad) {
        // The first player's start-square monomino is illegal once the board is not empty.
        answer = fault.kind == "garbage" ? "z99" : "e10";
      } else {
        const auto m = moves.empty() ? BlokusDuo::pass_move() : moves[0];
        answer = arena::blokus_duo::format_pentobi(m);
        if (!moves.empty()) pos = BlokusDuo::play(pos, m);
      }
    } else if (cmd == "quit") {
      std::cout << "=\n\n" << std::flush;
      return 0;
    }
    std::cout << "= " << answer << "\n\n" << std::flush;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: mock_engine nboard|gtp FAULT [N]\n";
    return 2;
  }
  const std::string protocol = argv[1];
  Fault fault;
  fault.kind = argv[2];
  fault.n = argc > 3 ? std::atoi(argv[3]) : 0;
  if (fault.kind == "record" && argc > 3) fault.record = argv[3];
  if (fault.kind == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(fault.n));
  if (fault.kind == "fork" && fork() == 0) {
    // A grandchild that would outlive a careless controller.
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  return protocol == "nboard" ? run_nboard(fault) : run_gtp(fault);
}
