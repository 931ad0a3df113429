// Plain openings files (see opening_lines.hpp).
#include "records/opening_lines.hpp"

#include <fstream>

#include "engine/core/errors.hpp"

namespace arena::records {

std::vector<OpeningLine> read_opening_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("--openings: cannot read '" + path + "'");
  std::vector<OpeningLine> lines;
  std::string text;
  for (std::size_t n = 1; std::getline(in, text); ++n) {
    if (const auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
    if (text.find_first_not_of(" \t\r,") == std::string::npos) continue;
    lines.push_back({text, n, where(path, n)});
  }
  if (lines.empty()) throw InputError(where(path, 0) + "no opening in the file");
  return lines;
}

}  // namespace arena::records
