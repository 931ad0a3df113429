// Blokus Duo's record formats (see records.hpp). Plain text scanning; every error names the
// file and line where the offending game or token sits.
#include "engine/blokus_duo/bind/records.hpp"

#include <cctype>
#include <sstream>

#include <boost/algorithm/string.hpp>

#include "engine/blokus_duo/notation.hpp"
#include "engine/core/errors.hpp"
#include "engine/core/text_file.hpp"

namespace arena::records {

namespace {

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

std::vector<RecordGame> read_fourcc(std::string_view text, const std::string& origin) {
  std::vector<RecordGame> games;
  for (const auto& [n, raw] : text_lines(text)) {
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

std::vector<RecordFormat> RecordFormats<blokus_duo::BlokusDuo>::formats() {
  const std::string game(blokus_duo::BlokusDuo::kName);
  const auto reader = [](std::vector<RecordGame> (*read)(std::string_view, const std::string&)) {
    return [read](const std::string& path, const FormatOptions&) {
      return read(core::read_text_file(path, "record file"), path);
    };
  };
  const auto writer = [](std::string (*write)(const std::vector<RecordGame>&)) {
    return [write](const std::string& path, const std::vector<RecordGame>& games,
                   const FormatOptions&) { core::write_text_file(path, write(games)); };
  };
  return {
      {"fourcc", game, {".fourcc", ".fourcc.txt"}, reader(read_fourcc), writer(write_fourcc), {}},
      {"blksgf", game, {".blksgf"}, reader(read_blksgf), writer(write_blksgf), {}},
  };
}

}  // namespace arena::records
