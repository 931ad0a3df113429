// Position updates, move generation (fast and reference), scoring, rules text and hashing.
#include "engine/blokus_duo/position.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <limits>
#include <random>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/errors.hpp"

namespace arena::blokus_duo {

namespace {

/// Zobrist keys: one per (player, cell), one per (player, piece used), side to move and the
/// number of consecutive passes. Fixed seed, so hashes are stable across runs.
struct ZobristKeys {
  std::array<std::array<std::uint64_t, kNumBits>, 2> cell{};
  std::array<std::array<std::uint64_t, kNumPieces>, 2> piece{};
  std::array<std::uint64_t, 3> passes{};
  std::uint64_t side = 0;
  /// The XOR of a placement's cell keys and its piece key, per player.
  std::array<std::vector<std::uint64_t>, 2> placement;

  ZobristKeys() {
    std::mt19937_64 rng(0x426c6f6b75734475ULL);  // "BlokusDu"
    for (auto& row : cell) {
      for (auto& k : row) k = rng();
    }
    for (auto& row : piece) {
      for (auto& k : row) k = rng();
    }
    passes = {0, rng(), rng()};
    side = rng();
    const PlacementTable& t = placement_table();
    for (int who = 0; who < 2; ++who) {
      auto& keys = placement[static_cast<std::size_t>(who)];
      keys.resize(static_cast<std::size_t>(t.size()));
      for (int id = 0; id < t.size(); ++id) {
        std::uint64_t h = piece[static_cast<std::size_t>(who)][t[id].piece];
        t.mask(id).for_each([&](int c) {
          h ^= cell[static_cast<std::size_t>(who)][static_cast<std::size_t>(c)];
        });
        keys[static_cast<std::size_t>(id)] = h;
      }
    }
  }
};

const ZobristKeys& zobrist() {
  static const ZobristKeys keys;
  return keys;
}

/// Calls f(id) for every placement of player `who` through the cells `points` (some of its
/// attach points) that avoids `exclude` (at least its forbidden cells), each once. Step 1: for
/// each point c (ascending), the candidate lists for c's context hold the placements through c
/// that avoid c's forbidden neighbours. Step 2: a candidate is kept when it avoids every
/// excluded cell; points already visited are added to the exclusion set so that a placement
/// through several of them is reported only at the first.
template <class F>
void for_each_placement_through(const Position& p, std::size_t who, const Bits256& points,
                                Bits256 exclude, F&& f) {
  const PlacementTable& t = placement_table();
  const std::uint32_t left = p.pieces_left[who];
  const Bits256& fb = p.forbidden[who];
  points.for_each([&](int c) {
    const int ctx = t.context(fb, c);
    for (std::uint32_t pieces = left; pieces != 0; pieces &= pieces - 1) {
      for (const std::uint16_t id : t.candidates(c, ctx, std::countr_zero(pieces))) {
        if (!intersects(t.mask(id), exclude)) f(id);
      }
    }
    exclude.set(c);
  });
}

/// Calls f(id) for every legal placement of player `who`, each once.
template <class F>
void for_each_placement(const Position& p, std::size_t who, F&& f) {
  for_each_placement_through(p, who, p.attach[who], p.forbidden[who], std::forward<F>(f));
}

bool any_placement(const Position& p) {
  bool found = false;
  p.attach[p.side].for_each([&](int c) { found = found || has_placement_at(p, p.side, c); });
  return found;
}

}  // namespace

Rules parse_rules(std::string_view text) {
  Rules r;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(',', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view item = text.substr(pos, end - pos);
    pos = end + 1;
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = eq == std::string_view::npos ? "" : item.substr(eq + 1);
    if (key == "scoring" && value == "gpcc") {
      r.scoring = Scoring::Gpcc;
    } else if (key == "scoring" && value == "official") {
      r.scoring = Scoring::Official;
    } else if (key == "end" && value == "all-placed") {
      r.end_when_all_placed = true;
    } else if (key == "end" && value == "both-pass") {
      r.end_when_all_placed = false;
    } else {
      throw InputError("blokus-duo rules: unknown rule '" + std::string(item) +
                       "' (expected scoring=gpcc|official, end=both-pass|all-placed)");
    }
  }
  return r;
}

std::string format_rules(const Rules& r) {
  return std::string("scoring=") + (r.scoring == Scoring::Gpcc ? "gpcc" : "official") +
         ",end=" + (r.end_when_all_placed ? "all-placed" : "both-pass");
}

Position initial_position(const Rules& r) {
  Position p;
  p.rules = r;
  p.attach[0].set(kStartCell[0]);
  p.attach[1].set(kStartCell[1]);
  p.hash = hash_from_scratch(p);
  return p;
}

bool is_terminal(const Position& p) {
  if (p.passes >= 2) return true;
  return p.rules.end_when_all_placed && (p.pieces_left[0] == 0 || p.pieces_left[1] == 0);
}

#ifndef NDEBUG
namespace {
/// Debug builds' cross-check of generate_moves against generate_moves_slow (the same set of
/// moves, in any order). The reference tries all 13729 placements, so only one position in
/// kCheckEvery is checked, picked by its hash (stateless, and the same positions every run).
constexpr std::uint64_t kCheckEvery = 64;
bool same_moves_as_reference(const Position& p, const MoveList& list) {
  if (p.hash % kCheckEvery != 0) return true;
  MoveList slow;
  generate_moves_slow(p, slow);
  std::vector<std::uint16_t> a, b;
  for (const Move m : list) a.push_back(m.id);
  for (const Move m : slow) b.push_back(m.id);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}
}  // namespace
#endif

void generate_moves(const Position& p, MoveList& list) {
  list.clear();
  if (is_terminal(p)) return;
  for_each_placement(p, p.side, [&](int id) { list.push_back(Move{static_cast<std::uint16_t>(id)}); });
  if (list.empty()) list.push_back(Move{});
  assert(same_moves_as_reference(p, list));
}

std::uint64_t count_placements(const Position& p) {
  if (is_terminal(p)) return 0;
  std::uint64_t n = 0;
  for_each_placement(p, p.side, [&](int) { ++n; });
  return n;
}

namespace {

/// The loop of for_each_placement over the attach points `points` with the exclusion set
/// starting at `exclude`, counting the legal placements of `who` into `census` without a
/// branch on each candidate's legality, stopping once the count passes `limit`; with kCensus
/// also the fitting pieces, the counts by piece size and the covered cells.
template <bool kCensus>
void census_loop(const Position& p, int who, const Bits256& points, Bits256 exclude, int limit,
                 PlacementCensus& census) {
  const PlacementTable& t = placement_table();
  const std::size_t w = static_cast<std::size_t>(who);
  const Bits256& fb = p.forbidden[w];
  // The covered cells by word, or-ed branch-free: the legality of candidates is unpredictable
  // (a branch there was mispredicted often enough to cost more than the four masked ors; a
  // two-candidates-a-step AVX-512 form, as in CensusCache, gained nothing here: the loads of
  // the candidates' masks dominate).
  std::uint64_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  points.for_each([&](int c) {
    if (census.count > limit) return;
    const int ctx = t.context(fb, c);
    for (std::uint32_t pieces = p.pieces_left[w]; pieces != 0; pieces &= pieces - 1) {
      const int piece = std::countr_zero(pieces);
      int n = 0;
      for (const std::uint16_t id : t.candidates(c, ctx, piece)) {
        const Bits256& m = t.mask(id);
        const bool legal = !intersects(m, exclude);
        n += legal ? 1 : 0;
        if constexpr (kCensus) {
          const std::uint64_t all = 0 - static_cast<std::uint64_t>(legal);
          c0 |= m.w[0] & all;
          c1 |= m.w[1] & all;
          c2 |= m.w[2] & all;
          c3 |= m.w[3] & all;
        }
      }
      census.count += n;
      if constexpr (kCensus) {
        census.fitting |= (n > 0 ? std::uint32_t{1} : 0U) << piece;
        census.by_size[kPieces[static_cast<std::size_t>(piece)].size] += n;
      } else {
        if (census.count > limit) return;  // the later points return at once too
      }
    }
    exclude.set(c);
  });
  if constexpr (kCensus) census.covered |= Bits256{{c0, c1, c2, c3}};
}

}  // namespace

int count_placements_of(const Position& p, int who, int limit) {
  const std::size_t w = static_cast<std::size_t>(who);
  PlacementCensus census;
  census_loop<false>(p, who, p.attach[w], p.forbidden[w], limit, census);
  return std::min(census.count, limit + 1);
}

PlacementCensus census_placements_of(const Position& p, int who) {
  const std::size_t w = static_cast<std::size_t>(who);
  PlacementCensus census;
  census_loop<true>(p, who, p.attach[w], p.forbidden[w], std::numeric_limits<int>::max(),
                    census);
  return census;
}

void census_through(const Position& p, int who, const Bits256& points, const Bits256& exclude,
                    PlacementCensus& census) {
  census_loop<true>(p, who, points, exclude, std::numeric_limits<int>::max(), census);
}

void placements_through(const Position& p, int who, const Bits256& points,
                        const Bits256& exclude, std::vector<std::uint16_t>& ids) {
  for_each_placement_through(p, static_cast<std::size_t>(who), points, exclude, [&](int id) {
    ids.push_back(static_cast<std::uint16_t>(id));
  });
}

bool has_placement_at(const Position& p, int who, int cell) {
  const PlacementTable& t = placement_table();
  const Bits256& fb = p.forbidden[static_cast<std::size_t>(who)];
  const int ctx = t.context(fb, cell);
  for (std::uint32_t pieces = p.pieces_left[static_cast<std::size_t>(who)]; pieces != 0;
       pieces &= pieces - 1) {
    for (const std::uint16_t id : t.candidates(cell, ctx, std::countr_zero(pieces))) {
      if (!intersects(t.mask(id), fb)) return true;
    }
  }
  return false;
}

void generate_moves_slow(const Position& p, MoveList& list) {
  list.clear();
  if (is_terminal(p)) return;
  const PlacementTable& t = placement_table();
  const int me = p.side;
  const bool first_piece = p.pieces_left[static_cast<std::size_t>(me)] == kAllPieces;
  const Bits256 any = p.occupied[0] | p.occupied[1];
  const Bits256& own = p.occupied[static_cast<std::size_t>(me)];
  for (int id = 0; id < t.size(); ++id) {
    const Placement& pl = t[id];
    if (!(p.pieces_left[static_cast<std::size_t>(me)] >> pl.piece & 1U)) continue;
    bool ok = true;
    bool covers_start = false;
    bool corner = false;
    for (int i = 0; i < pl.size && ok; ++i) {
      const int c = pl.cells[static_cast<std::size_t>(i)];
      const int x = cell_x(c);
      const int y = cell_y(c);
      if (any.test(c)) ok = false;
      if (c == kStartCell[static_cast<std::size_t>(me)]) covers_start = true;
      for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
        if (on_board(x + dx, y + dy) && own.test(cell_index(x + dx, y + dy))) ok = false;
      }
      for (const auto& [dx, dy] : {std::pair{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}) {
        if (on_board(x + dx, y + dy) && own.test(cell_index(x + dx, y + dy))) corner = true;
      }
    }
    if (ok && (first_piece ? covers_start : corner)) {
      list.push_back(Move{static_cast<std::uint16_t>(id)});
    }
  }
  if (list.empty()) list.push_back(Move{});
}

Position play(const Position& p, Move m) {
  Position q = p;
  const ZobristKeys& z = zobrist();
  const std::size_t me = p.side;
  const std::size_t opp = me ^ 1U;
  q.history[p.plies] = m;
  q.plies = static_cast<std::uint8_t>(p.plies + 1);
  q.side = static_cast<std::uint8_t>(opp);
  q.hash ^= z.side ^ z.passes[p.passes];
  if (m.is_pass()) {
    q.passes = static_cast<std::uint8_t>(p.passes + 1);
  } else {
    const PlacementTable& t = placement_table();
    const Placement& pl = t[m.id];
    q.passes = 0;
    q.occupied[me] |= pl.mask;
    q.forbidden[me] |= pl.mask;
    q.forbidden[me] |= pl.adj;
    q.forbidden[opp] |= pl.mask;
    q.attach[me] |= pl.corners;
    q.attach[me].remove(q.forbidden[me]);
    q.attach[opp].remove(pl.mask);
    q.pieces_left[me] &= ~(std::uint32_t{1} << pl.piece);
    q.squares_placed[me] = static_cast<std::uint8_t>(p.squares_placed[me] + pl.size);
    q.last_placement[me] = m;
    q.hash ^= z.placement[me][m.id];
  }
  q.hash ^= z.passes[q.passes];
  return q;
}

int official_points(const Position& p, int who) {
  const std::size_t w = static_cast<std::size_t>(who);
  if (p.pieces_left[w] != 0) return p.squares_placed[w] - kTotalSquares;
  return placement_table()[p.last_placement[w].id].piece == 0 ? 20 : 15;
}

int final_score(const Position& p) {
  if (p.rules.scoring == Scoring::Official) return official_points(p, 0) - official_points(p, 1);
  return p.squares_placed[0] - p.squares_placed[1];
}

std::uint64_t hash_from_scratch(const Position& p) {
  const ZobristKeys& z = zobrist();
  std::uint64_t h = z.passes[p.passes];
  if (p.side == 1) h ^= z.side;
  for (std::size_t who = 0; who < 2; ++who) {
    p.occupied[who].for_each([&](int c) { h ^= z.cell[who][static_cast<std::size_t>(c)]; });
    for (int piece = 0; piece < kNumPieces; ++piece) {
      if (!(p.pieces_left[who] >> piece & 1U)) h ^= z.piece[who][static_cast<std::size_t>(piece)];
    }
  }
  return h;
}

Illegal check_move(const Position& p, Move m) {
  if (is_terminal(p)) return Illegal::GameOver;
  if (m.is_pass()) return any_placement(p) ? Illegal::PassWithMove : Illegal::Legal;
  const Placement& pl = placement_table()[m.id];
  const std::size_t me = p.side;
  if (!(p.pieces_left[me] >> pl.piece & 1U)) return Illegal::PieceUsed;
  if (intersects(pl.mask, p.occupied[0] | p.occupied[1])) return Illegal::Overlaps;
  if (p.pieces_left[me] == kAllPieces) {
    return pl.mask.test(kStartCell[me]) ? Illegal::Legal : Illegal::MissesStart;
  }
  if (intersects(pl.adj, p.occupied[me])) return Illegal::TouchesOwnEdge;
  if (!intersects(pl.mask, p.attach[me])) return Illegal::NoCornerContact;
  return Illegal::Legal;
}

std::string describe(Illegal why) {
  switch (why) {
    case Illegal::Legal: return "legal";
    case Illegal::GameOver: return "the game is already over";
    case Illegal::PieceUsed: return "piece already used";
    case Illegal::Overlaps: return "you can't put it there: it overlaps a piece on the board";
    case Illegal::MissesStart:
      return "you can't put it there: your first piece must cover your start square";
    case Illegal::TouchesOwnEdge:
      return "you can't put it there: it touches one of your own pieces along an edge";
    case Illegal::NoCornerContact:
      return "you can't put it there: it must touch one of your own pieces at a corner";
    case Illegal::PassWithMove: return "you can't pass while you still have a legal move";
  }
  return "unknown";
}

}  // namespace arena::blokus_duo
