// The lines of a log of one record type, as JSON (for tests that check what was written, e.g.
// the SPRT decision line and the games marked after it).
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arena::selfplay::testing {

/// The lines of the log at `path` whose "type" is `type` ("run", "game", "sprt"), in file order.
inline std::vector<nlohmann::json> lines_of_type(const std::string& path, const std::string& type) {
  std::ifstream in(path);
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);) {
    auto j = nlohmann::json::parse(line);
    if (j["type"] == type) out.push_back(std::move(j));
  }
  return out;
}

}  // namespace arena::selfplay::testing
