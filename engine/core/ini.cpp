// INI reading shared by every config format (see ini.hpp).
#include "engine/core/ini.hpp"

#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"

namespace arena::core {

std::vector<IniEntry> read_ini(const std::string& text, const std::string& origin,
                               const std::vector<std::string>& keys,
                               const std::vector<std::string>& open_prefixes,
                               const std::string& expected) {
  const std::set<std::string> known(keys.begin(), keys.end());
  std::map<std::string, std::size_t> first_line;  // dotted key -> the line it was given on
  std::vector<IniEntry> out;
  std::istringstream in(text);
  std::string raw;
  std::string prefix;
  for (std::size_t line_no = 1; std::getline(in, raw); ++line_no) {
    const std::string s = boost::algorithm::trim_copy(raw.substr(0, raw.find('#')));
    if (s.empty()) continue;
    if (s.front() == '[' && s.back() == ']') {
      prefix = boost::algorithm::trim_copy(s.substr(1, s.size() - 2));
      if (!prefix.empty() && prefix.back() != '.') prefix += '.';
      continue;
    }
    const auto eq = s.find('=');
    const std::string name =
        eq == std::string::npos ? std::string() : boost::algorithm::trim_copy(s.substr(0, eq));
    if (name.empty()) {
      throw InputError(where(origin, line_no) + "expected 'key = value' or '[section]', got '" +
                       s + "'");
    }
    const std::string key = prefix + name;
    if (const auto [it, fresh] = first_line.emplace(key, line_no); !fresh) {
      throw InputError(where(origin, line_no) + "key '" + key + "': given twice (first on line " +
                       std::to_string(it->second) + ")");
    }
    const bool registered = known.count(key) != 0;
    bool open = false;
    for (const auto& p : open_prefixes) open = open || key.rfind(p, 0) == 0;
    if (!registered && !open) {
      throw InputError(where(origin, line_no) + "key '" + key + "': unknown key (expected " +
                       expected + ")");
    }
    out.push_back({key, boost::algorithm::trim_copy(s.substr(eq + 1)), line_no, registered});
  }
  return out;
}

void IniValues::fail(const IniEntry& e, const std::string& what) const {
  throw InputError(where(origin_, e.line) + "key '" + e.key + "': " + what);
}

std::int64_t IniValues::integer(const IniEntry& e, std::int64_t lo, std::int64_t hi) const {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(e.value.data(), e.value.data() + e.value.size(), v);
  if (e.value.empty() || ec != std::errc() || end != e.value.data() + e.value.size() || v < lo ||
      v > hi) {
    fail(e, "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                "], got '" + e.value + "'");
  }
  return v;
}

double IniValues::number(const IniEntry& e, double lo, double hi) const {
  double v = 0;
  const auto [end, ec] = std::from_chars(e.value.data(), e.value.data() + e.value.size(), v);
  if (e.value.empty() || ec != std::errc() || end != e.value.data() + e.value.size() ||
      !std::isfinite(v) || v < lo || v > hi) {
    std::ostringstream range;
    range << "[" << lo << ", " << hi << "]";
    fail(e, "expected a number in " + range.str() + ", got '" + e.value + "'");
  }
  return v;
}

std::vector<double> IniValues::numbers(const IniEntry& e) const {
  std::vector<double> out;
  std::istringstream words(e.value);
  std::string w;
  while (words >> w) {
    double v = 0;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec != std::errc() || end != w.data() + w.size() || !std::isfinite(v)) {
      fail(e, "expected numbers (one per phase, or one for all), got '" + w + "'");
    }
    out.push_back(v);
  }
  if (out.empty()) fail(e, "expected at least one number, got nothing");
  return out;
}

bool IniValues::boolean(const IniEntry& e) const {
  if (e.value == "true" || e.value == "1" || e.value == "yes") return true;
  if (e.value == "false" || e.value == "0" || e.value == "no") return false;
  fail(e, "expected true or false, got '" + e.value + "'");
}

std::string IniValues::one_of(const IniEntry& e, const std::vector<std::string>& allowed) const {
  std::string list;
  for (const auto& a : allowed) {
    if (a == e.value) return e.value;
    list += (list.empty() ? "" : ", ") + a;
  }
  fail(e, "expected one of " + list + ", got '" + e.value + "'");
}

std::string IniValues::non_empty(const IniEntry& e) const {
  if (e.value.empty()) fail(e, "expected a non-empty value");
  return printable(e);
}

std::string IniValues::printable(const IniEntry& e) const {
  for (const char c : e.value) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t') || u == 0x7f) {
      fail(e, "control character " + std::to_string(u) + " in the value (expected printable text)");
    }
  }
  return e.value;
}

}  // namespace arena::core
