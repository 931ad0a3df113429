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
//     fork         starts a sleeping grandchild, then plays like none (the process group
//                  must be killed as a whole)
//
// It keeps its own position from the protocol's commands, so it also checks that arena sends
// a consistent game.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/blokus_duo/notation.hpp"
#include "engine/othello/notation.hpp"
#include "engine/othello/othello.hpp"
#include "records/ggf.hpp"

namespace {

using arena::blokus_duo::BlokusDuo;
using arena::othello::Othello;

struct Fault {
  std::string kind = "none";
  int n = 0;
  int asked = 0;
  /// Misbehaves (crash/hang) or returns true when the answer should be bad (illegal/garbage).
  bool strike() {
    if (kind == "none" || kind == "slow" || kind == "fork" || asked++ < n) return false;
    if (kind == "crash") std::_Exit(3);
    if (kind == "hang") {
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    return true;
  }
};

int run_nboard(Fault& fault) {
  auto pos = Othello::initial();
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream w(line);
    std::string cmd;
    w >> cmd;
    if (cmd == "nboard") {
      std::cout << "set myname mock-" << fault.kind << std::endl;
    } else if (cmd == "ping") {
      std::string n;
      w >> n;
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
      std::cout << "=== " << mv << "/0.00/0.0" << std::endl;
    } else if (cmd == "quit") {
      return 0;
    }
  }
  return 0;
}

int run_gtp(Fault& fault) {
  auto pos = BlokusDuo::initial({});
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream w(line);
    std::string cmd;
    w >> cmd;
    std::string answer;
    if (cmd == "name") {
      answer = "mock-" + fault.kind;
    } else if (cmd == "clear_board") {
      pos = BlokusDuo::initial({});
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
      if (bad) {
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
  if (fault.kind == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(fault.n));
  if (fault.kind == "fork" && fork() == 0) {
    // A grandchild that would outlive a careless controller.
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  return protocol == "nboard" ? run_nboard(fault) : run_gtp(fault);
}
