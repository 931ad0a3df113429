// Builds the placement tables: fixed orientations from the contest's orientation rule, then
// every on-board translation of each, then the per-(cell, context, piece) candidate lists.
#include "engine/blokus_duo/placements.hpp"

#include <algorithm>
#include <cstdlib>

namespace arena::blokus_duo {

namespace {

constexpr int kOffBoardBit = kNumBits - 1;  // (15, 15): padding, never set
constexpr std::array<Offset, 4> kDirections = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};

/// Cells of a shape shifted so that min x = min y = 0, sorted by (y, x); returns the shift.
Offset normalise(std::array<Offset, 5>& cells, int n) {
  Offset lo{cells[0].x, cells[0].y};
  for (int i = 1; i < n; ++i) {
    lo.x = std::min(lo.x, cells[static_cast<std::size_t>(i)].x);
    lo.y = std::min(lo.y, cells[static_cast<std::size_t>(i)].y);
  }
  for (int i = 0; i < n; ++i) {
    cells[static_cast<std::size_t>(i)].x -= lo.x;
    cells[static_cast<std::size_t>(i)].y -= lo.y;
  }
  std::sort(cells.begin(), cells.begin() + n, [](const Offset& a, const Offset& b) {
    return a.y != b.y ? a.y < b.y : a.x < b.x;
  });
  return lo;
}

}  // namespace

PlacementTable::PlacementTable() {
  // Step 1: fixed orientations. For each piece and code r, normalise the oriented cells; a
  // shape not seen before for this piece becomes a new fixed orientation whose canonical code
  // is this (lowest) r.
  for (int piece = 0; piece < kNumPieces; ++piece) {
    const int n = kPieces[static_cast<std::size_t>(piece)].size;
    const std::size_t first = fixed_.size();
    for (int r = 0; r < kNumOrientations; ++r) {
      std::array<Offset, 5> cells = oriented_cells(piece, r);
      const Offset lo = normalise(cells, n);
      origin_offset_[static_cast<std::size_t>(piece)][static_cast<std::size_t>(r)] = lo;
      auto same = std::find_if(fixed_.begin() + static_cast<std::ptrdiff_t>(first), fixed_.end(),
                               [&](const FixedOrientation& f) { return f.cells == cells; });
      if (same == fixed_.end()) {
        fixed_.push_back({piece, r, Offset{-lo.x, -lo.y}, cells});
        same = fixed_.end() - 1;
      }
      fixed_of_[static_cast<std::size_t>(piece)][static_cast<std::size_t>(r)] =
          static_cast<int>(same - fixed_.begin());
    }
  }

  // Step 2: every translation of every fixed orientation that stays on the board.
  by_origin_.assign(fixed_.size() * kBoardSize * kBoardSize, -1);
  for (std::size_t f = 0; f < fixed_.size(); ++f) {
    const FixedOrientation& fo = fixed_[f];
    const int n = kPieces[static_cast<std::size_t>(fo.piece)].size;
    for (int oy = 0; oy < kBoardSize; ++oy) {
      for (int ox = 0; ox < kBoardSize; ++ox) {
        Placement pl;
        bool fits = true;
        for (int i = 0; i < n; ++i) {
          const int x = ox + fo.cells[static_cast<std::size_t>(i)].x;
          const int y = oy + fo.cells[static_cast<std::size_t>(i)].y;
          if (!on_board(x, y)) {
            fits = false;
            break;
          }
          pl.mask.set(cell_index(x, y));
        }
        if (!fits) continue;
        std::size_t k = 0;
        int centre = 0;
        pl.mask.for_each([&](int c) {
          pl.cells[k++] = static_cast<std::uint8_t>(c);
          centre += std::abs(2 * cell_x(c) - (kBoardSize - 1)) +
                    std::abs(2 * cell_y(c) - (kBoardSize - 1));
        });
        pl.centre_sum = static_cast<std::uint8_t>(centre);
        pl.adj = edge_neighbours(pl.mask).remove(pl.mask);
        // Diagonal neighbours: the edge neighbours of the edge neighbours include every
        // diagonal cell; remove the piece and its edge neighbours.
        Bits256 diag;
        pl.mask.for_each([&](int c) {
          for (const int dx : {-1, 1}) {
            for (const int dy : {-1, 1}) {
              const int x = cell_x(c) + dx;
              const int y = cell_y(c) + dy;
              if (on_board(x, y)) diag.set(cell_index(x, y));
            }
          }
        });
        pl.corners = diag.remove(pl.mask).remove(pl.adj);
        pl.piece = static_cast<std::uint8_t>(fo.piece);
        pl.size = static_cast<std::uint8_t>(n);
        pl.fixed = static_cast<std::uint8_t>(f);
        pl.code_x = static_cast<std::uint8_t>(ox + fo.reference.x);
        pl.code_y = static_cast<std::uint8_t>(oy + fo.reference.y);
        pl.code_r = static_cast<std::uint8_t>(fo.lowest_code);
        by_origin_[(f * kBoardSize + static_cast<std::size_t>(oy)) * kBoardSize +
                   static_cast<std::size_t>(ox)] = static_cast<int>(placements_.size());
        placements_.push_back(pl);
        masks_.push_back(pl.mask);
        pieces_.push_back(pl.piece);
      }
    }
  }

  // Step 3: neighbours of each cell (off-board -> the padding bit).
  for (int c = 0; c < kNumBits; ++c) {
    for (int d = 0; d < 4; ++d) {
      const int x = cell_x(c) + kDirections[static_cast<std::size_t>(d)].x;
      const int y = cell_y(c) + kDirections[static_cast<std::size_t>(d)].y;
      neighbours_[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)] =
          on_board(x, y) ? cell_index(x, y) : kOffBoardBit;
    }
  }

  // Step 4: candidate lists per (cell, context, piece), flattened with one begin index each.
  // Padding cells get empty lists so that candidates() needs no bounds test.
  list_begin_.reserve(static_cast<std::size_t>(kNumBits) * kNumContexts * kNumPieces + 1);
  std::vector<std::vector<std::uint16_t>> through(kNumBits);
  for (int id = 0; id < size(); ++id) {
    masks_[static_cast<std::size_t>(id)].for_each(
        [&](int c) { through[static_cast<std::size_t>(c)].push_back(static_cast<std::uint16_t>(id)); });
  }
  for (int c = 0; c < kNumBits; ++c) {
    for (int ctx = 0; ctx < kNumContexts; ++ctx) {
      Bits256 avoid;
      for (int d = 0; d < 4; ++d) {
        if (ctx & (1 << d)) avoid.set(neighbour(c, d));
      }
      for (int piece = 0; piece < kNumPieces; ++piece) {
        list_begin_.push_back(static_cast<std::uint32_t>(lists_.size()));
        for (const std::uint16_t id : through[static_cast<std::size_t>(c)]) {
          if (placements_[id].piece == piece && !intersects(masks_[id], avoid)) {
            lists_.push_back(id);
          }
        }
      }
    }
  }
  list_begin_.push_back(static_cast<std::uint32_t>(lists_.size()));
}

int PlacementTable::find(int f, int x, int y) const {
  if (f < 0 || f >= static_cast<int>(fixed_.size()) || !on_board(x, y)) return -1;
  return by_origin_[(static_cast<std::size_t>(f) * kBoardSize + static_cast<std::size_t>(y)) *
                        kBoardSize + static_cast<std::size_t>(x)];
}

int PlacementTable::find_cells(std::span<const int> cells) const {
  if (cells.empty() || cells.size() > 5) return -1;
  std::array<Offset, 5> shape{};
  const int n = static_cast<int>(cells.size());
  for (int i = 0; i < n; ++i) {
    shape[static_cast<std::size_t>(i)] = {cell_x(cells[static_cast<std::size_t>(i)]),
                                          cell_y(cells[static_cast<std::size_t>(i)])};
  }
  const Offset origin = normalise(shape, n);
  for (std::size_t f = 0; f < fixed_.size(); ++f) {
    if (kPieces[static_cast<std::size_t>(fixed_[f].piece)].size == n && fixed_[f].cells == shape) {
      return find(static_cast<int>(f), origin.x, origin.y);
    }
  }
  return -1;
}

const PlacementTable& placement_table() {
  static const PlacementTable table;
  return table;
}

}  // namespace arena::blokus_duo
