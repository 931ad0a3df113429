// Closest-option hints; see option_hint.hpp. The cutechess-cli/fastchess table follows the
// options documented in cutechess-cli(6) and fastchess's README.
#include "cli/option_hint.hpp"

#include <algorithm>
#include <numeric>
#include <string_view>

namespace arena::cli {

namespace {

struct Foreign {
  std::string_view name;    // cutechess-cli/fastchess option, without its dash
  std::string_view arena;   // arena's long option, without dashes
  std::string_view note;    // how the meaning differs, or empty
};

constexpr Foreign kForeign[] = {
    {"engine", "engine", "a config file, or nboard:CMD / gtp:CMD for an outside program"},
    {"concurrency", "threads", "games played at once"},
    {"games", "games", "arena counts every game, both colours of each opening"},
    {"rounds", "games", "arena has no rounds: --games is the total"},
    {"pgnout", "out", "a JSON Lines game log; arena convert exports records"},
    {"epdout", "out", "a JSON Lines game log; arena convert exports records"},
    {"each", "each", "settings for every engine"},
    {"recover", "", "arena restarts a crashed outside program for the next game by itself"},
    {"openings", "openings", "random:K or a file of openings"},
    {"srand", "seed", ""},
    {"sprt", "sprt", "elo0=,elo1=,alpha=,beta="},
    {"tc", "tc", "SECONDS+INC per side"},
    {"draw", "adjudicate", ""},
    {"resign", "adjudicate", ""},
    {"debug", "engine-log", ""},
    {"log", "engine-log", ""},
};

}  // namespace

std::size_t edit_distance(const std::string& a, const std::string& b) {
  // The classic two-row dynamic programme (Wagner and Fischer 1974): row[j] is the distance
  // between the first i characters of a and the first j of b.
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0U : 1U)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string option_hint(const std::string& word, const std::vector<std::string>& known) {
  std::string name = word.substr(std::min(word.find_first_not_of('-'), word.size()));
  name = name.substr(0, name.find('='));
  const auto has = [&](std::string_view n) {
    return std::find(known.begin(), known.end(), n) != known.end();
  };
  // Step 1: a cutechess/fastchess option, or a single-dash spelling of one of our own.
  for (const auto& f : kForeign) {
    if (f.name != name) continue;
    const std::string note = f.note.empty() ? "" : ": " + std::string(f.note);
    if (f.arena.empty()) return " (cutechess-cli -" + name + note + ")";
    if (has(f.arena)) {
      return " (did you mean --" + std::string(f.arena) + "? cutechess-cli -" + name + note + ")";
    }
  }
  if (word.rfind("--", 0) != 0 && has(name)) return " (did you mean --" + name + "?)";
  // Step 2: the closest of the command's options.
  const std::string* best = nullptr;
  std::size_t best_distance = 0;
  for (const auto& k : known) {
    const std::size_t d = edit_distance(name, k);
    if (best == nullptr || d < best_distance) {
      best = &k;
      best_distance = d;
    }
  }
  if (best == nullptr || best_distance > std::max<std::size_t>(2, name.size() / 3)) return "";
  return " (did you mean --" + *best + "?)";
}

}  // namespace arena::cli
