// A person's Blokus Duo game against the engine at the lowest level, typed into `arena play`
// through a pseudo-terminal (forkpty), as at a real terminal: `help` shows the piece legend,
// the person passes when forced, and the saved record replays to the game played. The test
// keeps its own position from the moves it sees and types (the rules library, not the CLI),
// so every move it types is legal by that independent replay.
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "engine/blokus_duo/notation.hpp"
#include "engine/blokus_duo/placements.hpp"
#include "engine/blokus_duo/position.hpp"

namespace {

namespace bd = arena::blokus_duo;
namespace fs = std::filesystem;

/// The terminal side of a child `arena play`.
class Terminal {
 public:
  explicit Terminal(const std::vector<std::string>& args) {
    pid_ = ::forkpty(&fd_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      std::vector<char*> argv;
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }
  ~Terminal() {
    if (fd_ >= 0) ::close(fd_);
    if (pid_ > 0 && !waited_) ::waitpid(pid_, nullptr, 0);
  }
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  [[nodiscard]] bool started() const { return pid_ > 0 && fd_ >= 0; }

  /// Reads until the text since the last call contains `marker` (true) or the child closes
  /// the terminal or is silent for 60 s (false). The text read is in `text`.
  bool read_until(const std::string& marker, std::string& text) {
    text.clear();
    for (;;) {
      if (text.find(marker) != std::string::npos) return true;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 60000) <= 0) return false;
      char buffer[4096];
      const ssize_t n = ::read(fd_, buffer, sizeof buffer);
      if (n <= 0) return false;  // EIO once the child has exited
      text.append(buffer, static_cast<std::size_t>(n));
    }
  }

  void type(const std::string& line) {
    const std::string s = line + "\n";
    ASSERT_EQ(::write(fd_, s.data(), s.size()), static_cast<ssize_t>(s.size()));
  }

  int wait() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    waited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  int fd_ = -1;
  pid_t pid_ = -1;
  bool waited_ = false;
};

/// The legal move a hasty beginner picks: the one with the fewest squares (first in
/// generation order among those), which leaves the big pieces for later and so runs out of
/// room first: the person must pass while the engine still plays.
bd::Move beginner_move(const bd::Position& p) {
  bd::MoveList moves;
  bd::generate_moves(p, moves);
  bd::Move best = moves[0];
  for (const auto& m : moves) {
    if (m.is_pass()) continue;
    if (best.is_pass() || bd::placement_table()[m.id].size < bd::placement_table()[best.id].size) {
      best = m;
    }
  }
  return best;
}

TEST(PlayTerminal, BeginnerGameWithHelpPassAndSave) {
  const fs::path save = fs::temp_directory_path() / ("arena_pty_" + std::to_string(::getpid()) + ".fourcc.txt");
  fs::remove(save);
  Terminal t({ARENA_BINARY, "play", "--game", "blokus-duo", "--first", "human", "--second",
              std::string(ARENA_SOURCE_DIR) + "/configs/blokus-duo/classic.cfg", "--level", "1",
              "--save", save.string()});
  ASSERT_TRUE(t.started());
  std::string text;
  const std::string prompt = "(a move, pass, moves, undo, hint, help, quit)> ";
  const std::regex engine_move("classic plays ([0-9A-E]{2}[a-u][0-7]|----)");

  // Step 1: help, at the first prompt: the legend names every piece with its squares.
  ASSERT_TRUE(t.read_until(prompt, text)) << text;
  t.type("help");
  ASSERT_TRUE(t.read_until(prompt, text)) << text;
  EXPECT_NE(text.find("a (1)"), std::string::npos) << text;
  EXPECT_NE(text.find("u (5)"), std::string::npos) << text;
  EXPECT_NE(text.find("orientation"), std::string::npos) << text;

  // Step 2: the game, the person moving first; the engine's moves are read off the terminal.
  bd::Position pos = bd::initial_position(bd::Rules{});
  int passes = 0;
  std::string all;
  for (int turn = 0; turn < 200; ++turn) {
    bd::MoveList legal;
    bd::generate_moves(pos, legal);
    ASSERT_EQ(pos.side, 0);
    const bd::Move m = beginner_move(pos);
    if (m.is_pass()) {
      t.type("pass");
      ++passes;
    } else {
      t.type(bd::format_code(m));
    }
    pos = bd::play(pos, m);
    // The engine's replies up to the next prompt (several in a row once the person has passed
    // and has no move left... the game then ends), or the end of the game.
    const bool prompted = t.read_until(prompt, text);
    all += text;
    for (std::sregex_iterator it(text.begin(), text.end(), engine_move), end; it != end; ++it) {
      pos = bd::play(pos, bd::parse_move(pos, (*it)[1].str()));
    }
    if (!prompted) break;
    ASSERT_FALSE(bd::is_terminal(pos)) << all;
  }
  ASSERT_TRUE(bd::is_terminal(pos)) << all;
  EXPECT_GE(passes, 1) << "the person never had to pass";
  // The result names its unit.
  EXPECT_TRUE(std::regex_search(all, std::regex("result: (1-0|0-1): .* wins by [0-9]+ squares|"
                                                "result: 1/2-1/2")))
      << all;
  EXPECT_EQ(t.wait(), 0);

  // Step 3: the saved record holds exactly the moves played.
  std::ifstream in(save);
  ASSERT_TRUE(in) << save;
  std::string line;
  std::string codes;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') codes += line;
  }
  EXPECT_EQ(bd::format_position(bd::parse_position(codes, bd::Rules{})), bd::format_position(pos));
  fs::remove(save);
}

}  // namespace
