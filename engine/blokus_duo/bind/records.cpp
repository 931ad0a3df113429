// Blokus Duo's record formats (see records.hpp). Plain text scanning; every error names the
// file and line where the offending game or token sits.
#include "engine/blokus_duo/bind/records.hpp"

#include <cctype>
#include <sstream>

#include <boost/algorithm/string.hpp>

#include "engine/blokus_duo/notation.hpp"
#include "engine/core/errors.hpp"

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
    // SGF FF[4] (red-bean.com/sgf, "GameTree"): a tree is a node sequence followed by child
    // trees, and the main line continues into the FIRST child at every branch (Pentobi writes
    // its variations so). Per open tree: is it on the main line, has it a child yet.
    std::vector<bool> on_main = {true};
    std::vector<bool> has_child = {false};
    bool black_next = true;
    while (i < text.size() && !on_main.empty()) {
      const char c = text[i];
      if (c == '(') {
        const bool main = on_main.back() && !has_child.back();
        has_child.back() = true;
        on_main.push_back(main);
        has_child.push_back(false);
        step();
        continue;
      }
      if (c == ')') {
        on_main.pop_back();
        has_child.pop_back();
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
      if (!on_main.back()) continue;
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
    if (!on_main.empty()) throw InputError(g.origin + "SGF: game not closed by ')'");
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

std::vector<RecordFormat> RecordFormats<blokus_duo::BlokusDuo>::formats() {
  const std::string game(blokus_duo::BlokusDuo::kName);
  const auto reader = [](std::vector<RecordGame> (*read)(std::string_view, const std::string&)) {
    return [read](const std::string& path, const FormatOptions&) {
      return read(read_text_file(path), path);
    };
  };
  const auto writer = [](std::string (*write)(const std::vector<RecordGame>&)) {
    return [write](const std::string& path, const std::vector<RecordGame>& games,
                   const FormatOptions&) { write_text_file(path, write(games)); };
  };
  return {
      {"fourcc", game, {".fourcc", ".fourcc.txt"}, reader(read_fourcc), writer(write_fourcc), {}},
      {"blksgf", game, {".blksgf"}, reader(read_blksgf), writer(write_blksgf), {}},
  };
}

}  // namespace arena::records
