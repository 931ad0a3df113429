// JSON Lines game logs: record <-> JSON conversion, the checked reader and the appending writer.
// The reader is strict (every malformed line is an error naming FILE:LINE) except for the one
// fault an append-only writer can leave behind: a torn last line.
#include "records/game_log.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <nlohmann/json.hpp>

#include "engine/core/errors.hpp"
#include "records/log_codec.hpp"

namespace arena::records {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr const char* kTerminationNames[] = {"normal",  "illegal-move", "crash",
                                             "timeout", "adjudicated",  "resign"};

/// The value of `key` in object `j` as T; InputError naming the key when missing or mistyped.
/// Integer fields must hold a JSON integer within T's range (nlohmann would silently truncate
/// 1.5 or wrap 1e20, and converting a double beyond T's range is undefined behaviour).
template <class T>
T field(const json& j, const char* key, const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end()) throw InputError(where + "missing field '" + key + "'");
  const auto wrong = [&](const std::string& expected) {
    return InputError(where + "field '" + key + "' has the wrong type (expected " + expected +
                      ", got " + it->dump().substr(0, 40) + ")");
  };
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if (it->is_number_unsigned()) {
      const auto v = it->get<std::uint64_t>();
      if (v > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) throw wrong("a smaller integer");
      return static_cast<T>(v);
    }
    if (!it->is_number_integer()) throw wrong("an integer");
    const auto v = it->get<std::int64_t>();
    if (std::cmp_less(v, std::numeric_limits<T>::min()) ||
        std::cmp_greater(v, std::numeric_limits<T>::max())) {
      throw wrong(std::is_signed_v<T> ? "a smaller integer" : "a non-negative integer");
    }
    return static_cast<T>(v);
  } else {
    try {
      return it->get<T>();
    } catch (const json::exception&) {
      throw wrong(std::is_same_v<T, std::string>   ? "a string"
                  : std::is_same_v<T, bool>        ? "true or false"
                  : std::is_same_v<T, double>      ? "a number"
                  : std::is_same_v<T, std::vector<std::string>> ? "a list of strings"
                                                                : "another type");
    }
  }
}

/// Every Termination value in enum order, one per name above.
constexpr auto kTerminations = [] {
  std::array<Termination, std::size(kTerminationNames)> all{};
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<Termination>(i);
  return all;
}();

Termination parse_termination(const std::string& text, const std::string& where) {
  std::string expected;
  for (const Termination t : kTerminations) {
    if (text == termination_name(t)) return t;
    expected += std::string(expected.empty() ? "" : ", ") + termination_name(t);
  }
  throw InputError(where + "unknown termination '" + text + "' (expected one of " + expected + ")");
}

ordered_json limits_json(const LogLimits& l) {
  return {{"depth", l.depth}, {"nodes", l.nodes}, {"movetime", l.movetime_ms}, {"tc", l.tc ? l.tc->text : ""}};
}

LogLimits limits_from_json(const json& j, const std::string& where) {
  LogLimits l;
  l.depth = field<int>(j, "depth", where);
  l.nodes = field<std::uint64_t>(j, "nodes", where);
  l.movetime_ms = field<int>(j, "movetime", where);
  if (auto tc = field<std::string>(j, "tc", where); !tc.empty()) {
    l.tc = parse_time_control(std::move(tc), where + "field 'tc'");
  }
  return l;
}

/// The optional per-move list `key` of a game line: one non-negative integer (ms) for each of
/// its `moves` moves; empty when absent. Throws InputError (prefixed with `where`) otherwise.
std::vector<std::int64_t> per_move_ms(const json& j, const char* key, std::size_t moves,
                                      const std::string& where) {
  const auto it = j.find(key);
  if (it == j.end()) return {};
  if (!it->is_array() || it->size() != moves ||
      !std::all_of(it->begin(), it->end(),
                   [](const json& t) { return t.is_number_integer() && t.get<std::int64_t>() >= 0; })) {
    throw InputError(where + "'" + key + "' must be a list with one integer (ms, 0 or more) per move");
  }
  return it->get<std::vector<std::int64_t>>();
}

/// A game record's JSON without timing fields: the content that identifies a game.
ordered_json identity(const GameRecord& g) {
  ordered_json j = to_json(g);
  j.erase("ms");
  j.erase("after_decision");
  j.erase("times");
  j.erase("cpu");
  if (auto it = j.find("evals"); it != j.end()) {
    for (auto& e : *it) {
      if (e.is_object()) {
        e.erase("ms");
        e.erase("engine_ms");
      }
    }
  }
  return j;
}

}  // namespace

const char* termination_name(Termination t) { return kTerminationNames[static_cast<int>(t)]; }

std::span<const Termination> all_terminations() { return kTerminations; }

bool is_forfeit(Termination t) {
  return t == Termination::IllegalMove || t == Termination::Crash || t == Termination::Timeout;
}

std::string GameRecord::result() const {
  return score > 0 ? "1-0" : score < 0 ? "0-1" : "1/2-1/2";
}

std::vector<std::string> GameRecord::transcript() const {
  std::vector<std::string> all = opening;
  all.insert(all.end(), moves.begin(), moves.end());
  return all;
}

bool GameRecord::operator==(const GameRecord& o) const { return identity(*this) == identity(o); }

ordered_json to_json(const RunRecord& r) {
  ordered_json engines = ordered_json::array();
  for (const auto& e : r.engines) {
    ordered_json je{{"name", e.name}, {"hash", e.hash}, {"config", e.config}, {"path", e.path}};
    if (e.limits) je["limits"] = limits_json(*e.limits);
    engines.push_back(std::move(je));
  }
  ordered_json j{{"type", "run"},
          {"format_version", r.format_version},
          {"game", r.game},
          {"rules", r.rules},
          {"engines", engines},
          {"seed", r.seed},
          {"limits", limits_json(r.limits)},
          {"openings", r.openings},
          {"opening_order", r.opening_order}};
  if (r.opening_plies > 0) j["opening_plies"] = r.opening_plies;
  j["format"] = r.format;
  j["games"] = r.games;
  j["shard"] = ordered_json{{"index", r.shard_index}, {"count", r.shard_count}};
  j["sprt"] = r.sprt ? r.sprt->text : "";
  j["temperature"] = r.temperature;
  j["temperature_plies"] = r.temperature_plies;
  j["record_evals"] = r.record_evals;
  if (!r.adjudicate.empty()) j["adjudicate"] = r.adjudicate;
  j["command_line"] = r.command_line;
  j["arena_version"] = r.arena_version;
  j["arena_revision"] = r.arena_revision;
  j["start_time"] = r.start_time;
  return j;
}

ordered_json to_json(const GameRecord& g) {
  ordered_json j = {{"type", "game"},
            {"id", g.id},
            {"pair", g.pair},
            {"opening", g.opening},
            {"first", g.first},
            {"second", g.second},
            {"moves", g.moves},
            {"score", g.score_open ? ordered_json(nullptr) : ordered_json(g.score)},
            {"result", g.result()},
            {"termination", termination_name(g.termination)},
            {"reason", g.reason}};
  if (!g.evals.empty()) {
    ordered_json evals = ordered_json::array();
    for (const auto& e : g.evals) {
      if (e) {
        ordered_json entry{{"score", e->score}, {"depth", e->depth}, {"nodes", e->nodes},
                           {"ms", e->ms}};
        if (e->engine_ms) entry["engine_ms"] = *e->engine_ms;
        evals.push_back(std::move(entry));
      } else {
        evals.push_back(nullptr);
      }
    }
    j["evals"] = std::move(evals);
  }
  if (!g.times.empty()) j["times"] = g.times;
  if (!g.cpu.empty()) j["cpu"] = g.cpu;
  j["ms"] = g.ms;
  j["seed"] = g.seed;
  if (g.after_decision) j["after_decision"] = true;
  return j;
}

ordered_json to_json(const analysis::SprtDecision& d) {
  const analysis::SprtResult& r = d.result;
  return ordered_json{{"type", "sprt"},
                      {"first", d.first},
                      {"second", d.second},
                      {"pairs", d.pairs},
                      {"games", d.games},
                      {"llr", r.llr},
                      {"bounds", {r.bounds.lower, r.bounds.upper}},
                      {"elo0", r.elo0},
                      {"elo1", r.elo1},
                      {"alpha", r.alpha},
                      {"beta", r.beta},
                      {"model", analysis::model_name(r.model)},
                      {"over", r.pentanomial ? "pairs" : "games"},
                      {"verdict", analysis::state_name(r.state)}};
}

RunRecord run_record_from_json(const json& j, const std::string& where) {
  if (!j.is_object() || field<std::string>(j, "type", where) != "run") {
    throw InputError(where + "expected a run record ({\"type\":\"run\",...})");
  }
  RunRecord r;
  r.format_version = field<int>(j, "format_version", where);
  if (r.format_version != kLogFormatVersion) {
    throw InputError(where + "log format version " + std::to_string(r.format_version) +
                     " is not supported (this build reads version " +
                     std::to_string(kLogFormatVersion) + ")");
  }
  r.game = field<std::string>(j, "game", where);
  r.rules = field<std::string>(j, "rules", where);
  for (const auto& e : field<json>(j, "engines", where)) {
    LogEngine le{field<std::string>(e, "name", where), field<std::string>(e, "hash", where),
                 field<std::string>(e, "config", where),
                 e.contains("path") ? field<std::string>(e, "path", where) : "", std::nullopt};
    if (e.contains("limits")) le.limits = limits_from_json(field<json>(e, "limits", where), where);
    r.engines.push_back(std::move(le));
  }
  r.seed = field<std::uint64_t>(j, "seed", where);
  r.limits = limits_from_json(field<json>(j, "limits", where), where);
  r.openings = field<std::string>(j, "openings", where);
  r.opening_order = field<std::string>(j, "opening_order", where);
  if (j.contains("opening_plies")) r.opening_plies = field<int>(j, "opening_plies", where);
  r.format = field<std::string>(j, "format", where);
  r.games = field<std::int64_t>(j, "games", where);
  const auto shard = field<json>(j, "shard", where);
  r.shard_index = field<int>(shard, "index", where);
  r.shard_count = field<int>(shard, "count", where);
  if (auto spec = field<std::string>(j, "sprt", where); !spec.empty()) {
    r.sprt = analysis::parse_sprt_spec(std::move(spec), where + "run record sprt");
  }
  r.temperature = field<int>(j, "temperature", where);
  r.temperature_plies = field<int>(j, "temperature_plies", where);
  r.record_evals = field<bool>(j, "record_evals", where);
  if (j.contains("adjudicate")) {
    r.adjudicate = field<std::vector<std::string>>(j, "adjudicate", where);
  }
  r.command_line = field<std::vector<std::string>>(j, "command_line", where);
  r.arena_version = field<std::string>(j, "arena_version", where);
  r.arena_revision = field<std::string>(j, "arena_revision", where);
  r.start_time = field<std::string>(j, "start_time", where);
  return r;
}

GameRecord game_record_from_json(const json& j, const std::string& where) {
  if (!j.is_object() || field<std::string>(j, "type", where) != "game") {
    throw InputError(where + "expected a game record ({\"type\":\"game\",...})");
  }
  GameRecord g;
  g.id = field<std::int64_t>(j, "id", where);
  g.pair = field<std::int64_t>(j, "pair", where);
  if (g.id < 0 || g.pair != g.id / 2) {
    throw InputError(where + "game id " + std::to_string(g.id) + " and pair " +
                     std::to_string(g.pair) + " do not fit (pair = id / 2)");
  }
  g.opening = field<std::vector<std::string>>(j, "opening", where);
  g.first = field<std::string>(j, "first", where);
  g.second = field<std::string>(j, "second", where);
  g.moves = field<std::vector<std::string>>(j, "moves", where);
  if (const auto it = j.find("score"); it != j.end() && it->is_null()) {
    // An open score: the result gives the outcome, which must be decisive.
    const auto result = field<std::string>(j, "result", where);
    if (result != "1-0" && result != "0-1") {
      throw InputError(where + "a null score needs the result 1-0 or 0-1, got '" + result + "'");
    }
    g.score_open = true;
    g.score = result == "1-0" ? 1 : -1;
  } else {
    g.score = field<int>(j, "score", where);
  }
  if (field<std::string>(j, "result", where) != g.result()) {
    throw InputError(where + "result '" + j["result"].get<std::string>() +
                     "' contradicts score " + std::to_string(g.score));
  }
  g.termination = parse_termination(field<std::string>(j, "termination", where), where);
  g.reason = field<std::string>(j, "reason", where);
  if (const auto it = j.find("evals"); it != j.end()) {
    if (!it->is_array() || it->size() != g.moves.size()) {
      throw InputError(where + "'evals' must be a list with one entry per move");
    }
    for (const auto& e : *it) {
      if (e.is_null()) {
        g.evals.emplace_back();
      } else {
        MoveEval m{field<int>(e, "score", where), field<int>(e, "depth", where),
                   field<std::uint64_t>(e, "nodes", where), field<double>(e, "ms", where),
                   std::nullopt};
        if (e.contains("engine_ms")) m.engine_ms = field<double>(e, "engine_ms", where);
        g.evals.push_back(m);
      }
    }
  }
  g.times = per_move_ms(j, "times", g.moves.size(), where);
  g.cpu = per_move_ms(j, "cpu", g.moves.size(), where);
  g.ms = field<double>(j, "ms", where);
  g.seed = field<std::uint64_t>(j, "seed", where);
  if (j.contains("after_decision")) g.after_decision = field<bool>(j, "after_decision", where);
  return g;
}

const LogLimits& engine_limits(const RunRecord& r, std::size_t index) {
  const auto& own = r.engines.at(index).limits;
  return own ? *own : r.limits;
}

analysis::SprtDecision sprt_decision_from_json(const json& j, const std::string& where) {
  if (!j.is_object() || field<std::string>(j, "type", where) != "sprt") {
    throw InputError(where + "expected an SPRT decision ({\"type\":\"sprt\",...})");
  }
  analysis::SprtDecision d;
  d.first = field<std::string>(j, "first", where);
  d.second = field<std::string>(j, "second", where);
  d.pairs = field<std::int64_t>(j, "pairs", where);
  d.games = field<std::int64_t>(j, "games", where);
  analysis::SprtResult& r = d.result;
  r.llr = field<double>(j, "llr", where);
  const auto bounds = field<std::vector<double>>(j, "bounds", where);
  if (bounds.size() != 2 || !(bounds[0] < bounds[1])) {
    throw InputError(where + "'bounds' must be [lower, upper] with lower < upper");
  }
  r.bounds = {bounds[0], bounds[1]};
  r.elo0 = field<double>(j, "elo0", where);
  r.elo1 = field<double>(j, "elo1", where);
  r.alpha = field<double>(j, "alpha", where);
  r.beta = field<double>(j, "beta", where);
  r.model = analysis::parse_sprt_model(j.contains("model") ? field<std::string>(j, "model", where)
                                                           : std::string("logistic"));
  r.unit = analysis::model_unit(r.model);
  r.pentanomial = !j.contains("over") || field<std::string>(j, "over", where) == "pairs";
  const std::string verdict = field<std::string>(j, "verdict", where);
  const auto state = analysis::parse_verdict(verdict);
  if (!state) throw InputError(where + "verdict '" + verdict + "' (expected H0 or H1)");
  r.state = *state;
  return d;
}

std::optional<std::string> run_record_difference(const RunRecord& a, const RunRecord& b,
                                                 bool ignore_shard) {
  if (a.format_version != b.format_version) return "format_version";
  if (a.game != b.game) return "game";
  if (a.rules != b.rules) return "rules";
  if (a.engines.size() != b.engines.size()) return "engines (count)";
  for (std::size_t i = 0; i < a.engines.size(); ++i) {
    const std::string at = "engines[" + std::to_string(i) + "].";
    if (a.engines[i].name != b.engines[i].name) return at + "name";
    if (a.engines[i].hash != b.engines[i].hash) return at + "hash";
  }
  if (a.seed != b.seed) return "seed";
  if (a.limits.depth != b.limits.depth) return "limits.depth";
  if (a.limits.nodes != b.limits.nodes) return "limits.nodes";
  if (a.limits.movetime_ms != b.limits.movetime_ms) return "limits.movetime";
  if (a.limits.tc != b.limits.tc) return "limits.tc";
  for (std::size_t i = 0; i < a.engines.size(); ++i) {
    if (engine_limits(a, i) != engine_limits(b, i)) {
      return "engines[" + std::to_string(i) + "].limits";
    }
  }
  if (a.openings != b.openings) return "openings";
  if (a.opening_order != b.opening_order) return "opening_order";
  if (a.opening_plies != b.opening_plies) return "opening_plies";
  if (a.format != b.format) return "format";
  if (a.games != b.games) return "games";
  if (!ignore_shard && (a.shard_index != b.shard_index || a.shard_count != b.shard_count)) {
    return "shard";
  }
  if (a.sprt != b.sprt) return "sprt";
  if (a.temperature != b.temperature) return "temperature";
  if (a.temperature_plies != b.temperature_plies) return "temperature_plies";
  if (a.record_evals != b.record_evals) return "record_evals";
  if (a.adjudicate != b.adjudicate) return "adjudicate";
  return std::nullopt;
}

LogFile read_log_file(const std::string& path) {
  if (std::error_code ec; std::filesystem::is_directory(path, ec)) {
    throw InputError(where(path, 0) + "is a folder, not a log file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(where(path, 0) + "cannot open log: " + std::strerror(errno));
  std::stringstream buffer;
  buffer << in.rdbuf();
  const DecodedLog decoded = decode_log(log_codec_of(path), buffer.str(), path);
  const std::string& text = decoded.text;

  LogFile log;
  log.path = path;
  std::map<std::int64_t, std::size_t> index_of_id;  // id -> index in log.games
  std::size_t start = 0;
  std::size_t line_no = 0;
  while (start < text.size()) {
    ++line_no;
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      // Step 1: a torn tail, left by a writer killed mid-line.
      log.torn_tail = true;
      log.warnings.push_back(where(path, line_no) + "dropped an incomplete last line (" +
                             std::to_string(text.size() - start) + " bytes)");
      break;
    }
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    log.intact_bytes = start;
    const std::string at = where(path, line_no);
    json j;
    try {
      j = json::parse(line);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for 1e400
      throw InputError(at + "malformed JSON: " + e.what());
    }
    // Step 2: the run record, exactly once and first.
    if (line_no == 1) {
      log.run = run_record_from_json(j, at);
      continue;
    }
    if (j.is_object() && j.contains("type") && j["type"] == "run") {
      throw InputError(at + "a second run record (logs of several runs concatenated?)");
    }
    if (j.is_object() && j.contains("type") && j["type"] == "sprt") {
      // Step 3: the SPRT decision, at most one.
      analysis::SprtDecision d = sprt_decision_from_json(j, at);
      if (log.decision && to_json(*log.decision) != to_json(d)) {
        throw InputError(at + "a second SPRT decision that differs from the first");
      }
      log.decision = std::move(d);
      continue;
    }
    // Step 4: game records; duplicates must agree.
    GameRecord g = game_record_from_json(j, at);
    g.origin = at;
    if (g.id >= log.run.games) {
      throw InputError(at + "game id " + std::to_string(g.id) + " is outside the run's " +
                       std::to_string(log.run.games) + " games");
    }
    const auto [it, inserted] = index_of_id.emplace(g.id, log.games.size());
    ++log.lines;
    if (inserted) {
      log.games.push_back(std::move(g));
    } else if (log.games[it->second] == g) {
      log.warnings.push_back(at + "game id " + std::to_string(g.id) +
                             " repeated with identical content; kept once");
    } else {
      throw InputError(at + "game id " + std::to_string(g.id) +
                       " repeated with different content");
    }
  }
  if (decoded.torn_frame && !log.torn_tail) {
    // A compressed log cut inside a frame: its complete frames hold whole lines only.
    log.torn_tail = true;
    log.warnings.push_back(where(path, ++line_no) + "dropped an incomplete last frame (" +
                           std::to_string(decoded.torn_bytes) + " compressed bytes)");
  }
  log.intact_bytes = decoded.file_offset(log.intact_bytes);
  if (line_no == 0 || (line_no == 1 && log.torn_tail)) {
    throw InputError(where(path, 1) + "no run record (empty or torn first line)");
  }
  return log;
}

LogSet read_logs(const std::vector<std::string>& paths) {
  if (paths.empty()) throw InputError("no log files given");
  LogSet set;
  std::map<std::int64_t, std::pair<GameRecord, std::string>> by_id;  // id -> record, file
  std::optional<std::string> decision_from;  // the file whose decision was taken
  for (std::size_t f = 0; f < paths.size(); ++f) {
    LogFile log = read_log_file(paths[f]);
    set.lines_read += log.lines;
    set.duplicates += log.lines - static_cast<std::int64_t>(log.games.size());
    set.torn_tails += log.torn_tail ? 1 : 0;
    set.warnings.insert(set.warnings.end(), log.warnings.begin(), log.warnings.end());
    if (f == 0) {
      set.run = log.run;
    } else if (const auto field_name = run_record_difference(set.run, log.run, true)) {
      throw InputError(where(paths[f], 1) + "run record differs from " + paths[0] +
                       "'s in field '" + *field_name + "'");
    } else if (log.run.shard_index != set.run.shard_index ||
               log.run.shard_count != set.run.shard_count) {
      set.run.shard_index = 0;
      set.run.shard_count = 1;
    }
    if (log.decision) {
      if (!decision_from) {
        set.decision = log.decision;
        decision_from = paths[f];
      } else if (set.decision && to_json(*set.decision) != to_json(*log.decision)) {
        set.warnings.push_back(paths[f] + ": its SPRT decision differs from " + *decision_from +
                               "'s; neither is kept");
        set.decision.reset();
      }
    }
    for (auto& g : log.games) {
      const auto it = by_id.find(g.id);
      if (it == by_id.end()) {
        const auto id = g.id;
        by_id.emplace(id, std::make_pair(std::move(g), paths[f]));
      } else if (it->second.first == g) {
        ++set.duplicates;
        set.warnings.push_back(paths[f] + ": game id " + std::to_string(g.id) +
                               " also in " + it->second.second + " (identical); kept once");
      } else {
        throw InputError(paths[f] + ": game id " + std::to_string(g.id) +
                         " also in " + it->second.second + " with different content");
      }
    }
  }
  set.games.reserve(by_id.size());
  for (auto& [id, entry] : by_id) set.games.push_back(std::move(entry.first));
  return set;
}

void write_log_file(const std::string& path, const RunRecord& run,
                    const std::vector<GameRecord>& games,
                    const std::optional<analysis::SprtDecision>& decision) {
  std::string text = to_json(run).dump() + "\n";
  for (const auto& g : games) text += to_json(g).dump() + "\n";
  if (decision) text += to_json(*decision).dump() + "\n";
  const std::string tmp = path + ".partial";
  const auto parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << compress_frame(log_codec_of(path), text);
    if (!out.flush()) throw InputError(tmp + ": cannot write the log");
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw InputError(path + ": cannot replace with " + tmp + ": " + ec.message());
}

namespace {

/// Opens `path` for appending and, for a regular file, takes an exclusive flock(2) on it, held
/// as long as the descriptor is open: a second run writing the same log is refused instead of
/// interleaving lines with the first. Devices and pipes (/dev/full, a FIFO) are written as
/// they are: neither locked nor (see cut) truncated. Throws InputError naming the file.
int open_locked(const std::string& path, int flags, const char* what) {
  const int fd = ::open(path.c_str(), flags | O_WRONLY | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw InputError(path + ": cannot " + what + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return fd;
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd);
    if (err == EWOULDBLOCK) {
      throw InputError(path + ": another run is writing this log (it is locked); wait for that "
                       "run to end or write to another file");
    }
    throw InputError(path + ": cannot lock the log: " + std::strerror(err));
  }
  return fd;
}

/// Cuts the regular file behind `fd` to `keep` bytes (other files are left as they are).
void cut(int fd, const std::string& path, std::uint64_t keep) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return;
  if (::ftruncate(fd, static_cast<off_t>(keep)) != 0) {
    throw InputError(path + ": cannot truncate the log: " + std::strerror(errno));
  }
}

}  // namespace

LogWriter LogWriter::lock(const std::string& path, bool sync) {
  const auto parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  return LogWriter(path, open_locked(path, O_CREAT, "create log"), sync, log_codec_of(path));
}

void LogWriter::start(const RunRecord& run) {
  cut(fd_, path_, 0);
  write_line(to_json(run).dump() + "\n");
}

void LogWriter::resume_at(std::uint64_t intact_bytes) { cut(fd_, path_, intact_bytes); }

LogWriter LogWriter::create(const std::string& path, const RunRecord& run, bool sync) {
  LogWriter w = lock(path, sync);
  w.start(run);
  return w;
}

LogWriter LogWriter::append(const std::string& path, std::uint64_t intact_bytes, bool sync) {
  LogWriter w(path, open_locked(path, 0, "open log for appending"), sync, log_codec_of(path));
  w.resume_at(intact_bytes);
  return w;
}

LogWriter::LogWriter(LogWriter&& o) noexcept
    : path_(std::move(o.path_)),
      fd_(o.fd_),
      sync_(o.sync_),
      codec_(o.codec_),
      failure_(std::move(o.failure_)) {
  o.fd_ = -1;
}

LogWriter::~LogWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void LogWriter::write(const GameRecord& g) { write_line(to_json(g).dump() + "\n"); }

void LogWriter::write(const analysis::SprtDecision& d) { write_line(to_json(d).dump() + "\n"); }

void LogWriter::write_line(const std::string& text) {
  // A compressed log gets one complete frame per line, so a crash tears at most the last one.
  const std::string line = compress_frame(codec_, text);
  const std::lock_guard lock(mutex_);
  if (!failure_.empty()) throw InputError(failure_);
  // One write(2) on an O_APPEND descriptor places the whole line at the end; the loop only
  // covers the rare short write (signal, full disk). On a failure the file is cut back to
  // where the line began, so no half line is left, and every later write is refused.
  struct stat st {};
  const bool regular = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
  const auto fail = [&](const char* what, int err) {
    if (regular) (void)::ftruncate(fd_, st.st_size);
    failure_ = path_ + ": " + what + " failed: " + std::strerror(err) + " (" +
               (regular ? "the log ends with its last whole line" : "not a regular file") + ")";
    throw InputError(failure_);
  };
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write", errno);
    }
    done += static_cast<std::size_t>(n);
  }
  if (sync_ && ::fsync(fd_) != 0) fail("fsync", errno);
}

}  // namespace arena::records
