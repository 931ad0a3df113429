// Game clocks (see time_control.hpp).
#include "records/time_control.hpp"

#include <cmath>
#include <cstdlib>

#include "engine/core/errors.hpp"

namespace arena::records {

TimeControl parse_time_control(std::string text, std::string_view option) {
  const auto bad = [&]() {
    return InputError(std::string(option) + ": '" + text + "' (expected SECONDS[+INC], e.g. 60+0.5)");
  };
  const auto plus = text.find('+');
  const auto seconds = [&](const std::string& part) {
    char* end = nullptr;
    const double v = std::strtod(part.c_str(), &end);
    if (part.empty() || end != part.c_str() + part.size() || !std::isfinite(v) || v < 0 ||
        v > 1e6) {
      throw bad();
    }
    return static_cast<int>(std::lround(v * 1000.0));
  };
  TimeControl tc;
  tc.base_ms = seconds(text.substr(0, plus));
  if (plus != std::string::npos) tc.increment_ms = seconds(text.substr(plus + 1));
  if (tc.base_ms <= 0) throw bad();
  tc.text = std::move(text);
  return tc;
}

}  // namespace arena::records
