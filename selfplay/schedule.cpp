// The run schedule: pairings, seats and shards (mapping documented in schedule.hpp).
#include "selfplay/schedule.hpp"

#include <charconv>

#include "engine/core/errors.hpp"

namespace arena::selfplay {

Format parse_format(const std::string& text) {
  if (text == "round-robin") return Format::RoundRobin;
  if (text == "gauntlet") return Format::Gauntlet;
  throw InputError("--format: '" + text + "' (expected round-robin or gauntlet)");
}

const char* format_name(Format f) { return f == Format::RoundRobin ? "round-robin" : "gauntlet"; }

Shard parse_shard(const std::string& text) {
  Shard s;
  const auto slash = text.find('/');
  const auto parse = [&](std::string_view part, int& out) {
    const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return ec == std::errc() && ptr == part.data() + part.size() && !part.empty();
  };
  const std::string_view all(text);
  if (slash == std::string::npos || !parse(all.substr(0, slash), s.index) ||
      !parse(all.substr(slash + 1), s.count) || s.count < 1 || s.index < 0 ||
      s.index >= s.count) {
    throw InputError("--shard: '" + text + "' (expected i/n with 0 <= i < n, e.g. 0/4)");
  }
  return s;
}

Schedule::Schedule(int engines, Format format, std::int64_t games, Shard shard)
    : games_(games), shard_(shard) {
  if (engines < 2) throw InputError("--engine: at least two engines are needed");
  if (games < 1) throw InputError("--games: must be at least 1");
  if (shard.count < 1 || shard.index < 0 || shard.index >= shard.count) {
    throw InputError("--shard: " + std::to_string(shard.index) + "/" + std::to_string(shard.count) +
                     " is out of range");
  }
  const int last_a = format == Format::Gauntlet ? 1 : engines - 1;
  for (int a = 0; a < last_a; ++a) {
    for (int b = a + 1; b < engines; ++b) pairings_.push_back({a, b});
  }
}

Seats Schedule::seats(std::int64_t id) const {
  const int pairing = pairing_of_pair(id / 2);
  const Pairing& p = pairings_[static_cast<std::size_t>(pairing)];
  return id % 2 == 0 ? Seats{p.a, p.b, pairing} : Seats{p.b, p.a, pairing};
}

std::vector<std::int64_t> Schedule::shard_ids() const {
  std::vector<std::int64_t> ids;
  for (std::int64_t pair = shard_.index; pair < pairs(); pair += shard_.count) {
    ids.push_back(2 * pair);
    if (2 * pair + 1 < games_) ids.push_back(2 * pair + 1);
  }
  return ids;
}

std::int64_t Schedule::shard_games() const {
  return static_cast<std::int64_t>(shard_ids().size());
}

}  // namespace arena::selfplay
