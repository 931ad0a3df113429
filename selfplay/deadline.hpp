// The wall-clock end of a run (`--deadline` or `--hours`): when it comes, no game starts and
// the games in flight finish, leaving a log that the same command resumes. For batch jobs
// under a time limit, set it a little before the limit (the longest game's time earlier).
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace arena::selfplay {

using WallTime = std::chrono::system_clock::time_point;

/// Parses an ISO 8601 UTC time, "YYYY-MM-DDTHH:MM[:SS]Z" or with an offset "+HH:MM"/"-HH:MM"
/// instead of Z. Throws InputError naming `option` when malformed.
[[nodiscard]] WallTime parse_utc_time(const std::string& text, const std::string& option);

/// The run's deadline from --deadline `deadline` ("" = none) or --hours `hours` (0 = none)
/// after `now`. Throws InputError for both given, negative or non-finite hours, a malformed
/// or past deadline.
[[nodiscard]] std::optional<WallTime> run_deadline(const std::string& deadline, double hours,
                                                   WallTime now);

}  // namespace arena::selfplay
