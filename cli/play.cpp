// `arena play --game G --first human|CFG --second human|CFG [--delay MS]`: a game in the
// terminal. People type moves in the game's notation (Othello "f5", Blokus Duo the 4-character
// code); a refused move is explained and asked again; `pass` is accepted only when forced;
// `undo` takes back to the person's previous turn; `hint` asks an engine. Engines move with
// their config's limits, after --delay milliseconds so a watcher can follow. Works the same on
// a terminal and on scripted stdin (one command per line).
#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <boost/algorithm/string.hpp>

#include "cli/command.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/registry/games.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {


/// Text of a finished game: "1-0 (first +12)" style, first player's view.
std::string result_text(int score, const std::string& first, const std::string& second) {
  if (score > 0) return "1-0: " + first + " wins by " + std::to_string(score);
  if (score < 0) return "0-1: " + second + " wins by " + std::to_string(-score);
  return "1/2-1/2: draw";
}

template <class G>
int play_game(const std::vector<std::string>& seats, const std::string& rules_text, int delay_ms) {
  const auto rules = G::parse_rules(rules_text);
  // Step 1: an engine per engine seat; the hint engine is the first engine seat's config.
  std::vector<std::unique_ptr<core::Engine<G>>> engines(2);
  std::vector<std::string> names(2);
  for (int s = 0; s < 2; ++s) {
    if (seats[static_cast<std::size_t>(s)] == "human") {
      names[static_cast<std::size_t>(s)] = s == 0 ? "first (you)" : "second (you)";
      continue;
    }
    const auto cfg = core::load_engine_config(seats[static_cast<std::size_t>(s)]);
    if (cfg.game != G::kName) {
      throw InputError(core::config_key_where(cfg, "game") + "config is for '" + cfg.game +
                       "', the game is '" + std::string(G::kName) + "'");
    }
    engines[static_cast<std::size_t>(s)] = std::make_unique<core::Engine<G>>(cfg);
    names[static_cast<std::size_t>(s)] = cfg.name;
  }
  core::Engine<G>* hint_engine = engines[0] ? engines[0].get() : engines[1].get();

  // Step 2: the game loop; `history` holds every position so undo can go back.
  std::vector<typename G::Position> history{G::initial(rules)};
  std::string last_move;
  core::MoveListOf<G> legal;
  for (;;) {
    const auto& p = history.back();
    std::cout << "\n" << G::render(p);
    if (!last_move.empty()) std::cout << "last move: " << last_move << "\n";
    if (G::is_terminal(p)) break;
    const int side = G::side_to_move(p);
    G::generate_moves(p, legal);
    auto* engine = engines[static_cast<std::size_t>(side)].get();
    const std::string& mover = names[static_cast<std::size_t>(side)];
    if (engine != nullptr) {
      if (delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      const auto m = legal.size() == 1 ? legal[0]
                                       : engine->think(p, core::SearchLimits{},
                                                       static_cast<std::uint64_t>(G::ply(p))).best;
      last_move = G::format_move(p, m);
      std::cout << mover << " plays " << last_move << "\n";
      history.push_back(G::play(p, m));
      continue;
    }
    std::cout << mover << " to move (a move, pass, undo, hint, quit)> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) throw InputError("input ended before the game did");
    const std::string cmd = boost::algorithm::trim_copy(line);
    std::cout << "\n";
    if (cmd.empty()) continue;
    if (cmd == "quit") {
      std::cout << "game abandoned\n";
      return 0;
    }
    if (cmd == "undo") {
      // Back to this person's previous turn: drop moves until it is theirs again.
      std::size_t keep = history.size() - 1;
      while (keep > 0) {
        --keep;
        if (G::side_to_move(history[keep]) == side) break;
      }
      if (keep == history.size() - 1 || G::side_to_move(history[keep]) != side) {
        std::cout << "nothing to undo\n";
        continue;
      }
      history.resize(keep + 1);
      last_move.clear();
      std::cout << "undone\n";
      continue;
    }
    if (cmd == "hint") {
      if (hint_engine == nullptr) {
        std::cout << "no engine in this game to ask for a hint\n";
      } else {
        const auto r = hint_engine->think(p, core::SearchLimits{}, 0);
        std::cout << "hint: " << G::format_move(p, r.best) << "\n";
      }
      continue;
    }
    try {
      const auto m = G::parse_move(p, cmd);
      last_move = G::format_move(p, m);
      history.push_back(G::play(p, m));
    } catch (const InputError& e) {
      std::cout << "refused: " << e.what() << "\n";
    }
  }
  // Step 3: the result.
  const int score = G::final_score(history.back());
  std::cout << "result: " << result_text(score, names[0], names[1]) << "\n";
  return 0;
}

}  // namespace

int run_play(const std::vector<std::string>& args) {
  std::string game;
  std::string first;
  std::string second;
  std::string rules_text;
  int delay_ms = 0;
  po::options_description opts("play options");
  opts.add_options()
      ("game", po::value(&game)->required(), ("game: " + game_names()).c_str())
      ("first", po::value(&first)->required(), "first player: human or an engine config")
      ("second", po::value(&second)->required(), "second player: human or an engine config")
      ("delay", po::value(&delay_ms)->default_value(0), "pause before each engine move, ms")
      ("rules", po::value(&rules_text)->default_value(""), "rule options (key=value,...)");
  po::variables_map vm;
  if (!parse_options("play", "--game G --first human|CFG --second human|CFG [--delay MS]", opts,
                     {}, args, vm)) {
    return 0;
  }
  if (delay_ms < 0) throw InputError("--delay must not be negative");
  return with_game(game, [&]<class G>() { return play_game<G>({first, second}, rules_text, delay_ms); });
}

}  // namespace arena::cli
