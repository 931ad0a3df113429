// The Blokus Duo position and its rules: occupancy, forbidden cells and attach points per
// player as 256-bit sets, pieces left, passes, and the move history (so a position can be
// written back as the move list that reached it). Move generation scans, for each attach
// point of the mover, the precomputed placements through it (placements.hpp) and keeps those
// that avoid the mover's forbidden cells; a placement through several attach points is
// reported once, at the first, by adding earlier attach points to the forbidden set.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/blokus_duo/bitboard.hpp"
#include "engine/blokus_duo/pieces.hpp"
#include "engine/blokus_duo/placements.hpp"
#include "engine/core/move_list.hpp"

namespace arena::blokus_duo {

/// Upper bound on legal placements in any position (the move list's capacity; it asserts).
/// Measured: at most 953 in 10,000 random playouts plus 30 playouts maximising mobility, and
/// 1,091 in a beam search (width 30-300) maximising the mover's placements over 24 plies
/// (position pinned in tests/blokus_duo, MaxMoves). 2048 leaves a margin of nearly 2x.
inline constexpr std::size_t kMaxMoves = 2048;
/// Upper bound on plies (42 placements, and at most one pass between the placements of a
/// player whose opponent is out of moves, plus the two final passes).
inline constexpr std::size_t kMaxPlies = 100;

/// How a finished game is scored.
enum class Scoring : std::uint8_t {
  Gpcc,      ///< contest rule: difference of squares placed (= of unplaced squares, negated)
  Official,  ///< -1 per unplaced square, +15 for placing all 21, +20 instead if monomino last
};

/// Rule options of a game, recorded in logs as format_rules() text.
struct Rules {
  Scoring scoring = Scoring::Gpcc;
  bool end_when_all_placed = false;  ///< FPGA-contest rule: stop once a player placed all 21
  friend bool operator==(const Rules&, const Rules&) = default;
};

/// Parses "scoring=gpcc|official,end=all-placed|both-pass" ("" = defaults). Throws InputError
/// naming the unknown key or value.
[[nodiscard]] Rules parse_rules(std::string_view text);
/// The text parse_rules reads; defaults are written too ("scoring=gpcc,end=both-pass").
[[nodiscard]] std::string format_rules(const Rules& r);

/// A move: a placement id (placements.hpp) or the pass.
struct Move {
  static constexpr std::uint16_t kPass = kNumPlacements;
  std::uint16_t id = kPass;
  [[nodiscard]] constexpr bool is_pass() const { return id == kPass; }
  friend constexpr bool operator==(const Move&, const Move&) = default;
};

/// The move list of Blokus Duo positions.
using MoveList = core::MoveList<Move, kMaxMoves>;

/// A position. Player 0 moves first (start square 55), player 1 second (AA).
struct Position {
  std::array<Bits256, 2> occupied{};   ///< cells covered by each player
  std::array<Bits256, 2> forbidden{};  ///< cells a player may not cover: any piece, or edge
                                       ///< contact with its own pieces
  std::array<Bits256, 2> attach{};     ///< cells a player's next piece may use for corner
                                       ///< contact (the start square before its first piece)
  std::uint64_t hash = 0;
  std::array<std::uint32_t, 2> pieces_left{kAllPieces, kAllPieces};  ///< bit i = piece 'a'+i
  std::array<std::uint8_t, 2> squares_placed{};
  std::array<Move, 2> last_placement{};  ///< each player's last placement (pass = none yet)
  std::uint8_t side = 0;    ///< player to move
  std::uint8_t passes = 0;  ///< consecutive passes just played
  std::uint8_t plies = 0;   ///< moves played, passes included (= history length)
  Rules rules;
  std::array<Move, kMaxPlies> history{};  ///< the moves played, first `plies` valid
};

/// The start square of player 0 (contest 55) and player 1 (contest AA), as bit indices.
inline constexpr std::array<int, 2> kStartCell = {cell_index(4, 4), cell_index(9, 9)};

/// The empty board with player 0 to move.
[[nodiscard]] Position initial_position(const Rules& r);
/// Whether the game is over: both players passed in a row, or (end_when_all_placed) a player
/// has placed all 21 pieces.
[[nodiscard]] bool is_terminal(const Position& p);
/// Fills `list` with the legal moves: the distinct placements of the mover, or a single pass
/// when there is none; empty when the game is over.
void generate_moves(const Position& p, MoveList& list);
/// The reference generator: tries every placement of every piece left and checks the rules
/// cell by cell. Same contract as generate_moves (order may differ).
void generate_moves_slow(const Position& p, MoveList& list);
/// Number of legal placements of the mover (passes not counted; 0 when none or game over),
/// without storing them: perft's bulk count at the last ply.
[[nodiscard]] std::uint64_t count_placements(const Position& p);
/// Number of placements player `who` could make if it were to move (mobility), game over or
/// not; counting stops early once it exceeds `limit` (the result is then limit + 1).
[[nodiscard]] int count_placements_of(const Position& p, int who, int limit = kMaxMoves);
/// Placements player `who` could make if it were to move, game over or not: how many, which
/// of its remaining pieces have at least one (bit i = piece 'a'+i), how many by piece size,
/// and the cells they cover (its usable attach points are those among them).
struct PlacementCensus {
  int count = 0;
  std::uint32_t fitting = 0;
  std::array<int, 6> by_size{};  ///< placements of the pieces of 1..5 squares (index 0 unused)
  Bits256 covered;
};
/// The census of player `who`'s placements (one pass of the move generator's loop).
[[nodiscard]] PlacementCensus census_placements_of(const Position& p, int who);
/// Adds to `census` player `who`'s placements through the cells `points` (some of its attach
/// points) that avoid every cell of `exclude` (at least its forbidden cells), each placement
/// at the first of `points` it covers, in bit order.
void census_through(const Position& p, int who, const Bits256& points, const Bits256& exclude,
                    PlacementCensus& census);
/// Appends to `ids` the placement table indices of the placements census_through counts.
void placements_through(const Position& p, int who, const Bits256& points,
                        const Bits256& exclude, std::vector<std::uint16_t>& ids);
/// Whether player `who` has a placement through attach point `cell` (usable attach point).
[[nodiscard]] bool has_placement_at(const Position& p, int who, int cell);
/// The position after legal move m.
[[nodiscard]] Position play(const Position& p, Move m);
/// Final score from player 0's view under p.rules (see Scoring).
[[nodiscard]] int final_score(const Position& p);
/// Points of player `who` under the official rule (-unplaced, +15 all placed, +20 if monomino
/// last).
[[nodiscard]] int official_points(const Position& p, int who);
/// The Zobrist hash recomputed from occupancy, pieces used, side to move and passes (the
/// incremental hash in Position must always equal it).
[[nodiscard]] std::uint64_t hash_from_scratch(const Position& p);

/// Why a placement is illegal for the side to move, or Legal.
enum class Illegal : std::uint8_t {
  Legal,
  GameOver,
  PieceUsed,
  Overlaps,
  MissesStart,
  TouchesOwnEdge,
  NoCornerContact,
  PassWithMove,
};
/// The rule move m breaks in p (checked in this order), or Illegal::Legal.
[[nodiscard]] Illegal check_move(const Position& p, Move m);
/// The player's wording of a reason ("piece already used", ...).
[[nodiscard]] std::string describe(Illegal why);

}  // namespace arena::blokus_duo
