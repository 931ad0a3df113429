// `--engine` entries and `--each` (see engine_entry.hpp).
#include "selfplay/engine_entry.hpp"

#include <charconv>
#include <vector>

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"
#include "selfplay/options.hpp"

namespace arena::selfplay {

namespace {

constexpr const char* kKeys =
    "depth, nodes, movetime, tc, name, margin_ms, startup_ms, move_ms, dir, restart, stderr";

template <class T>
T number(const std::string& option, const std::string& key, const std::string& value) {
  T v{};
  // Digits only: from_chars would read a leading '-' into a signed T.
  const bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
  const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (!digits || ec != std::errc() || ptr != value.data() + value.size()) {
    throw InputError(option + ": " + key + " must be a non-negative integer, got '" + value + "'");
  }
  return v;
}

/// Reads the comma-separated `key=value` items of `list` into `s`; `option` prefixes errors.
void read_settings(const std::string& list, const std::string& option, EngineSettings& s) {
  std::vector<std::string> items;
  boost::algorithm::split(items, list, boost::algorithm::is_any_of(","));
  for (auto& item : items) {
    boost::algorithm::trim(item);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos) {
      throw InputError(option + ": '" + item + "' is not key=value (keys: " + kKeys + ")");
    }
    const std::string key = boost::algorithm::trim_copy(item.substr(0, eq));
    const std::string value = boost::algorithm::trim_copy(item.substr(eq + 1));
    if (key == "depth") {
      s.depth = number<int>(option, key, value);
    } else if (key == "nodes") {
      s.nodes = number<std::uint64_t>(option, key, value);
    } else if (key == "movetime") {
      s.movetime_ms = number<int>(option, key, value);
    } else if (key == "tc") {
      try {
        s.tc = records::parse_time_control(value, "tc");
      } catch (const InputError&) {
        throw InputError(option + ": tc must be SECONDS[+INC] (e.g. 10+0.1), got '" + value + "'");
      }
    } else if (key == "name") {
      s.name = value;
    } else if (key == "margin_ms") {
      s.margin_ms = number<int>(option, key, value);
    } else if (key == "startup_ms") {
      s.startup_ms = number<int>(option, key, value);
    } else if (key == "move_ms") {
      s.move_ms = number<int>(option, key, value);
    } else if (key == "dir") {
      if (value.empty()) throw InputError(option + ": dir must name a folder");
      s.dir = value;
    } else if (key == "restart") {
      if (value != "on" && value != "off") {
        throw InputError(option + ": restart must be on or off, got '" + value + "'");
      }
      s.restart = value == "on" ? RestartPolicy::On : RestartPolicy::Off;
    } else if (key == "stderr") {
      if (value != "quiet" && value != "inherit") {
        throw InputError(option + ": stderr must be quiet or inherit, got '" + value + "'");
      }
      s.quiet_stderr = value == "quiet";
    } else {
      throw InputError(option + ": unknown key '" + key + "' (expected " + kKeys + ")");
    }
  }
}

template <class T>
void over(std::optional<T>& base, const std::optional<T>& top) {
  if (top) base = top;
}

}  // namespace

EngineSettings merge(const EngineSettings& base, const EngineSettings& top) {
  EngineSettings s = base;
  over(s.depth, top.depth);
  over(s.nodes, top.nodes);
  over(s.movetime_ms, top.movetime_ms);
  over(s.tc, top.tc);
  over(s.name, top.name);
  over(s.margin_ms, top.margin_ms);
  over(s.startup_ms, top.startup_ms);
  over(s.move_ms, top.move_ms);
  over(s.dir, top.dir);
  over(s.restart, top.restart);
  over(s.quiet_stderr, top.quiet_stderr);
  return s;
}

bool is_external_entry(const std::string& text) {
  for (const std::string p : {"nboard", "gtp"}) {
    if (text.rfind(p + ":", 0) == 0 || text.rfind(p + "[", 0) == 0) return true;
  }
  return false;
}

EngineEntry parse_engine_entry(const std::string& text) {
  EngineEntry e;
  e.text = text;
  const std::string option = "--engine " + text;
  if (!is_external_entry(text)) {
    // An arena config: the path up to the first comma, then settings.
    const auto comma = text.find(',');
    e.target = boost::algorithm::trim_copy(text.substr(0, comma));
    if (e.target.empty()) throw InputError(option + ": expected a config file before the settings");
    if (comma != std::string::npos) read_settings(text.substr(comma + 1), option, e.settings);
    if (e.settings.has_external_only() || e.settings.name) {
      throw InputError(option + ": name, margin_ms, startup_ms, move_ms, dir, restart and stderr "
                       "apply to outside programs (nboard:CMD, gtp:CMD), not to arena configs");
    }
    return e;
  }
  std::size_t i = text.find_first_of(":[");
  e.protocol = text.substr(0, i);
  if (text[i] == '[') {
    const auto close = text.find(']', i);
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':') {
      throw InputError(option + ": settings must be written " + e.protocol +
                       "[key=value,...]:COMMAND");
    }
    read_settings(text.substr(i + 1, close - i - 1), option, e.settings);
    i = close + 1;
  }
  e.target = boost::algorithm::trim_copy(text.substr(i + 1));
  if (e.target.empty()) throw InputError(option + ": the command is empty");
  return e;
}

EngineSettings parse_each(const std::string& text) {
  EngineSettings s;
  read_settings(text, "--each " + text, s);
  if (s.name) throw InputError("--each " + text + ": name belongs to one engine's --engine entry");
  return s;
}

}  // namespace arena::selfplay
