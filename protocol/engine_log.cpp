// The engine I/O log (see engine_log.hpp).
#include "protocol/engine_log.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "engine/core/errors.hpp"

namespace arena::protocol {

std::shared_ptr<EngineLog> EngineLog::open(const std::string& path, const std::string& option) {
  std::ofstream out(path, std::ios::app);
  if (!out) throw InputError(option + " " + path + ": cannot open the file for writing");
  return std::shared_ptr<EngineLog>(new EngineLog(std::move(out)));
}

void EngineLog::write(std::string_view engine, std::int64_t game_id, char direction,
                      std::string_view line) {
  using namespace std::chrono;
  const auto now = system_clock::now();
  const std::time_t secs = system_clock::to_time_t(now);
  const auto ms = duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&secs, &utc);
  char stamp[96];
  std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(ms));
  const std::string game = game_id < 0 ? std::string("-") : std::to_string(game_id);
  const std::lock_guard<std::mutex> lock(mutex_);
  out_ << stamp << ' ' << engine << " game=" << game << ' ' << direction << ' ' << line << '\n';
  out_.flush();
}

}  // namespace arena::protocol
