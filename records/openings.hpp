// Opening sets in the field's formats, read into opening lines (moves in the game's notation,
// separated by blanks) that selfplay's Openings cut at --opening-plies and replay. By the
// file's name (format_from_path over the registered record formats):
//
//   a record format of G   its games (records/formats.hpp; e.g. Othello .ggf/.tsv/.wtb,
//                          Blokus Duo .blksgf/.fourcc), or the format's own openings reader
//   .txt, anything else    one opening per line (read_opening_lines); a game may read a line
//                          as a position (RecordFormats<G>::plain_opening: an Othello board
//                          string becomes the moves reaching it)
//   .obf                   positions, one "BOARD SIDE; ..." line each (FFO/OBF), read as a
//                          plain file of position lines
//
// Records are replayed with the bridge's rules (implicit passes inserted, every move checked).
#pragma once

#include <string>
#include <vector>

#include "engine/core/errors.hpp"
#include "engine/core/game.hpp"
#include "records/bridge.hpp"
#include "records/formats.hpp"
#include "records/opening_lines.hpp"

namespace arena::records {

/// The openings of `path` for game G (see the file comment), `formats` being every registered
/// game's record formats. Throws InputError naming FILE (and LINE where known) for an
/// unreadable file, a format of another game, an illegal move or an unreachable position.
template <core::Game G>
[[nodiscard]] std::vector<OpeningLine> read_openings(
    const std::string& path, const std::vector<RecordFormat>& formats) {
  FormatRef format;
  bool record_format = true;
  try {
    format = format_from_path(path, formats);
  } catch (const InputError&) {
    record_format = false;
  }
  // .txt is a plain openings file unless a longer ending claims it (.fourcc.txt).
  if (format.kind != FormatRef::Kind::Record || format.suffix == ".txt") record_format = false;
  if (!record_format) {
    auto lines = read_opening_lines(path);
    if constexpr (HasPlainOpening<G>) {
      for (auto& l : lines) l.text = RecordFormats<G>::plain_opening(l.text, where(path, l.line));
    }
    return lines;
  }
  if (format.game() != G::kName) {
    throw InputError("--openings: " + path + " is a " + format.name() + " file, a " +
                     format.game() + " format");
  }
  if (format.record.read_openings) return format.record.read_openings(path);
  const std::vector<RecordGame> games = format.record.read(path, {});
  std::vector<OpeningLine> lines;
  for (std::size_t i = 0; i < games.size(); ++i) {
    std::string line;
    for (const auto& m : replay<G>(games[i], {}).moves) line += (line.empty() ? "" : " ") + m;
    lines.push_back({line, i + 1, games[i].origin});
  }
  if (lines.empty()) throw InputError("--openings: " + path + ": no game in the file");
  return lines;
}

}  // namespace arena::records
