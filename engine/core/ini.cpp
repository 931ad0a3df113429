// INI reading shared by every config format (see ini.hpp).
#include "engine/core/ini.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <system_error>

#include <boost/algorithm/string.hpp>
#include <boost/program_options.hpp>

#include "engine/core/errors.hpp"

namespace arena::core {

namespace {

namespace po = boost::program_options;

/// Dotted key -> its 1-based lines in file order; rejects lines that are neither
/// `key = value` nor `[section]`.
std::map<std::string, std::vector<std::size_t>> key_lines(const std::string& text,
                                                          const std::string& origin) {
  std::map<std::string, std::vector<std::size_t>> lines;
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
    const std::string key = eq == std::string::npos ? std::string() : boost::algorithm::trim_copy(s.substr(0, eq));
    if (key.empty()) {
      throw InputError(where(origin, line_no) + "expected 'key = value' or '[section]', got '" +
                       s + "'");
    }
    lines[prefix + key].push_back(line_no);
  }
  return lines;
}

}  // namespace

std::vector<IniEntry> read_ini(const std::string& text, const std::string& origin,
                               const std::vector<std::string>& keys,
                               const std::vector<std::string>& open_prefixes,
                               const std::string& expected) {
  const auto lines = key_lines(text, origin);
  po::options_description desc;
  for (const auto& key : keys) desc.add_options()(key.c_str(), po::value<std::string>());
  std::istringstream in(text);
  po::parsed_options parsed(&desc);
  try {
    parsed = po::parse_config_file(in, desc, true);
  } catch (const po::error& e) {
    throw InputError(where(origin, 0) + e.what());
  }
  std::vector<IniEntry> out;
  std::map<std::string, std::size_t> seen;
  for (const auto& opt : parsed.options) {
    const std::string& key = opt.string_key;
    const std::size_t occurrence = seen[key]++;
    const auto it = lines.find(key);
    const std::size_t line =
        it != lines.end() && occurrence < it->second.size() ? it->second[occurrence] : 0;
    if (occurrence > 0) {
      // The line map may miss a key Boost lexes differently (found by fuzzing): name the first
      // line only when it is known.
      const std::string first = it != lines.end() && !it->second.empty()
                                    ? " (first on line " + std::to_string(it->second.front()) + ")"
                                    : "";
      throw InputError(where(origin, line) + "key '" + key + "': given twice" + first);
    }
    bool open = false;
    for (const auto& p : open_prefixes) open = open || key.rfind(p, 0) == 0;
    if (opt.unregistered && !open) {
      throw InputError(where(origin, line) + "key '" + key + "': unknown key (expected " +
                       expected + ")");
    }
    out.push_back({key, opt.value.empty() ? std::string() : boost::algorithm::trim_copy(opt.value.front()), line,
                   !opt.unregistered});
  }
  return out;
}

std::string read_text_file(const std::string& path, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open " + what + " (missing or unreadable file)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
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
