// The game-neutral part of the record formats (see formats.hpp): naming a format, telling it
// from a file name. The formats themselves live with their games.
#include "records/formats.hpp"

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"
#include "records/log_codec.hpp"

namespace arena::records {

std::string FormatOptions::file(const std::string& name) const {
  const auto it = files.find(name);
  return it == files.end() ? std::string() : it->second;
}

std::string FormatRef::name() const {
  switch (kind) {
    case Kind::Log: return "log";
    case Kind::Positions: return "positions";
    case Kind::Record: return record.name;
  }
  return "?";
}

std::string FormatRef::game() const { return kind == Kind::Record ? record.game : ""; }

std::string format_names(const std::vector<RecordFormat>& formats,
                         const std::string& last_separator) {
  std::string out = "log";
  for (const auto& f : formats) out += ", " + f.name;
  return out + last_separator + "positions";
}

FormatRef parse_format(const std::string& name, const std::vector<RecordFormat>& formats) {
  if (name == "log") return {FormatRef::Kind::Log, {}, ""};
  if (name == "positions") return {FormatRef::Kind::Positions, {}, ""};
  for (const auto& f : formats) {
    if (f.name == name) return {FormatRef::Kind::Record, f, ""};
  }
  throw InputError("unknown format '" + name + "' (expected " + format_names(formats, " or ") +
                   ")");
}

FormatRef format_from_path(const std::string& path, const std::vector<RecordFormat>& formats) {
  const std::string p = boost::algorithm::to_lower_copy(path);
  using boost::algorithm::ends_with;
  if (is_log_path(p) || ends_with(p, ".log")) return {FormatRef::Kind::Log, {}, ""};
  if (ends_with(p, ".obf")) return {FormatRef::Kind::Positions, {}, ".obf"};
  FormatRef best{FormatRef::Kind::Record, {}, ""};
  for (const auto& f : formats) {
    for (const auto& s : f.suffixes) {
      if (ends_with(p, s) && s.size() > best.suffix.size()) best = {FormatRef::Kind::Record, f, s};
    }
  }
  if (best.suffix.empty()) {
    throw InputError(path + ": cannot tell the format from the file name (use --from-format / "
                            "--to-format: " + format_names(formats) + ")");
  }
  return best;
}

std::vector<std::pair<std::size_t, std::string>> text_lines(std::string_view text) {
  std::vector<std::pair<std::size_t, std::string>> out;
  std::size_t n = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto nl = text.find('\n', start);
    const auto end = nl == std::string_view::npos ? text.size() : nl;
    ++n;
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (nl == std::string_view::npos) {
      if (!line.empty()) out.emplace_back(n, std::move(line));
      break;
    }
    out.emplace_back(n, std::move(line));
    start = nl + 1;
  }
  return out;
}

}  // namespace arena::records
