// Readers and writers of the record formats (see formats.hpp). Plain text scanning; every error
// names the file and line where the offending game or token sits.
#include "records/formats.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <boost/algorithm/string.hpp>

#include "engine/blokus_duo/notation.hpp"
#include "engine/core/errors.hpp"
#include "records/ggf.hpp"
#include "selfplay/log_codec.hpp"

namespace arena::records {

namespace {


/// Lines of `text` with their 1-based numbers.
std::vector<std::pair<std::size_t, std::string>> lines_of(std::string_view text) {
  std::vector<std::pair<std::size_t, std::string>> out;
  std::size_t n = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto nl = text.find('\n', start);
    const auto end = nl == std::string_view::npos ? text.size() : nl;
    ++n;
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (nl == std::string_view::npos) {
      if (!line.empty()) out.emplace_back(n, std::move(line));
      break;
    }
    out.emplace_back(n, std::move(line));
    start = nl + 1;
  }
  return out;
}

bool is_code(const std::string& token) {
  if (token.size() != 4) return false;
  if (token == "----" || token == "0000") return true;
  try {
    (void)blokus_duo::parse_code(token);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

/// " (why)" for a token is_code refused: the notation's own reason when it has one.
std::string code_problem(const std::string& token) {
  if (token.size() != 4) return " (" + std::to_string(token.size()) + " characters)";
  try {
    (void)blokus_duo::parse_code(token);
  } catch (const InputError& e) {
    return std::string(" (") + e.what() + ")";
  }
  return "";
}

}  // namespace

Format parse_format(const std::string& name) {
  if (name == "log") return Format::Log;
  if (name == "transcript") return Format::Transcript;
  if (name == "ggf") return Format::Ggf;
  if (name == "fourcc") return Format::Fourcc;
  if (name == "blksgf") return Format::Blksgf;
  if (name == "wtb") return Format::Wtb;
  if (name == "positions") return Format::Positions;
  throw InputError("unknown format '" + name +
                   "' (expected log, transcript, ggf, fourcc, blksgf, wtb or positions)");
}

std::string format_name(Format f) {
  switch (f) {
    case Format::Log: return "log";
    case Format::Transcript: return "transcript";
    case Format::Ggf: return "ggf";
    case Format::Fourcc: return "fourcc";
    case Format::Blksgf: return "blksgf";
    case Format::Wtb: return "wtb";
    case Format::Positions: return "positions";
  }
  return "?";
}

Format format_from_path(const std::string& path) {
  const std::string p = boost::algorithm::to_lower_copy(path);
  using boost::algorithm::ends_with;
  if (selfplay::is_log_path(p) || ends_with(p, ".log")) return Format::Log;
  if (ends_with(p, ".ggf")) return Format::Ggf;
  if (ends_with(p, ".wtb")) return Format::Wtb;
  if (ends_with(p, ".blksgf")) return Format::Blksgf;
  if (ends_with(p, ".fourcc.txt") || ends_with(p, ".fourcc")) return Format::Fourcc;
  if (ends_with(p, ".txt") || ends_with(p, ".tsv")) return Format::Transcript;
  if (ends_with(p, ".obf")) return Format::Positions;
  throw InputError(path + ": cannot tell the format from the file name (use --from-format / "
                          "--to-format: log, transcript, ggf, fourcc, blksgf, wtb, positions)");
}

std::string format_game(Format f) {
  switch (f) {
    case Format::Transcript:
    case Format::Ggf:
    case Format::Wtb: return "othello";
    case Format::Fourcc:
    case Format::Blksgf: return "blokus-duo";
    case Format::Log:
    case Format::Positions: return "";
  }
  return "";
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open: " + std::strerror(errno));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

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
    if (g.score) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%+d.000", *g.score);
      gg.result = *g.score == 0 ? "0.000" : buf;
    }
    out += format_ggf(gg) + "\n";
  }
  return out;
}

std::vector<RecordGame> read_fourcc(std::string_view text, const std::string& origin) {
  std::vector<RecordGame> games;
  for (const auto& [n, raw] : lines_of(text)) {
    const std::string line(boost::algorithm::trim_copy(raw));
    if (line.empty() || line[0] == '#') continue;
    RecordGame g;
    g.origin = where(origin, n);
    std::istringstream words(line);
    bool first = true;
    for (std::string w; words >> w; first = false) {
      // A game name such as "game10" is any first token of another length; a first token of
      // 4 characters is a code, so a bad one is blamed itself rather than its successor.
      if (first && w.size() != 4) continue;
      if (!is_code(w)) {
        throw InputError(g.origin + "move " + std::to_string(g.moves.size() + 1) + " ('" + w +
                         "'): not a 4-character move code" + code_problem(w));
      }
      g.moves.push_back(w == "0000" ? std::string("----") : w);
    }
    games.push_back(std::move(g));
  }
  return games;
}

std::string write_fourcc(const std::vector<RecordGame>& games) {
  std::string out;
  for (const auto& g : games) {
    if (!g.first.empty() || !g.second.empty()) out += "# " + g.first + " vs " + g.second + "\n";
    std::string line;
    for (const auto& m : g.moves) line += (line.empty() ? "" : " ") + m;
    out += line + "\n";
  }
  return out;
}

std::vector<RecordGame> read_blksgf(std::string_view text, const std::string& origin) {
  std::vector<RecordGame> games;
  std::size_t line = 1;
  std::size_t i = 0;
  const auto step = [&] {
    if (text[i] == '\n') ++line;
    ++i;
  };
  while (i < text.size()) {
    if (text[i] != '(') {
      step();
      continue;
    }
    RecordGame g;
    g.origin = where(origin, line);
    ++i;
    int depth = 1;
    bool black_next = true;
    while (i < text.size() && depth > 0) {
      const char c = text[i];
      if (c == '(') {
        // A variation: only the main line becomes the game; skip nested trees.
        ++depth;
        step();
        continue;
      }
      if (c == ')') {
        --depth;
        step();
        continue;
      }
      if (!std::isupper(static_cast<unsigned char>(c))) {
        step();
        continue;
      }
      std::string key;
      while (i < text.size() && std::isupper(static_cast<unsigned char>(text[i]))) key += text[i++];
      const std::size_t at_line = line;
      std::vector<std::string> values;
      while (i < text.size() && text[i] == '[') {
        ++i;
        std::string v;
        while (i < text.size() && text[i] != ']') {
          if (text[i] == '\\' && i + 1 < text.size()) ++i;
          v += text[i];
          step();
        }
        if (i >= text.size()) throw InputError(where(origin, at_line) + "SGF: unclosed " + key + "[");
        ++i;
        values.push_back(v);
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) step();
      }
      if (values.empty()) throw InputError(where(origin, at_line) + "SGF: " + key + " has no value");
      if (depth != 1) continue;
      if (key == "GM" && values[0] != "Blokus Duo") {
        throw InputError(where(origin, at_line) + "SGF: GM[" + values[0] +
                         "] is not a Blokus Duo game");
      }
      if (key == "PB") g.first = values[0];
      if (key == "PW") g.second = values[0];
      if (key == "B" || key == "W") {
        if ((key == "B") != black_next) g.moves.emplace_back("----");
        try {
          g.moves.push_back(blokus_duo::format_code(blokus_duo::parse_pentobi(values[0])));
        } catch (const InputError& e) {
          throw InputError(where(origin, at_line) + "SGF: move " + key + "[" + values[0] +
                           "]: " + e.what());
        }
        black_next = key != "B";
      }
    }
    if (depth != 0) throw InputError(g.origin + "SGF: game not closed by ')'");
    games.push_back(std::move(g));
  }
  return games;
}

std::string write_blksgf(const std::vector<RecordGame>& games) {
  std::string out;
  const auto escape = [](const std::string& s) {
    std::string e;
    for (const char c : s) {
      if (c == ']' || c == '\\') e += '\\';
      e += c;
    }
    return e;
  };
  for (const auto& g : games) {
    out += "(;GM[Blokus Duo]";
    if (!g.first.empty()) out += "PB[" + escape(g.first) + "]";
    if (!g.second.empty()) out += "PW[" + escape(g.second) + "]";
    bool black = true;
    for (const auto& m : g.moves) {
      const blokus_duo::Move mv = blokus_duo::parse_code(m);
      if (!mv.is_pass()) {
        out += black ? ";B[" : ";W[";
        out += blokus_duo::format_pentobi(mv) + "]";
      }
      black = !black;
    }
    out += ")\n";
  }
  return out;
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError(path + ": cannot create the output file");
  out << text;
  if (!out.flush()) throw InputError(path + ": write failed");
}

std::string write_records(Format f, const std::vector<RecordGame>& games) {
  switch (f) {
    case Format::Transcript: return write_transcripts(games);
    case Format::Ggf: return write_ggf_games(games);
    case Format::Fourcc: return write_fourcc(games);
    case Format::Blksgf: return write_blksgf(games);
    default: break;
  }
  throw InputError("format " + format_name(f) + " is not a record format that can be written");
}

}  // namespace arena::records
