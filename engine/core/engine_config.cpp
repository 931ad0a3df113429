// Engine config reading and writing. Boost.Program_options does the INI lexing and the
// known-key check; it reports no line numbers, so a small scan of the same text (same rules:
// `#` starts a comment, `[section]` prefixes keys with "section.") maps each key occurrence to
// its line for the messages. Values are read as strings and converted here, so every type or
// range error has one form: "FILE:LINE: key 'section.key': expected ..., got '...'".
#include "engine/core/engine_config.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include <boost/program_options.hpp>

#include "engine/core/errors.hpp"

namespace arena::core {

namespace {

namespace po = boost::program_options;

constexpr std::string_view kWeightsPrefix = "weights.";

/// The registered keys (dotted). [weights] keys are feature names and stay unregistered.
constexpr std::array<std::string_view, 13> kKeys = {
    "name",          "game",          "player",           "search.depth",
    "search.nodes",  "search.movetime", "search.gametime", "search.increment",
    "search.tt_mb",  "search.exact",  "search.move_cap",  "eval.features",
    "eval.weights_file"};

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

/// Where each key occurs: dotted key -> 1-based line numbers in file order. Also rejects the
/// lines Program_options would reject (no '=', empty key), with their line number.
std::map<std::string, std::vector<std::size_t>> scan_key_lines(const std::string& text,
                                                               const std::string& origin,
                                                               bool strict) {
  std::map<std::string, std::vector<std::size_t>> lines;
  std::istringstream in(text);
  std::string raw;
  std::string prefix;
  for (std::size_t line_no = 1; std::getline(in, raw); ++line_no) {
    const std::string s = trim(std::string_view(raw).substr(0, raw.find('#')));
    if (s.empty()) continue;
    if (s.front() == '[' && s.back() == ']') {
      prefix = trim(std::string_view(s).substr(1, s.size() - 2));
      if (!prefix.empty() && prefix.back() != '.') prefix += '.';
      continue;
    }
    const auto eq = s.find('=');
    const std::string key = eq == std::string::npos ? std::string() : trim(s.substr(0, eq));
    if (key.empty()) {
      if (!strict) continue;
      throw InputError(where(origin, line_no) + "expected 'key = value' or '[section]', got '" +
                       s + "'");
    }
    lines[prefix + key].push_back(line_no);
  }
  return lines;
}

/// Converts the value of one key, naming file, line and key on failure.
class ValueReader {
 public:
  ValueReader(const std::string& origin, const std::map<std::string, std::vector<std::size_t>>& lines)
      : origin_(origin), lines_(lines) {}

  [[noreturn]] void fail(const std::string& key, std::size_t occurrence,
                         const std::string& what) const {
    std::size_t line = 0;
    if (const auto it = lines_.find(key); it != lines_.end() && occurrence < it->second.size()) {
      line = it->second[occurrence];
    }
    throw InputError(where(origin_, line) + "key '" + key + "': " + what);
  }

  std::int64_t integer(const std::string& key, std::size_t occurrence, const std::string& value,
                       std::int64_t lo, std::int64_t hi) const {
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || v < lo ||
        v > hi) {
      fail(key, occurrence,
           "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
               "], got '" + value + "'");
    }
    return v;
  }

  std::vector<double> numbers(const std::string& key, std::size_t occurrence,
                              const std::string& value) const {
    std::vector<double> out;
    std::istringstream words(value);
    std::string w;
    while (words >> w) {
      double v = 0;
      const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
      if (ec != std::errc() || end != w.data() + w.size() || !std::isfinite(v)) {
        fail(key, occurrence, "expected numbers (one per phase, or one for all), got '" + w + "'");
      }
      out.push_back(v);
    }
    if (out.empty()) fail(key, occurrence, "expected at least one number, got nothing");
    return out;
  }

 private:
  const std::string& origin_;
  const std::map<std::string, std::vector<std::size_t>>& lines_;
};

std::string format_double(double v) {
  std::array<char, 32> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  return ec == std::errc() ? std::string(buf.data(), end) : std::string("0");
}

std::string resolve_weights_file(const std::string& value, const std::string& origin) {
  if (value.empty()) return {};
  std::filesystem::path p(value);
  if (p.is_relative()) p = std::filesystem::path(origin).parent_path() / p;
  return std::filesystem::absolute(p).lexically_normal().string();
}

}  // namespace

std::uint64_t fnv1a64(const std::string& bytes) {
  std::uint64_t h = 14695981039346656037ULL;
  for (const unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

EngineConfig parse_engine_config(const std::string& text, const std::string& origin) {
  // Step 1. Line map (also the syntax check, so every syntax error names its line).
  const auto lines = scan_key_lines(text, origin, true);
  const ValueReader reader(origin, lines);

  // Step 2. Lex with Program_options; [weights] keys are the only unregistered ones allowed.
  po::options_description desc;
  for (const auto key : kKeys) {
    desc.add_options()(std::string(key).c_str(), po::value<std::string>());
  }
  std::istringstream in(text);
  po::parsed_options parsed(&desc);
  try {
    parsed = po::parse_config_file(in, desc, true);
  } catch (const po::error& e) {
    throw InputError(where(origin, 0) + e.what());
  }

  // Step 3. Convert and range-check each value; duplicates are errors (which one wins would be
  // a guess).
  EngineConfig cfg;
  cfg.path = origin;
  cfg.text = text;
  cfg.hash = fnv1a64(text);
  std::map<std::string, std::size_t> seen;
  for (const auto& opt : parsed.options) {
    const std::string& key = opt.string_key;
    const std::size_t occurrence = seen[key]++;
    if (occurrence > 0) {
      reader.fail(key, occurrence,
                  "given twice (first on line " + std::to_string(lines.at(key).front()) + ")");
    }
    const std::string value = opt.value.empty() ? std::string() : trim(opt.value.front());
    if (opt.unregistered) {
      if (key.rfind(kWeightsPrefix, 0) != 0) {
        reader.fail(key, occurrence,
                    "unknown key (expected name, game, player, [search] depth, nodes, movetime, "
                    "gametime, increment, tt_mb, exact, move_cap, [eval] features, "
                    "weights_file, or feature names in [weights])");
      }
      cfg.weights.emplace_back(key.substr(kWeightsPrefix.size()),
                               reader.numbers(key, occurrence, value));
      continue;
    }
    const auto int_of = [&](std::int64_t lo, std::int64_t hi) {
      return reader.integer(key, occurrence, value, lo, hi);
    };
    constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
    if (key == "name" || key == "game") {
      if (value.empty()) reader.fail(key, occurrence, "expected a non-empty value");
      (key == "name" ? cfg.name : cfg.game) = value;
    } else if (key == "player") {
      if (value != "search" && value != "random") {
        reader.fail(key, occurrence, "expected 'search' or 'random', got '" + value + "'");
      }
      cfg.player = value;
    } else if (key == "search.depth") {
      cfg.limits.depth = static_cast<int>(int_of(0, kMaxConfigDepth));
    } else if (key == "search.nodes") {
      cfg.limits.nodes = static_cast<std::uint64_t>(int_of(0, std::numeric_limits<std::int64_t>::max()));
    } else if (key == "search.movetime") {
      cfg.limits.movetime_ms = static_cast<int>(int_of(0, kIntMax));
    } else if (key == "search.gametime") {
      cfg.limits.time_left_ms = static_cast<int>(int_of(0, kIntMax));
    } else if (key == "search.increment") {
      cfg.limits.increment_ms = static_cast<int>(int_of(0, kIntMax));
    } else if (key == "search.tt_mb") {
      cfg.tt_mb = static_cast<int>(int_of(1, 65536));
    } else if (key == "search.exact") {
      cfg.exact = static_cast<int>(int_of(0, 255));
    } else if (key == "search.move_cap") {
      cfg.move_cap = static_cast<int>(int_of(0, kIntMax));
    } else if (key == "eval.features") {
      if (value.empty()) reader.fail(key, occurrence, "expected a feature set name");
      cfg.features = value;
    } else if (key == "eval.weights_file") {
      cfg.weights_file = resolve_weights_file(value, origin);
    }
  }

  // Step 4. Required keys.
  for (const char* key : {"name", "game"}) {
    if (seen.count(key) == 0) {
      throw InputError(where(origin, 0) + "key '" + key + "': required but missing");
    }
  }
  return cfg;
}

EngineConfig load_engine_config(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open engine config (missing or unreadable file)");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_engine_config(text.str(), path);
}

std::string format_engine_config(const EngineConfig& cfg,
                                 const std::vector<std::string>& comments) {
  // A '#' or a line break inside a value would not read back; refuse rather than write it.
  for (const std::string* v : {&cfg.name, &cfg.game, &cfg.player, &cfg.features, &cfg.weights_file}) {
    if (v->find_first_of("#\n\r") != std::string::npos || trim(*v) != *v) {
      throw std::invalid_argument("format_engine_config: value '" + *v +
                                  "' has '#', a line break or edge blanks");
    }
  }
  std::ostringstream out;
  for (const auto& c : comments) out << "# " << c << "\n";
  const SearchLimits& l = cfg.limits;
  out << "name = " << cfg.name << "\n"
      << "game = " << cfg.game << "\n"
      << "player = " << cfg.player << "\n\n"
      << "[search]\n"
      << "depth = " << l.depth << "\n"
      << "nodes = " << l.nodes << "\n"
      << "movetime = " << l.movetime_ms << "\n"
      << "gametime = " << l.time_left_ms << "\n"
      << "increment = " << l.increment_ms << "\n"
      << "tt_mb = " << cfg.tt_mb << "\n"
      << "exact = " << cfg.exact << "\n"
      << "move_cap = " << cfg.move_cap << "\n\n"
      << "[eval]\n"
      << "features = " << cfg.features << "\n"
      << "weights_file = " << cfg.weights_file << "\n";
  if (!cfg.weights.empty()) {
    out << "\n[weights]\n";
    for (const auto& [name, values] : cfg.weights) {
      out << name << " =";
      for (const double v : values) out << " " << format_double(v);
      out << "\n";
    }
  }
  return out.str();
}

std::string config_key_where(const EngineConfig& cfg, const std::string& key) {
  const std::string origin = cfg.path.empty() ? "config '" + cfg.name + "'" : cfg.path;
  const auto lines = scan_key_lines(cfg.text, origin, false);
  const auto it = lines.find(key);
  return where(origin, it == lines.end() ? 0 : it->second.front()) + "key '" + key + "': ";
}

}  // namespace arena::core
