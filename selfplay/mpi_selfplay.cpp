// Message payloads of the distributed self-play: id lists and game lines as text.
#include "selfplay/mpi_selfplay.hpp"

namespace arena::selfplay {

std::string format_ids(const std::vector<std::int64_t>& ids) {
  std::string out;
  for (const auto id : ids) {
    if (!out.empty()) out += ' ';
    out += std::to_string(id);
  }
  return out;
}

std::vector<std::int64_t> parse_ids(const std::string& text) {
  std::vector<std::int64_t> ids;
  std::istringstream in(text);
  for (std::int64_t id = 0; in >> id;) ids.push_back(id);
  return ids;
}

std::string format_games(const std::vector<GameRecord>& games) {
  std::string out;
  for (const auto& g : games) {
    out += to_json(g).dump();
    out += '\n';
  }
  return out;
}

std::vector<GameRecord> parse_games(const std::string& text, const std::string& where) {
  std::vector<GameRecord> games;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) games.push_back(game_record_from_json(nlohmann::json::parse(line), where));
  }
  return games;
}

std::string stop_word(StopMode mode, const std::string& signal) {
  std::string out = mode == StopMode::Finish ? "finish" : "abandon";
  if (!signal.empty()) out += " " + signal;
  return out;
}

std::pair<StopMode, std::string> parse_stop(const std::string& payload) {
  const auto space = payload.find(' ');
  const std::string word = payload.substr(0, space);
  const std::string signal = space == std::string::npos ? "" : payload.substr(space + 1);
  return {word == "finish" ? StopMode::Finish : StopMode::Abandon, signal};
}

}  // namespace arena::selfplay
