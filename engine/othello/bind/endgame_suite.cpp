// Othello's endgame suite (see endgame_suite.hpp).
#include "engine/othello/bind/endgame_suite.hpp"

#include <fstream>

#include "engine/core/errors.hpp"

namespace arena::core {

namespace {

othello::OrderingEval ordering_eval(const Engine<othello::Othello>* e) {
  if (e == nullptr) return {};
  return [e](othello::Bitboard p, othello::Bitboard o) {
    return e->evaluate(othello::Position{p, o, 0, 0});
  };
}

}  // namespace

std::vector<EndgameSuite<othello::Othello>::Entry> EndgameSuite<othello::Othello>::read(
    const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path + ": cannot open the positions file");
  std::vector<Entry> entries;
  std::string text;
  for (std::size_t line = 1; std::getline(in, text); ++line) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text[first] == '#' || text[first] == '%') continue;
    entries.push_back({line, othello::parse_obf_line(text, where(path, line))});
  }
  if (entries.empty()) throw InputError(path + ": no positions (expected OBF lines)");
  return entries;
}

std::string EndgameSuite<othello::Othello>::board(const Entry& e) {
  return othello::Othello::format_position(e.obf.position);
}

std::optional<int> EndgameSuite<othello::Othello>::expected(const Entry& e) {
  if (e.obf.scores.empty()) return std::nullopt;
  return e.obf.scores.front().score;
}

bool EndgameSuite<othello::Othello>::move_ok(const Entry& e, const SuiteResult& r) {
  for (const auto& s : e.obf.scores) {
    if (othello::square_name(s.square) == r.best_move && s.score == r.score) return true;
  }
  return e.obf.scores.empty();
}

EndgameSuite<othello::Othello>::Solver::Solver(int table_bits,
                                               const std::optional<EngineConfig>& ordering)
    : engine_(ordering ? std::make_unique<Engine<othello::Othello>>(*ordering) : nullptr),
      solver_(table_bits, ordering_eval(engine_.get())) {}

SuiteResult EndgameSuite<othello::Othello>::Solver::solve(const Entry& e) {
  const std::uint64_t nodes0 = solver_.nodes();
  const auto result = solver_.solve_root(e.obf.position.player, e.obf.position.opponent);
  return {result.score, othello::square_name(result.best_square), solver_.nodes() - nodes0};
}

}  // namespace arena::core
