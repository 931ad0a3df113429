// Opening sets in the field's formats, read into opening lines (moves in the game's notation,
// separated by blanks) that selfplay's Openings cut at --opening-plies and replay. By the
// file's name (records/formats.hpp's format_from_path):
//
//   .ggf                 Othello GGF games (a game from a set-up board BO starts with the moves
//                        that reach that board, see below)
//   .tsv, .wtb           Othello WTHOR transcripts / databases (engine/othello/wthor.hpp)
//   .obf                 Othello positions, one "BOARD SIDE; ..." line each (FFO/OBF; read
//                        as a plain file of board lines)
//   .blksgf              Blokus Duo games in Pentobi's SGF
//   .fourcc, .fourcc.txt Blokus Duo 4-character code lists (implicit passes allowed)
//   anything else        one opening per line (selfplay's reader); for Othello a line may also
//                        be a board string "<64 squares> <side>"
//
// An Othello position becomes the moves that reach it from the start (othello::moves_reaching),
// so logs keep recording openings as moves from the standard start. Records are replayed with
// the bridge's rules (implicit passes inserted, every move checked).
#pragma once

#include <string>
#include <type_traits>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "engine/othello/othello.hpp"
#include "records/bridge.hpp"
#include "records/formats.hpp"
#include "selfplay/openings.hpp"

namespace arena::records {

/// The moves reaching an Othello position given as a board string or OBF line ("BOARD SIDE"
/// then anything after ';'), as opening text; InputError prefixed by `where` when the text is
/// not a board or no move sequence from the start reaches it.
[[nodiscard]] std::string othello_position_opening(const std::string& text, const std::string& where);

/// Whether an opening line is an Othello board string rather than moves.
[[nodiscard]] bool is_othello_board_line(const std::string& text);

/// The Othello record formats (.ggf, .tsv, .wtb) as opening lines; InputError when `path`
/// holds no game.
[[nodiscard]] std::vector<selfplay::OpeningLine> read_othello_openings(const std::string& path);

/// The openings of `path` for game G (see the file comment). Throws InputError naming FILE
/// (and LINE where known) for an unreadable file, a format of another game, an illegal move or
/// an unreachable position.
template <core::Game G>
[[nodiscard]] std::vector<selfplay::OpeningLine> read_openings(const std::string& path) {
  constexpr bool kOthello = std::is_same_v<G, othello::Othello>;
  Format format = Format::Log;
  bool record_format = true;
  try {
    format = format_from_path(path);
  } catch (const InputError&) {
    record_format = false;
  }
  // .txt is a plain openings file unless it is a code list (.fourcc.txt).
  if (format == Format::Transcript && path.size() > 4 && path.substr(path.size() - 4) == ".txt") {
    record_format = false;
  }
  if (format == Format::Log || format == Format::Positions) record_format = false;
  if (!record_format) {
    auto lines = selfplay::read_opening_lines(path);
    if constexpr (kOthello) {
      for (auto& l : lines) {
        if (is_othello_board_line(l.text)) {
          l.text = othello_position_opening(l.text, where(path, l.line));
        }
      }
    }
    return lines;
  }
  if (format_game(format) != G::kName) {
    throw InputError("--openings: " + path + " is a " + format_name(format) + " file, a " +
                     format_game(format) + " format");
  }
  if constexpr (kOthello) {
    return read_othello_openings(path);
  } else {
    const std::string text = read_text_file(path);
    const std::vector<RecordGame> games =
        format == Format::Blksgf ? read_blksgf(text, path) : read_fourcc(text, path);
    std::vector<selfplay::OpeningLine> lines;
    for (std::size_t i = 0; i < games.size(); ++i) {
      std::string line;
      for (const auto& m : replay<G>(games[i], {}).moves) line += (line.empty() ? "" : " ") + m;
      lines.push_back({line, i + 1, games[i].origin});
    }
    if (lines.empty()) throw InputError("--openings: " + path + ": no game in the file");
    return lines;
  }
}

}  // namespace arena::records
