// INI files for every config of the project (engine configs, loop run configs): one lexer
// (`#` starts a comment, `[section]` prefixes the keys after it with "section.", each other
// line is `key = value`) that keeps each key's line, so every error has one form:
// "FILE:LINE: key 'k': expected ..., got ...". (Boost.Program_options stays for command lines;
// its config-file parser reports no line numbers.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arena::core {

/// One `key = value` of an INI file: dotted key ("section.key"), trimmed value, 1-based line.
struct IniEntry {
  std::string key;
  std::string value;
  std::size_t line = 0;
  bool registered = true;  ///< false for keys under an allowed unregistered prefix
};

/// The entries of INI `text` read from `origin`, in file order. `keys` are the known dotted
/// keys; keys starting with one of `open_prefixes` (e.g. "weights.") are accepted too and
/// marked unregistered. Throws InputError naming origin:line for a line that is not
/// `key = value` or `[section]`, an unknown key (listing `expected`), or a key given twice.
[[nodiscard]] std::vector<IniEntry> read_ini(const std::string& text, const std::string& origin,
                                             const std::vector<std::string>& keys,
                                             const std::vector<std::string>& open_prefixes,
                                             const std::string& expected);

/// Typed values of IniEntry, each throwing InputError "origin:line: key 'k': expected ..., got
/// '...'" on a bad value.
class IniValues {
 public:
  explicit IniValues(std::string origin) : origin_(std::move(origin)) {}
  [[noreturn]] void fail(const IniEntry& e, const std::string& what) const;
  [[nodiscard]] std::int64_t integer(const IniEntry& e, std::int64_t lo, std::int64_t hi) const;
  [[nodiscard]] double number(const IniEntry& e, double lo, double hi) const;
  [[nodiscard]] std::vector<double> numbers(const IniEntry& e) const;
  [[nodiscard]] bool boolean(const IniEntry& e) const;
  [[nodiscard]] std::string one_of(const IniEntry& e, const std::vector<std::string>& allowed) const;
  [[nodiscard]] std::string non_empty(const IniEntry& e) const;
  /// The value when it holds no control character but tab (CR, escape...): such a
  /// value cannot be written back as INI text.
  [[nodiscard]] std::string printable(const IniEntry& e) const;

 private:
  std::string origin_;
};

}  // namespace arena::core
