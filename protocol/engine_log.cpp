// The engine I/O log (see engine_log.hpp).
#include "protocol/engine_log.hpp"


#include "engine/core/errors.hpp"
#include "engine/core/utc_time.hpp"

namespace arena::protocol {

std::shared_ptr<EngineLog> EngineLog::open(const std::string& path, const std::string& option) {
  std::ofstream out(path, std::ios::app);
  if (!out) throw InputError(option + " " + path + ": cannot open the file for writing");
  return std::shared_ptr<EngineLog>(new EngineLog(std::move(out)));
}

void EngineLog::write(std::string_view engine, std::int64_t game_id, char direction,
                      std::string_view line) {
  const std::string stamp = core::utc_iso8601_ms();
  const std::string game = game_id < 0 ? std::string("-") : std::to_string(game_id);
  const std::lock_guard<std::mutex> lock(mutex_);
  out_ << stamp << ' ' << engine << " game=" << game << ' ' << direction << ' ' << line << '\n';
  out_.flush();
}

}  // namespace arena::protocol
