// Othello's record formats and openings (see records.hpp).
#include "engine/othello/bind/records.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"
#include "engine/core/text_file.hpp"
#include "engine/core/utc_time.hpp"
#include "engine/othello/notation.hpp"
#include "engine/othello/reach.hpp"
#include "engine/othello/wthor.hpp"
#include "records/bridge.hpp"
#include "engine/othello/bind/ggf.hpp"

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

/// Transcripts (database = false) or a database with the option's name lists, as records.
std::vector<RecordGame> read_wthor(const std::string& path, bool database,
                                   const FormatOptions& options) {
  othello::RecordStats stats;
  othello::WthorNames names;
  if (database && !options.file("wthor-players").empty()) {
    names.players = othello::read_wthor_names(options.file("wthor-players"),
                                              othello::kWthorPlayerBytes);
  }
  if (database && !options.file("wthor-tournaments").empty()) {
    names.tournaments = othello::read_wthor_names(options.file("wthor-tournaments"),
                                                  othello::kWthorTournamentBytes);
  }
  const auto recorded =
      database ? othello::read_wthor_database(path, othello::InvalidRecordPolicy::UseRecorded,
                                              stats, &names)
               : othello::read_wthor_transcripts(path, othello::InvalidRecordPolicy::UseRecorded,
                                                 stats);
  // A conversion must not silently lose games: an illegal record is an error here (the
  // tuner, reading real databases by the thousand, skips and counts them instead).
  if (stats.illegal > 0) {
    throw InputError(stats.illegal_records.front() + " (" + std::to_string(stats.illegal) +
                     " of " + std::to_string(stats.records) + " records do not replay legally)");
  }
  std::vector<RecordGame> out;
  for (const auto& r : recorded) {
    RecordGame g;
    g.first = r.black;
    g.second = r.white;
    g.moves = r.moves;
    g.score = r.recorded_score;
    g.origin = r.source + ": ";
    out.push_back(std::move(g));
  }
  return out;
}

/// Writes `games` as a WTHOR database; with list paths, the players (in order of first
/// appearance) and one tournament named after the source file as .JOU / .TRN lists.
void write_wthor(const std::string& path, const std::vector<RecordGame>& games,
                 const FormatOptions& options) {
  std::vector<std::string> players;
  const auto index_of = [&](const std::string& name) {
    const auto it = std::find(players.begin(), players.end(), name);
    if (it != players.end()) return static_cast<int>(it - players.begin());
    players.push_back(name);
    return static_cast<int>(players.size() - 1);
  };
  std::vector<othello::WthorGame> out;
  for (const auto& g : games) {
    othello::WthorGame w;
    w.moves = g.moves;
    // WOF rule: empties to the winner, so 64 discs in all.
    w.black_discs = (64 + g.score.value_or(0)) / 2;
    w.black = index_of(g.first);
    w.white = index_of(g.second);
    out.push_back(std::move(w));
  }
  const int year = core::utc_calendar().tm_year + 1900;
  othello::write_wthor_database(path, out, year);
  if (!options.file("wthor-players").empty()) {
    othello::write_wthor_names(options.file("wthor-players"), players,
                               othello::kWthorPlayerBytes, year);
  }
  if (!options.file("wthor-tournaments").empty()) {
    othello::write_wthor_names(options.file("wthor-tournaments"),
                               {std::filesystem::path(options.source).stem().string()},
                               othello::kWthorTournamentBytes, year);
  }
}

}  // namespace

std::string write_transcripts(const std::vector<RecordGame>& games) {
  std::string out = "# event\tblack-white discs\ttranscript (arena convert)\n";
  for (const auto& g : games) {
    // Under the WOF rule black + white = 64 (empties to the winner), so the score fixes both.
    const int score = g.score.value_or(0);
    const int black = (64 + score) / 2;
    out += (g.first.empty() && g.second.empty() ? std::string("arena")
                                                : g.first + " vs " + g.second);
    out += '\t';
    out += std::to_string(black);
    out += '-';
    out += std::to_string(64 - black);
    out += '\t';
    for (const auto& m : g.moves) {
      if (m != "pass") out += m;
    }
    out += '\n';
  }
  return out;
}

std::vector<RecordGame> read_ggf_games(std::string_view text, const std::string& origin) {
  std::vector<RecordGame> games;
  for (auto& gg : parse_ggf(text, origin)) {
    RecordGame g;
    g.first = gg.black;
    g.second = gg.white;
    g.moves = std::move(gg.moves);
    g.notes = std::move(gg.notes);
    g.origin = where(origin, gg.line);
    if (gg.board != kGgfStartBoard) {
      throw InputError(g.origin + "a GGF game that does not start from the standard position "
                                "cannot become a log game");
    }
    if (!gg.result.empty() && gg.result != "?") {
      try {
        g.score = static_cast<int>(std::lround(std::stod(gg.result)));
      } catch (const std::exception&) {
        // RE values like "+T" (time loss) carry no disc count; the replay decides.
      }
    }
    games.push_back(std::move(g));
  }
  return games;
}

std::string write_ggf_games(const std::vector<RecordGame>& games) {
  std::string out;
  for (const auto& g : games) {
    GgfGame gg;
    gg.black = g.first;
    gg.white = g.second;
    gg.moves = g.moves;
    gg.notes = g.notes;
    if (g.score) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%+d.000", *g.score);
      gg.result = *g.score == 0 ? "0.000" : buf;
    }
    out += format_ggf(gg) + "\n";
  }
  return out;
}

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

std::vector<records::OpeningLine> read_othello_openings(const std::string& path) {
  std::vector<records::OpeningLine> lines;
  const std::string lower = boost::algorithm::to_lower_copy(path);
  if (boost::algorithm::ends_with(lower, ".ggf")) {
    const std::string text = core::read_text_file(path, "record file");
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
  } else {
    othello::RecordStats stats;
    const bool database = boost::algorithm::ends_with(lower, ".wtb");
    const auto games =
        database
            ? othello::read_wthor_database(path, othello::InvalidRecordPolicy::UseRecorded, stats)
            : othello::read_wthor_transcripts(path, othello::InvalidRecordPolicy::UseRecorded, stats);
    std::size_t n = 0;
    for (const auto& g : games) lines.push_back({joined(g.moves), ++n, g.source + ": "});
  }
  if (lines.empty()) throw InputError("--openings: " + path + ": no game in the file");
  return lines;
}

std::vector<RecordFormat> RecordFormats<othello::Othello>::formats() {
  const std::string game(Othello::kName);
  const auto text_writer = [](std::string (*write)(const std::vector<RecordGame>&)) {
    return [write](const std::string& path, const std::vector<RecordGame>& games,
                   const FormatOptions&) { core::write_text_file(path, write(games)); };
  };
  return {
      {"transcript", game, {".txt", ".tsv"},
       [](const std::string& path, const FormatOptions& o) { return read_wthor(path, false, o); },
       text_writer(write_transcripts), read_othello_openings},
      {"ggf", game, {".ggf"},
       [](const std::string& path, const FormatOptions&) {
         return read_ggf_games(core::read_text_file(path, "record file"), path);
       },
       text_writer(write_ggf_games), read_othello_openings},
      {"wtb", game, {".wtb"},
       [](const std::string& path, const FormatOptions& o) { return read_wthor(path, true, o); },
       write_wthor, read_othello_openings},
  };
}

std::string RecordFormats<othello::Othello>::plain_opening(const std::string& line,
                                                           const std::string& where) {
  return is_othello_board_line(line) ? othello_position_opening(line, where) : line;
}

}  // namespace arena::records
