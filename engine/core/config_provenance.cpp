// Tuning provenance comments (see config_provenance.hpp).
#include "engine/core/config_provenance.hpp"

#include <regex>
#include <sstream>

namespace arena::core {

std::string tuning_start_comment(const TuningStart& start) {
  return "start: " + start.path + " (name " + start.name + ", config hash " + start.hash + ")";
}

std::optional<TuningStart> tuning_start(const std::string& config_text) {
  // The path may hold spaces and brackets: the name and hash are taken from the line's end.
  static const std::regex kLine(R"(^#\s*start: (.*) \(name (.*), config hash ([0-9a-f]{16})\)\s*$)");
  std::istringstream in(config_text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("#")) continue;
    std::smatch m;
    if (std::regex_match(line, m, kLine)) return TuningStart{m[1], m[2], m[3]};
  }
  return std::nullopt;
}

}  // namespace arena::core
