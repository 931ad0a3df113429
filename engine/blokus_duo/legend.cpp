// Piece drawings for `help` (see legend.hpp): each orientation's cells are shifted so the
// smallest x and y are 0 and drawn on a small grid, several drawings side by side.
#include "engine/blokus_duo/legend.hpp"

#include <algorithm>
#include <vector>

#include "engine/blokus_duo/pieces.hpp"

namespace arena::blokus_duo {

namespace {

/// The rows of piece `piece` in orientation r: '#' covered, '@' the reference cell.
std::vector<std::string> drawing(int piece, int r) {
  const auto cells = oriented_cells(piece, r);
  const int size = kPieces[static_cast<std::size_t>(piece)].size;
  int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
  for (int i = 0; i < size; ++i) {
    min_x = std::min(min_x, cells[static_cast<std::size_t>(i)].x);
    min_y = std::min(min_y, cells[static_cast<std::size_t>(i)].y);
    max_x = std::max(max_x, cells[static_cast<std::size_t>(i)].x);
    max_y = std::max(max_y, cells[static_cast<std::size_t>(i)].y);
  }
  std::vector<std::string> rows(static_cast<std::size_t>(max_y - min_y + 1),
                                std::string(static_cast<std::size_t>(max_x - min_x + 1), '.'));
  for (int i = 0; i < size; ++i) {
    const auto& c = cells[static_cast<std::size_t>(i)];
    rows[static_cast<std::size_t>(c.y - min_y)][static_cast<std::size_t>(c.x - min_x)] =
        i == 0 ? '@' : '#';
  }
  return rows;
}

/// Drawings with a label above each, side by side in columns `width` characters wide.
std::string side_by_side(const std::vector<std::string>& labels,
                         const std::vector<std::vector<std::string>>& drawings, std::size_t width) {
  std::size_t height = 0;
  for (const auto& d : drawings) height = std::max(height, d.size());
  std::string out;
  const auto pad = [&](std::string s) {
    s.resize(std::max(s.size() + 1, width), ' ');
    return s;
  };
  for (const auto& l : labels) out += pad(l);
  out += '\n';
  for (std::size_t y = 0; y < height; ++y) {
    for (const auto& d : drawings) out += pad(y < d.size() ? d[y] : "");
    out += '\n';
  }
  return out;
}

}  // namespace

std::string play_help(std::string_view topic) {
  if (topic.size() == 1 && topic[0] >= 'a' && topic[0] < 'a' + kNumPieces) {
    const int piece = topic[0] - 'a';
    std::vector<std::string> labels;
    std::vector<std::vector<std::string>> drawings;
    for (int r = 0; r < kNumOrientations; ++r) {
      labels.push_back(std::string(1, topic[0]) + std::to_string(r));
      drawings.push_back(drawing(piece, r));
    }
    return "piece " + std::string(1, topic[0]) + " (" +
           std::string(kPieces[static_cast<std::size_t>(piece)].name) +
           ") in orientations 0-7; @ = the reference cell XY of the code:\n" +
           side_by_side(labels, drawings, 7);
  }
  std::string out =
      "A move is a 4-character code XYpr: X = column and Y = row (1-9, A-E) of the piece's\n"
      "reference cell (@ below), p = the piece letter, r = the orientation 0-7: 0, 2, 4, 6 =\n"
      "turned 0, 90, 180, 270 degrees clockwise, 1, 3, 5, 7 = the same mirrored left-right.\n"
      "Example: 65u0 puts the cross u with its centre on column 6, row 5.\n"
      "Commands: a move, pass (only when you have no move), moves (mark where your next piece\n"
      "can touch corners: *), undo, hint, help, help <piece letter> (its 8 orientations), quit.\n"
      "The pieces in orientation 0 (letter, squares):\n";
  for (int first = 0; first < kNumPieces; first += 7) {
    std::vector<std::string> labels;
    std::vector<std::vector<std::string>> drawings;
    for (int piece = first; piece < std::min(first + 7, kNumPieces); ++piece) {
      labels.push_back(std::string(1, static_cast<char>('a' + piece)) + " (" +
                       std::to_string(kPieces[static_cast<std::size_t>(piece)].size) + ")");
      drawings.push_back(drawing(piece, 0));
    }
    out += side_by_side(labels, drawings, 8);
  }
  return out;
}

}  // namespace arena::blokus_duo
