// UTC time stamps against GNU date: `date -u -d @1796126400 +%Y-%m-%dT%H:%M:%SZ` prints
// 2026-12-01T12:00:00Z, `date -u -d @951782400 +%Y%m%d-%H%M%S` prints 20000229-000000 (a leap
// day), `date -u -d @1835395199 +%FT%TZ` prints 2028-02-28T23:59:59Z.
#include "engine/core/utc_time.hpp"

#include <gtest/gtest.h>

namespace arena::core {
namespace {

WallClock::time_point at_ms(long long ms) {
  return WallClock::time_point(std::chrono::milliseconds(ms));
}

TEST(UtcTime, StampsMatchGnuDate) {
  EXPECT_EQ(utc_iso8601(at_ms(1796126400000)), "2026-12-01T12:00:00Z");
  EXPECT_EQ(utc_iso8601(at_ms(1835395199999)), "2028-02-28T23:59:59Z");
  EXPECT_EQ(utc_file_stamp(at_ms(951782400000)), "20000229-000000");
}

TEST(UtcTime, MillisecondsAreTruncatedNotRounded) {
  EXPECT_EQ(utc_iso8601_ms(at_ms(1796126400123)), "2026-12-01T12:00:00.123Z");
  EXPECT_EQ(utc_iso8601_ms(at_ms(1835395199999)), "2028-02-28T23:59:59.999Z");
  EXPECT_EQ(utc_iso8601_ms(at_ms(1796126400000)), "2026-12-01T12:00:00.000Z");
}

TEST(UtcTime, CalendarFieldsOfALeapDay) {
  const std::tm tm = utc_calendar(at_ms(951782400000));
  EXPECT_EQ(tm.tm_year + 1900, 2000);
  EXPECT_EQ(tm.tm_mon + 1, 2);
  EXPECT_EQ(tm.tm_mday, 29);
  EXPECT_EQ(tm.tm_yday, 59);  // %j of GNU date is 060, counted from 1
}

}  // namespace
}  // namespace arena::core
