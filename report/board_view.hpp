// The game viewer's boards, computed in C++ by each game's own rules so that the page's
// script only paints: for every ply of a game, the board as an array of cell values with the
// cells of the move just played, the side to move, a pass marker, the counts shown beside the
// board and the reserve pieces each side still holds. How values look (colours, shapes,
// coordinate labels) is the game's too, in its BoardLook.
//
// Each game provides its board by specialising GameBoard<G> in its folder
// (engine/<game>/bind/board_view.hpp):
//   static BoardLook look();                                   the board's appearance
//   static void paint(const typename G::Position& p, BoardFrame& f);
//                                   f.cells (BoardLook's width x height values), f.counts and
//                                   f.reserve of position p
//   static std::vector<int> move_cells(const typename G::Position& before, typename G::Move m);
//                                   the cells the legal move m (not a pass) covers
// and optionally
//   static std::optional<SquareTable> square_table(const core::EngineConfig&, std::size_t phase);
//                                   per-cell evaluation weights for the weights heat map.
// The registry gathers them (engine/registry/board_views.hpp); generic code reaches a game's
// board only through GameViewer.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/engine_config.hpp"
#include "engine/core/errors.hpp"

namespace arena::report {

/// How one cell value is painted.
struct CellPaint {
  std::string name;    ///< what the value stands for ("black disc"), the cell's tooltip
  std::string colour;  ///< CSS colour
  std::string shape;   ///< "square" (fills the cell), "disc" (a large circle), "dot" (a small one)
};

/// A reserve piece, drawn beside the board while a side still holds it (Blokus Duo's pieces).
struct ReservePiece {
  std::string name;
  int width = 0;
  int height = 0;
  std::string cells;   ///< width x height characters row by row from the top: '#' covered, '.' not
};

/// A game's board appearance, the same for every position.
struct BoardLook {
  int width = 0;
  int height = 0;
  std::vector<std::string> columns;    ///< a label per column, left to right
  std::vector<std::string> rows;       ///< a label per row, top to bottom
  std::string background;              ///< CSS colour of the board's grid lines and frame
  std::string mark;                    ///< CSS colour outlining the cells of the last move
  std::vector<CellPaint> palette;      ///< by cell value; value 0 is the empty cell (at most 32)
  std::array<std::string, 2> sides;    ///< the players' names ("Black", "White")
  std::string counts;                  ///< what BoardFrame::counts count ("discs")
  std::array<std::string, 2> side_colours;  ///< CSS colour of each side's reserve pieces
  std::vector<ReservePiece> pieces;    ///< empty: no reserve panel (at most 64 pieces)
  /// The reserve panel's title per side: "{side}", "{pieces}" and "{cells}" stand for the
  /// side's name, the pieces it holds and their covered cells.
  std::string reserve_title;
};

/// The board before the first ply or after one ply.
struct BoardFrame {
  std::vector<std::uint8_t> cells;     ///< width x height values, row by row from the top-left
  std::vector<int> marked;             ///< cells of the move just played (none: start, pass)
  std::string move;                    ///< the move just played in notation, "" at the start
  bool pass = false;                   ///< the move just played was a pass
  int to_move = 0;                     ///< 0 first player, 1 second, -1 the game is over
  std::array<int, 2> counts{};         ///< per side, as BoardLook::counts says
  std::array<std::vector<int>, 2> reserve;  ///< per side, indices into BoardLook::pieces held
};

/// A game record replayed: frames[0] the start, frames[k] after ply k.
struct Replay {
  std::vector<BoardFrame> frames;
  std::string error;  ///< "" or why the replay stops before the record's end ("ply 7: ...")
};

/// Per-cell weights for the heat map (BoardLook's width x height values, row by row).
using SquareTable = std::vector<double>;

/// A game's board for the report, its type erased.
struct GameViewer {
  BoardLook look;
  /// Replays the record's `moves` (opening included) under the log's `rules` text.
  std::function<Replay(const std::vector<std::string>& moves, const std::string& rules)> replay;
  /// The config's square weights at weight phase `phase`, nullopt when it has none; empty
  /// when the game has no heat map.
  std::function<std::optional<SquareTable>(const core::EngineConfig&, std::size_t phase)> square_table;
};

/// The customisation point (see the top of this file): specialised by each game.
template <class G>
struct GameBoard;

/// `moves` replayed by G's own rules into frames; a move G rejects (or unknown rules) ends the
/// replay, its reason in Replay::error.
template <class G>
[[nodiscard]] Replay replay_game(const std::vector<std::string>& moves, const std::string& rules) {
  using Board = GameBoard<G>;
  Replay out;
  auto frame = [](const typename G::Position& p, BoardFrame f) {
    Board::paint(p, f);
    f.to_move = G::is_terminal(p) ? -1 : G::side_to_move(p);
    return f;
  };
  typename G::Position p;
  try {
    p = G::initial(G::parse_rules(rules));
  } catch (const InputError& e) {
    out.error = "rules '" + rules + "': " + e.what();
    return out;
  }
  out.frames.push_back(frame(p, {}));
  for (std::size_t i = 0; i < moves.size(); ++i) {
    BoardFrame f;
    typename G::Move m;
    try {
      m = G::parse_move(p, moves[i]);
    } catch (const InputError& e) {
      out.error = "ply " + std::to_string(i + 1) + ": " + e.what();
      break;
    }
    f.move = G::format_move(p, m);
    f.pass = G::is_pass(m);
    if (!f.pass) f.marked = Board::move_cells(p, m);
    p = G::play(p, m);
    out.frames.push_back(frame(p, std::move(f)));
  }
  return out;
}

/// G's board as a GameViewer.
template <class G>
[[nodiscard]] GameViewer make_game_viewer() {
  GameViewer v;
  v.look = GameBoard<G>::look();
  v.replay = [](const std::vector<std::string>& moves, const std::string& rules) {
    return replay_game<G>(moves, rules);
  };
  if constexpr (requires(const core::EngineConfig& c) { GameBoard<G>::square_table(c, 0); }) {
    v.square_table = [](const core::EngineConfig& c, std::size_t phase) {
      return GameBoard<G>::square_table(c, phase);
    };
  }
  return v;
}

}  // namespace arena::report
