// `arena play --game G --first human|CFG --second human|CFG [--level N] [--save FILE]`: a game
// in the terminal. People type moves in the game's notation (Othello "f5", Blokus Duo the
// 4-character code); a refused move is explained and asked again; `pass` is accepted only when
// forced; `undo` takes back to the person's previous turn; `hint` asks an engine; `help` shows
// the game's help (`help X` a topic, e.g. a Blokus Duo piece); `moves` marks where the person
// can move. Engines move at --level (engine/core/play_level.hpp) after --delay milliseconds,
// so a watcher can follow. --save writes the game in a record format when it ends (or is
// quit). Works the same on a terminal and on scripted stdin (one command per line).
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/algorithm/string.hpp>

#include "cli/command.hpp"
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/play_level.hpp"
#include "engine/registry/games.hpp"
#include "engine/registry/record_formats.hpp"
#include "records/formats.hpp"

namespace po = boost::program_options;

namespace arena::cli {

namespace {

/// Text of a finished game, first player's view: "1-0: NAME wins by 12 discs".
template <class G>
std::string result_text(int score, const std::string& first, const std::string& second) {
  const auto by = [](int n) { return std::to_string(n) + " " + std::string(core::score_unit<G>()); };
  if (score > 0) return "1-0: " + first + " wins by " + by(score);
  if (score < 0) return "0-1: " + second + " wins by " + by(-score);
  return "1/2-1/2: draw";
}

/// The board as the person sees it: the game's play rendering (last move highlighted, legal
/// places marked on request) when it has one, else its plain diagram.
template <class G>
std::string board_text(const typename G::Position& p, const std::optional<typename G::Move>& last,
                       bool marks) {
  if constexpr (requires { G::render_play(p, G::pass_move(), marks); }) {
    return G::render_play(p, last.value_or(G::pass_move()), marks);
  } else {
    return G::render(p);
  }
}

template <class G>
std::string help_text(const std::string& topic) {
  if constexpr (requires { G::play_help(topic); }) {
    return G::play_help(topic);
  } else {
    return "Commands: a move in the game's notation, pass, undo, hint, help, quit.\n";
  }
}

struct PlayOptions {
  std::vector<std::string> seats;  ///< "human" or an engine config, first player first
  std::string rules;
  int delay_ms = 0;
  int level = core::kMaxLevel;
  std::uint64_t seed = 1;
  std::string save;                ///< record file to write at the end ("" = none)
};

/// Writes the game (moves from the start) to o.save in the record format its name tells.
template <class G>
void save_game(const PlayOptions& o, const std::vector<std::string>& moves,
               const std::vector<std::string>& names, std::optional<int> score) {
  const auto format = records::format_from_path(o.save, record_formats());
  if (format.game() != G::kName || !format.record.write) {
    throw InputError("--save " + o.save + ": format " + format.name() +
                     " does not hold " + std::string(G::kName) + " games");
  }
  records::RecordGame game;
  game.first = names[0];
  game.second = names[1];
  game.moves = moves;
  game.score = score;
  format.record.write(o.save, {game}, {});
  std::cout << "game saved to " << o.save << " (" << format.name() << ")\n";
}

template <class G>
int play_game(const PlayOptions& o) {
  using Move = typename G::Move;
  const auto rules = G::parse_rules(o.rules);
  const core::PlayLevel level = core::play_level(o.level);
  // Step 1: an engine per engine seat; the hint engine is the first engine seat's config.
  std::vector<std::unique_ptr<core::Engine<G>>> engines(2);
  std::vector<std::string> names(2);
  for (int s = 0; s < 2; ++s) {
    const std::string& seat = o.seats[static_cast<std::size_t>(s)];
    if (seat == "human") {
      names[static_cast<std::size_t>(s)] = s == 0 ? "first (you)" : "second (you)";
      continue;
    }
    const auto cfg = core::load_engine_config(seat);
    if (cfg.game != G::kName) {
      throw InputError(core::config_key_where(cfg, "game") + "config is for '" + cfg.game +
                       "', the game is '" + std::string(G::kName) + "'");
    }
    engines[static_cast<std::size_t>(s)] = std::make_unique<core::Engine<G>>(cfg);
    names[static_cast<std::size_t>(s)] = cfg.name;
  }
  core::Engine<G>* hint_engine = engines[0] ? engines[0].get() : engines[1].get();
  if (o.level < core::kMaxLevel && hint_engine != nullptr) {
    std::cout << "engine level " << o.level << " of " << core::kMaxLevel << " (depth "
              << level.depth << ", softmax temperature " << level.temperature / 100.0 << " "
              << core::score_unit<G>() << ")\n";
  }

  // Step 2: the game loop; `history` holds every position (and `moves` the moves) so undo can
  // go back.
  std::vector<typename G::Position> history{G::initial(rules)};
  std::vector<Move> moves;
  std::vector<std::string> move_texts;
  const auto play = [&](Move m) {
    move_texts.push_back(G::format_move(history.back(), m));
    moves.push_back(m);
    history.push_back(G::play(history.back(), m));
  };
  core::MoveListOf<G> legal;
  bool marks = false;
  bool redraw = true;  // false after help or a refused command: the text stays in view
  bool quit = false;
  for (;;) {
    const auto& p = history.back();
    if (redraw) {
      std::cout << "\n"
                << board_text<G>(p, moves.empty() ? std::nullopt : std::optional<Move>(moves.back()),
                                 marks);
      if (!move_texts.empty()) std::cout << "last move: " << move_texts.back() << "\n";
    }
    marks = false;
    redraw = true;
    if (G::is_terminal(p)) break;
    const int side = G::side_to_move(p);
    G::generate_moves(p, legal);
    auto* engine = engines[static_cast<std::size_t>(side)].get();
    const std::string& mover = names[static_cast<std::size_t>(side)];
    if (engine != nullptr) {
      if (o.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(o.delay_ms));
      const auto seed = o.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(G::ply(p));
      Move m = legal[0];
      if (legal.size() > 1 && level.depth == 0) {
        m = engine->think(p, core::SearchLimits{}, seed).best;
      } else if (legal.size() > 1) {
        core::SearchLimits limits;
        limits.depth = level.depth;
        m = core::softmax_choice(engine->score_root_moves(p, limits, seed), level.temperature, seed);
      }
      std::cout << mover << " plays " << G::format_move(p, m) << "\n";
      play(m);
      continue;
    }
    std::cout << mover << " to move (a move, pass, moves, undo, hint, help, quit)> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) throw InputError("input ended before the game did");
    const std::string cmd = boost::algorithm::trim_copy(line);
    std::cout << "\n";
    if (cmd.empty()) continue;
    if (cmd == "quit") {
      std::cout << "game abandoned\n";
      quit = true;
      break;
    }
    if (cmd == "help" || cmd.rfind("help ", 0) == 0) {
      std::cout << help_text<G>(boost::algorithm::trim_copy(cmd.substr(4)));
      redraw = false;
      continue;
    }
    if (cmd == "moves") {
      marks = true;
      continue;
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
        redraw = false;
        continue;
      }
      history.resize(keep + 1);
      moves.resize(keep);
      move_texts.resize(keep);
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
      redraw = false;
      continue;
    }
    if (boost::algorithm::iequals(cmd, "pass")) {
      if (legal.size() == 1 && G::is_pass(legal[0])) {
        play(legal[0]);
      } else {
        std::cout << "refused: pass only when you have no move (type moves to see them)\n";
        redraw = false;
      }
      continue;
    }
    try {
      play(G::parse_move(p, cmd));
    } catch (const InputError& e) {
      std::cout << "refused: " << e.what() << " (type help for the notation)\n";
      redraw = false;
    }
  }
  // Step 3: the result, and the record.
  std::optional<int> score;
  if (!quit) {
    score = G::final_score(history.back());
    std::cout << "result: " << result_text<G>(*score, names[0], names[1]) << "\n";
  }
  if (!o.save.empty()) save_game<G>(o, move_texts, names, score);
  return 0;
}

}  // namespace

int run_play(const std::vector<std::string>& args) {
  PlayOptions o;
  std::string game;
  std::string first;
  std::string second;
  po::options_description opts("play options");
  opts.add_options()
      ("game", po::value(&game)->required(), ("game: " + game_names()).c_str())
      ("first", po::value(&first)->required(), "first player: human or an engine config")
      ("second", po::value(&second)->required(), "second player: human or an engine config")
      ("level", po::value(&o.level)->default_value(o.level),
       "engine strength: 1 (beginner: depth 1, often not the best move) to 10 (the config's "
       "own limits)")
      ("seed", po::value(&o.seed)->default_value(o.seed), "seed of the lower levels' move choice")
      ("save", po::value(&o.save),
       "write the game here when it ends or is quit: .ggf or .txt (Othello transcript), "
       ".fourcc.txt or .blksgf (Blokus Duo)")
      ("delay", po::value(&o.delay_ms)->default_value(0), "pause before each engine move, ms")
      ("rules", po::value(&o.rules)->default_value(""), "rule options (key=value,...)");
  po::variables_map vm;
  if (!parse_options("play",
                     "--game G --first human|CFG --second human|CFG [--level N] [--save FILE]",
                     opts, {}, args, vm)) {
    return 0;
  }
  if (o.delay_ms < 0) throw InputError("--delay must not be negative");
  (void)core::play_level(o.level);  // a bad level is a usage error before the game starts
  o.seats = {first, second};
  return with_game(game, [&]<class G>() { return play_game<G>(o); });
}

}  // namespace arena::cli
