// Labelled positions files: line parsing and writing (see positions.hpp).
#include "tune/positions.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <boost/algorithm/string/trim.hpp>

#include "engine/core/text_file.hpp"
#include "tune/tune.hpp"

namespace arena::tune {

namespace {

constexpr const char* kHeaderStart = "# arena positions:";

/// The value of "NAME VALUE" among the header's ';'-separated fields, "" when absent.
std::string header_field(const std::string& header, const std::string& name) {
  std::stringstream fields(header.substr(std::string(kHeaderStart).size()));
  for (std::string f; std::getline(fields, f, ';');) {
    boost::algorithm::trim(f);
    if (f.rfind(name + " ", 0) == 0) return boost::algorithm::trim_copy(f.substr(name.size() + 1));
    if (f == name) return "";
  }
  return "";
}

}  // namespace

std::string positions_header(const std::string& game, const std::string& rules,
                             const std::string& label) {
  return std::string(kHeaderStart) + " game " + game + "; rules " + rules + "; label " + label;
}

std::string format_position_line(const std::string& position, int label_centi) {
  char buf[32];
  if (label_centi % 100 == 0) {
    std::snprintf(buf, sizeof buf, "%+d", label_centi / 100);
  } else {
    std::snprintf(buf, sizeof buf, "%s%d.%02d", label_centi < 0 ? "-" : "+",
                  std::abs(label_centi) / 100, std::abs(label_centi) % 100);
  }
  return position + "; " + buf;
}

PositionsFile read_positions_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(where(path, 0) + "cannot open the positions file");
  PositionsFile f;
  std::size_t n = 0;
  for (std::string raw; std::getline(in, raw);) {
    ++n;
    const std::string line = boost::algorithm::trim_copy(raw);
    if (line.empty()) continue;
    if (line[0] == '#') {
      if (line.rfind(kHeaderStart, 0) == 0) {
        f.game = header_field(line, "game");
        f.rules = header_field(line, "rules");
        f.label = header_field(line, "label");
      }
      continue;
    }
    const std::string at = where(path, n);
    const auto semi = line.find(';');
    if (semi == std::string::npos) {
      throw InputError(at + "expected 'POSITION; LABEL' (a ';' and the label)");
    }
    std::string label = line.substr(semi + 1);
    label = boost::algorithm::trim_copy(label.substr(0, label.find(';')));
    // Edax OBF entries are MOVE:SCORE; the first is the best move's, the position's value.
    if (const auto colon = label.find(':'); colon != std::string::npos) label = label.substr(colon + 1);
    char* end = nullptr;
    const double value = std::strtod(label.c_str(), &end);
    if (label.empty() || end != label.c_str() + label.size() || !std::isfinite(value)) {
      throw InputError(at + "label '" + label + "' is not a number (game units, mover's view)");
    }
    f.lines.push_back({boost::algorithm::trim_copy(line.substr(0, semi)),
                       static_cast<int>(std::lround(value * 100.0)), at});
  }
  return f;
}

void add_label(LabelCache& cache, std::uint64_t hash, const std::string& position, int label) {
  cache.labels.emplace(hash, label);
  cache.lines.push_back(format_position_line(position, label));
  ++cache.added;
}

void save_label_cache(LabelCache& cache) {
  if (cache.path.empty() || cache.added == cache.saved) return;
  std::string text = positions_header(cache.game, cache.rules, cache.key) + "\n";
  for (const auto& line : cache.lines) text += line + "\n";
  core::write_text_file(cache.path, text);
  cache.saved = cache.added;
  cache.saved_at = std::chrono::steady_clock::now();
}

void save_label_cache_if_due(LabelCache& cache) {
  if (std::chrono::steady_clock::now() - cache.saved_at >= kLabelCacheSaveInterval) {
    save_label_cache(cache);
  }
}

}  // namespace arena::tune
