// Othello's opening readers (see openings.hpp); Blokus Duo's are the template's record branch.
#include "records/openings.hpp"

#include <boost/algorithm/string.hpp>

#include "engine/othello/notation.hpp"
#include "engine/othello/reach.hpp"
#include "engine/othello/wthor.hpp"
#include "records/ggf.hpp"

namespace arena::records {

namespace {

using othello::Othello;

std::string joined(const std::vector<std::string>& moves) {
  return boost::algorithm::join(moves, " ");
}

/// The moves reaching `target`, as notation; InputError prefixed by `where` when none is found.
std::vector<std::string> path_to(const othello::Position& target, const std::string& at) {
  const auto path = othello::moves_reaching(target);
  if (!path) {
    throw InputError(at + "no move sequence from the standard start reaches this position (or "
                          "it is too deep to find)");
  }
  std::vector<std::string> out;
  auto p = Othello::initial();
  for (const auto m : *path) {
    out.push_back(Othello::format_move(p, m));
    p = Othello::play(p, m);
  }
  return out;
}

}  // namespace

bool is_othello_board_line(const std::string& text) {
  const std::string t = boost::algorithm::trim_copy(text);
  if (t.size() < 66) return false;
  for (std::size_t i = 0; i < 64; ++i) {
    if (std::string_view("XxOo-.*").find(t[i]) == std::string_view::npos) return false;
  }
  return t[64] == ' ' || t[64] == '\t';
}

std::string othello_position_opening(const std::string& text, const std::string& at) {
  const othello::ObfEntry e = othello::parse_obf_line(text, at);
  return joined(path_to(e.position, at));
}

std::vector<selfplay::OpeningLine> read_othello_openings(const std::string& path) {
  std::vector<selfplay::OpeningLine> lines;
  const Format format = format_from_path(path);
  if (format == Format::Ggf) {
    const std::string text = read_text_file(path);
    std::size_t n = 0;
    for (auto& gg : parse_ggf(text, path)) {
      ++n;
      const std::string at = path + ": game " + std::to_string(n) + ": ";
      RecordGame g;
      g.origin = at;
      if (gg.board != kGgfStartBoard) {
        const GgfBoard b = ggf_board_to_arena(gg.board, at);
        g.moves = path_to(othello::parse_board(b.squares, b.side), at);
      }
      g.moves.insert(g.moves.end(), gg.moves.begin(), gg.moves.end());
      lines.push_back({joined(replay<Othello>(g, {}).moves), n, at});
    }
  } else if (format == Format::Transcript || format == Format::Wtb) {
    othello::RecordStats stats;
    const auto games =
        format == Format::Wtb
            ? othello::read_wthor_database(path, othello::InvalidRecordPolicy::UseRecorded, stats)
            : othello::read_wthor_transcripts(path, othello::InvalidRecordPolicy::UseRecorded, stats);
    std::size_t n = 0;
    for (const auto& g : games) lines.push_back({joined(g.moves), ++n, g.source + ": "});
  }
  if (lines.empty()) throw InputError("--openings: " + path + ": no game in the file");
  return lines;
}

}  // namespace arena::records
