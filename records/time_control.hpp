// A game clock as the user wrote it ("SECONDS[+INC]", --tc or an --engine entry's tc=): the
// text, kept byte for byte for the run record (limits.tc), and its values, parsed once where
// the option or the record is read (as analysis::SprtSpec keeps an SPRT's text).
#pragma once

#include <string>
#include <string_view>

namespace arena::records {

/// Base time and increment per move of one side's clock.
struct TimeControl {
  std::string text;      ///< as given ("60+0.5"); what the run record stores
  int base_ms = 0;       ///< milliseconds, > 0
  int increment_ms = 0;  ///< milliseconds, >= 0
  /// Two clocks are the same run setting when they were written the same way.
  bool operator==(const TimeControl& other) const { return text == other.text; }
};

/// Parses "SECONDS[+INC]" (decimals allowed, e.g. "60+0.5"; each part in [0, 10^6] s, rounded
/// to ms, the base > 0), keeping the text. Throws InputError "OPTION: 'TEXT' (expected
/// SECONDS[+INC], e.g. 60+0.5)", `option` being the option or the record's field.
[[nodiscard]] TimeControl parse_time_control(std::string text, std::string_view option = "--tc");

}  // namespace arena::records
