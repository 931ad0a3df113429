// UTC times as text (see utc_time.hpp).
#include "engine/core/utc_time.hpp"

#include <cstdio>

namespace arena::core {

namespace {

/// `t` formatted by strftime's `format` in UTC (the formats here are at most 20 characters).
std::string format_utc(const char* format, WallClock::time_point t) {
  const std::tm tm = utc_calendar(t);
  char buf[64];
  const std::size_t n = std::strftime(buf, sizeof buf, format, &tm);
  return std::string(buf, n);
}

}  // namespace

std::tm utc_calendar(WallClock::time_point t) {
  const std::time_t secs = WallClock::to_time_t(t);
  std::tm tm{};
  ::gmtime_r(&secs, &tm);
  return tm;
}

std::string utc_iso8601(WallClock::time_point t) { return format_utc("%Y-%m-%dT%H:%M:%SZ", t); }

std::string utc_iso8601_ms(WallClock::time_point t) {
  using std::chrono::duration_cast;
  using std::chrono::milliseconds;
  // to_time_t truncates towards the second below for times after 1970, as the milliseconds do.
  const auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count() % 1000;
  char frac[8];
  std::snprintf(frac, sizeof frac, ".%03dZ", static_cast<int>(ms));
  return format_utc("%Y-%m-%dT%H:%M:%S", t) + frac;
}

std::string utc_file_stamp(WallClock::time_point t) { return format_utc("%Y%m%d-%H%M%S", t); }

}  // namespace arena::core
