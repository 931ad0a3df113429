// The size of the tests that play many games or replay many records, by build: the sanitizer
// builds (Debug, ASan + UBSan with the engines' fast-vs-reference cross-checks, or TSan) run
// the engines 10-30 times slower, so there these tests take a smaller sample. What they check
// (a stop, a kill, a resume to exactly the requested games; real records replayed to their
// recorded ends) does not depend on the count; the ci build keeps the full counts.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace arena::test {

/// True in a sanitizer build (tests/CMakeLists.txt defines ARENA_SANITIZED).
inline constexpr bool kSanitized = ARENA_SANITIZED != 0;

/// `full` in the optimised build, `sanitized` under the sanitizers.
constexpr int by_build(int full, int sanitized) { return kSanitized ? sanitized : full; }

/// The shipped WTHOR games (data/othello/wthor/wthor-2000-2024.tsv, 73,440 games) as a test
/// reads them: the file itself in the optimised build; under the sanitizers a copy of its
/// comment lines and first `sanitized_games` games in the temporary folder, removed with this
/// object (replaying every game with the move generator's cross-checks takes 25 s there).
class WthorGames {
 public:
  explicit WthorGames(int sanitized_games) {
    const std::string full =
        std::string(ARENA_SOURCE_DIR) + "/data/othello/wthor/wthor-2000-2024.tsv";
    if (!kSanitized) {
      path_ = full;
      return;
    }
    sample_ = std::filesystem::temp_directory_path() /
              ("arena_wthor_" + std::to_string(::getpid()) + "_" +
               std::to_string(sanitized_games) + ".tsv");
    path_ = sample_.string();
    std::ifstream in(full);
    std::ofstream out(sample_);
    int games = 0;
    for (std::string line; games < sanitized_games && std::getline(in, line);) {
      out << line << '\n';
      if (!line.starts_with('#')) ++games;
    }
  }
  ~WthorGames() {
    if (!sample_.empty()) std::filesystem::remove(sample_);
  }
  WthorGames(const WthorGames&) = delete;
  WthorGames& operator=(const WthorGames&) = delete;

  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::filesystem::path sample_;
  std::string path_;
};

}  // namespace arena::test
