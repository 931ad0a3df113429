// Deadline parsing (see deadline.hpp).
#include "selfplay/deadline.hpp"

#include <cmath>
#include <cstdio>
#include <ctime>

#include "engine/core/errors.hpp"

namespace arena::selfplay {

WallTime parse_utc_time(const std::string& text, const std::string& option) {
  const auto bad = [&] {
    return InputError(option + ": '" + text +
                      "' (expected a UTC time such as 2026-12-01T12:00:00Z, or with an offset "
                      "such as 2026-12-01T13:00:00+01:00)");
  };
  std::tm tm{};
  int consumed = 0;
  // Step 1: date and hour:minute, then optional seconds.
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                  &tm.tm_hour, &tm.tm_min, &consumed) != 5 || consumed != 16) {
    throw bad();
  }
  std::string rest = text.substr(16);
  if (rest.size() >= 3 && rest[0] == ':') {
    int used = 0;
    if (std::sscanf(rest.c_str(), ":%2d%n", &tm.tm_sec, &used) != 1 || used != 3) throw bad();
    rest = rest.substr(3);
  }
  // Step 2: the zone, Z or +HH:MM / -HH:MM.
  long offset_seconds = 0;
  if (rest == "Z") {
  } else if (rest.size() == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':') {
    int h = 0;
    int m = 0;
    int used = 0;
    if (std::sscanf(rest.c_str() + 1, "%2d:%2d%n", &h, &m, &used) != 2 || used != 5 || h > 23 ||
        m > 59) {
      throw bad();
    }
    offset_seconds = (rest[0] == '+' ? 1 : -1) * (h * 3600L + m * 60L);
  } else {
    throw bad();
  }
  // Step 3: range checks (timegm would normalise 2026-13-40 silently), then UTC seconds.
  if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 ||
      tm.tm_min > 59 || tm.tm_sec > 60) {
    throw bad();
  }
  const int day = tm.tm_mday;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  const std::time_t t = ::timegm(&tm);
  if (t == static_cast<std::time_t>(-1) || tm.tm_mday != day) throw bad();  // 31 April
  return std::chrono::system_clock::from_time_t(t - offset_seconds);
}

std::optional<WallTime> run_deadline(const std::string& deadline, double hours, WallTime now) {
  if (!deadline.empty() && hours != 0.0) {
    throw InputError("--deadline and --hours: give one of them");
  }
  if (!deadline.empty()) {
    const WallTime t = parse_utc_time(deadline, "--deadline");
    if (t <= now) throw InputError("--deadline: " + deadline + " has passed");
    return t;
  }
  if (hours == 0.0) return std::nullopt;
  if (!std::isfinite(hours) || hours < 0 || hours > 1e5) {
    throw InputError("--hours: " + std::to_string(hours) + " (expected a positive number of hours)");
  }
  return now + std::chrono::duration_cast<WallTime::duration>(
                   std::chrono::duration<double, std::ratio<3600>>(hours));
}

}  // namespace arena::selfplay
