// CensusCache: a child's censuses by filtering its parent's placement lists.
#include "engine/blokus_duo/census_cache.hpp"

#include <algorithm>
#include <bit>

namespace arena::blokus_duo {

namespace {

using Placements = CensusCache::Placements;

/// FNV-1a's 64-bit offset basis and prime (the parent keys need no more than a spread).
constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;

/// Counts into `census` the placements of `from` that avoid `cells` and are not of `piece`
/// (kNumPieces: of any piece). Piece by piece, so that each piece's count stays in a
/// register; branch-free, since the mover's keep decisions are unpredictable. With AVX-512
/// two placements a step: one 512-bit test gives both verdicts as a lane mask, which (spread
/// over each kept placement's four lanes) masks the or into the covered cells.
void keep(const Placements& from, const Bits256& cells, int piece, PlacementCensus& census) {
#if defined(__AVX512F__)
  const __m512i against = in_both_halves(cells);
  __m512i covered = _mm512_setzero_si512();
  const auto* masks = reinterpret_cast<const std::uint64_t*>(from.masks.data());
  for (std::size_t p = 0; p < kNumPieces; ++p) {
    if (static_cast<int>(p) == piece) continue;
    const std::size_t end = from.begin[p + 1];
    int lanes = 0;
    for (std::size_t i = from.begin[p]; i < end; i += 2) {
      // The last of an odd count loads one placement; its empty upper half is not kept.
      const __mmask8 load = i + 1 < end ? 0xFF : 0x0F;
      const __m512i v = _mm512_maskz_loadu_epi64(load, masks + 4 * i);
      const auto kept = static_cast<__mmask8>(disjoint_halves(v, against) & load);
      lanes += std::popcount(static_cast<unsigned>(kept));
      covered = _mm512_mask_or_epi64(covered, kept, covered, v);
    }
    const int n = lanes / 4;
    census.count += n;
    census.fitting |= (n > 0 ? std::uint32_t{1} : 0U) << p;
    census.by_size[kPieces[p].size] += n;
  }
  census.covered |= fold_halves(covered);
#else
  std::uint64_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  for (std::size_t p = 0; p < kNumPieces; ++p) {
    if (static_cast<int>(p) == piece) continue;
    int n = 0;
    for (std::size_t i = from.begin[p]; i < from.begin[p + 1]; ++i) {
      const Bits256& m = from.masks[i];
      const bool kept = !intersects(m, cells);
      const std::uint64_t all = 0 - static_cast<std::uint64_t>(kept);
      n += kept ? 1 : 0;
      c0 |= m.w[0] & all;
      c1 |= m.w[1] & all;
      c2 |= m.w[2] & all;
      c3 |= m.w[3] & all;
    }
    census.count += n;
    census.fitting |= (n > 0 ? std::uint32_t{1} : 0U) << p;
    census.by_size[kPieces[p].size] += n;
  }
  census.covered.w[0] |= c0;
  census.covered.w[1] |= c1;
  census.covered.w[2] |= c2;
  census.covered.w[3] |= c3;
#endif
}

/// Stores in `to` the placements of `from` that avoid `cells` and are not of `piece`
/// (kNumPieces: of any piece), then those of `added` (any order), grouped by piece.
void keep_and_add(const Placements& from, const Bits256& cells, int piece,
                  std::vector<std::uint16_t>& added, Placements& to) {
  const PlacementTable& t = placement_table();
  std::sort(added.begin(), added.end(),
            [&](std::uint16_t a, std::uint16_t b) { return t.piece(a) < t.piece(b); });
  to.ids.clear();
  to.masks.clear();
  auto next_added = added.begin();
  for (std::size_t p = 0; p < kNumPieces; ++p) {
    to.begin[p] = to.ids.size();
    if (static_cast<int>(p) != piece) {
      for (std::size_t i = from.begin[p]; i < from.begin[p + 1]; ++i) {
        if (intersects(from.masks[i], cells)) continue;
        to.ids.push_back(from.ids[i]);
        to.masks.push_back(from.masks[i]);
      }
    }
    for (; next_added != added.end() && t.piece(*next_added) == static_cast<int>(p);
         ++next_added) {
      to.ids.push_back(*next_added);
      to.masks.push_back(t.mask(*next_added));
    }
  }
  to.begin[kNumPieces] = to.ids.size();
}

/// The mover's attach points in `after` that it did not have in `before`, and those it had.
struct AttachChange {
  Bits256 kept;
  Bits256 added;
  AttachChange(const Position& before, const Position& after, std::size_t mover)
      : kept(after.attach[mover] & before.attach[mover]),
        added(Bits256(after.attach[mover]).remove(kept)) {}
};

}  // namespace

std::array<PlacementCensus, 2> CensusCache::census(const Position& c) {
  const auto direct = [&] {
    return std::array<PlacementCensus, 2>{census_placements_of(c, 0), census_placements_of(c, 1)};
  };
  if (c.plies == 0 || c.history[c.plies - 1U].is_pass()) return direct();
  const Level* parent = parent_of(c);
  if (parent == nullptr) return direct();

  const Placement& last = placement_table()[c.history[c.plies - 1U].id];
  const std::size_t opp = c.side;  // to move in c, not in its parent
  const std::size_t mover = opp ^ 1U;
  std::array<PlacementCensus, 2> out;
  // The opponent keeps every placement that does not overlap the new piece: its forbidden
  // cells grew by exactly those, and its attach points lost only those. The mover keeps the
  // placements of its other pieces that avoid its new forbidden cells, and gains those
  // through its new attach points that cover none of the old ones (a placement legal now
  // through an old attach point was legal before, so it is among the kept).
  keep(parent->placements[opp], last.mask, kNumPieces, out[opp]);
  keep(parent->placements[mover], c.forbidden[mover], last.piece, out[mover]);
  const AttachChange points(parent->pos, c, mover);
  census_through(c, static_cast<int>(mover), points.added, c.forbidden[mover] | points.kept,
                 out[mover]);
  return out;
}

const CensusCache::Level* CensusCache::parent_of(const Position& c) {
  const std::size_t n = c.plies - 1U;  // the parent's plies
  const auto on_line = [&](const Level& level, std::size_t k) {
    return level.valid && level.pos.plies == k && level.pos.rules == c.rules &&
           std::equal(c.history.begin(), c.history.begin() + static_cast<std::ptrdiff_t>(k),
                      level.pos.history.begin());
  };
  std::size_t k = n;
  if (!on_line(line_[k], k)) {
    // A parent seen for the first time gets the direct census of its child; its level is
    // derived at its second child only (a tuner's positions, one per parent, never pay it).
    std::uint64_t key = kFnvOffset ^ n;
    for (std::size_t i = 0; i < n; ++i) key = (key ^ c.history[i].id) * kFnvPrime;
    if (key != first_child_of_) {
      first_child_of_ = key;
      return nullptr;
    }
    while (k > 0 && !on_line(line_[k], k)) --k;
  }
  if (!on_line(line_[0], 0)) {
    Level& root = line_[0];
    root.pos = initial_position(c.rules);
    for (int who = 0; who < 2; ++who) {
      const std::size_t w = static_cast<std::size_t>(who);
      scratch_.clear();
      placements_through(root.pos, who, root.pos.attach[w], root.pos.forbidden[w], scratch_);
      keep_and_add(Placements{}, {}, kNumPieces, scratch_, root.placements[w]);
    }
    root.valid = true;
  }
  for (; k < n; ++k) derive(line_[k], c.history[k], line_[k + 1]);
  const Position replayed = play(line_[n].pos, c.history[n]);
  const bool same = replayed.side == c.side && replayed.pieces_left == c.pieces_left &&
                    replayed.occupied == c.occupied && replayed.forbidden == c.forbidden &&
                    replayed.attach == c.attach;
  if (!same) return nullptr;
  return &line_[n];
}

void CensusCache::derive(const Level& from, Move move, Level& to) {
  to.pos = play(from.pos, move);
  to.valid = true;
  if (move.is_pass()) {
    to.placements = from.placements;
    return;
  }
  const Placement& pl = placement_table()[move.id];
  const std::size_t mover = from.pos.side;
  const std::size_t opp = mover ^ 1U;
  scratch_.clear();
  keep_and_add(from.placements[opp], pl.mask, kNumPieces, scratch_, to.placements[opp]);
  const AttachChange points(from.pos, to.pos, mover);
  placements_through(to.pos, static_cast<int>(mover), points.added,
                     to.pos.forbidden[mover] | points.kept, scratch_);
  keep_and_add(from.placements[mover], to.pos.forbidden[mover], pl.piece, scratch_,
               to.placements[mover]);
}

}  // namespace arena::blokus_duo
