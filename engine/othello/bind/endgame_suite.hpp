// Othello's endgame suite for `arena solve`: FFO/OBF files ("BOARD SIDE; MOVE:SCORE; ...", best
// move first) solved by the exact endgame solver (engine/othello/endgame.hpp). The contract is
// engine/core/endgame_suite.hpp's.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/endgame_suite.hpp"
#include "engine/core/engine.hpp"
#include "engine/othello/endgame.hpp"
#include "engine/othello/notation.hpp"
#include "engine/othello/othello.hpp"

namespace arena::core {

template <>
struct EndgameSuite<othello::Othello> {
  /// One OBF line and its number in the file.
  struct Entry {
    std::size_t line = 0;
    othello::ObfEntry obf;
  };

  static constexpr std::string_view kOrderingConfig = "configs/othello/patterns.cfg";

  /// Skips blank lines and '#'/'%' comments.
  [[nodiscard]] static std::vector<Entry> read(const std::string& path);
  [[nodiscard]] static std::string board(const Entry& e);
  [[nodiscard]] static std::optional<int> expected(const Entry& e);
  [[nodiscard]] static bool move_ok(const Entry& e, const SuiteResult& r);

  /// The solver and, with an ordering config, the engine whose static evaluation orders its
  /// moves (on the heap, so that the solver's callback stays valid when a Solver is moved).
  class Solver {
   public:
    Solver(int table_bits, const std::optional<EngineConfig>& ordering);
    void clear() { solver_.clear(); }
    [[nodiscard]] SuiteResult solve(const Entry& e);

   private:
    std::unique_ptr<Engine<othello::Othello>> engine_;
    othello::EndgameSolver solver_;
  };
};

}  // namespace arena::core
