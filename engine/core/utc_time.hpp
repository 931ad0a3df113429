// UTC wall-clock times as text, in one place: the ISO 8601 stamps of logs, tuned configs,
// reports and engine transcripts, the compact stamp of run-folder and log names, and the
// calendar fields of WTHOR headers. Key idea: every caller formats through gmtime_r (the
// reentrant form: self-play threads and engine transcripts stamp concurrently).
#pragma once

#include <chrono>
#include <ctime>
#include <string>

namespace arena::core {

using WallClock = std::chrono::system_clock;

/// The UTC calendar fields of `t` (gmtime_r: tm_year counts from 1900, tm_mon from 0).
[[nodiscard]] std::tm utc_calendar(WallClock::time_point t = WallClock::now());

/// ISO 8601 to the second, "2026-12-01T12:00:00Z": run records, tuned configs, reports.
[[nodiscard]] std::string utc_iso8601(WallClock::time_point t = WallClock::now());

/// ISO 8601 to the millisecond, "2026-12-01T12:00:00.123Z": engine protocol transcripts.
[[nodiscard]] std::string utc_iso8601_ms(WallClock::time_point t = WallClock::now());

/// "20261201-120000": run folder and default log names (sorts by time, no ':' in file names).
[[nodiscard]] std::string utc_file_stamp(WallClock::time_point t = WallClock::now());

}  // namespace arena::core
