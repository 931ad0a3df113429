// Parsing --adjudicate (see adjudication.hpp).
#include "selfplay/adjudication.hpp"

#include <charconv>

#include <boost/algorithm/string.hpp>

#include "engine/core/errors.hpp"

namespace arena::selfplay {

namespace {

int count(const std::string& spec, const std::string& text, const char* what) {
  int v = -1;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v < 0) {
    throw InputError("--adjudicate " + spec + ": " + what + " must be a non-negative integer, got '" +
                     text + "'");
  }
  return v;
}

}  // namespace

Adjudication parse_adjudication(const std::vector<std::string>& specs) {
  Adjudication a;
  for (const auto& spec : specs) {
    std::vector<std::string> parts;
    boost::algorithm::split(parts, spec, boost::algorithm::is_any_of(":"));
    if (parts[0] == "exact" && parts.size() == 2) {
      if (a.exact()) throw InputError("--adjudicate " + spec + ": exact given twice");
      a.exact_empties = count(spec, parts[1], "E (empties)");
    } else if (parts[0] == "score" && parts.size() == 3) {
      if (a.score()) throw InputError("--adjudicate " + spec + ": score given twice");
      a.score_margin = count(spec, parts[1], "MARGIN (centi-units)");
      a.score_moves = count(spec, parts[2], "N (moves)");
      if (a.score_margin == 0 || a.score_moves == 0) {
        throw InputError("--adjudicate " + spec + ": MARGIN and N must be at least 1");
      }
    } else {
      throw InputError("--adjudicate " + spec + ": expected exact:E or score:MARGIN:N");
    }
  }
  return a;
}

std::vector<std::string> adjudication_texts(const Adjudication& a) {
  std::vector<std::string> out;
  if (a.exact()) out.push_back("exact:" + std::to_string(a.exact_empties));
  if (a.score()) {
    out.push_back("score:" + std::to_string(a.score_margin) + ":" + std::to_string(a.score_moves));
  }
  return out;
}

}  // namespace arena::selfplay
