// The loop's round and summary records (see round_record.hpp).
#include "records/round_record.hpp"

#include <cmath>
#include <limits>

#include "engine/core/errors.hpp"
#include "engine/core/text_file.hpp"

namespace arena::records {

using nlohmann::json;

namespace {

json null_if_nan(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

/// Reads the keys of one JSON object, naming each by its dotted path in errors.
class Fields {
 public:
  Fields(const json& j, std::string where, std::string path = "")
      : j_(j), where_(std::move(where)), path_(std::move(path)) {
    if (!j_.is_object()) throw wrong(path_.empty() ? "the record" : "key '" + path_ + "'", "an object");
  }

  /// The object at `key`.
  [[nodiscard]] Fields object(const char* key) const { return Fields(at(key), where_, name(key)); }
  /// A number, or null read as NaN.
  [[nodiscard]] double number(const char* key) const { return number_of(at(key), name(key)); }
  /// A [low, high] pair of numbers (null = NaN).
  void interval(const char* key, double& low, double& high) const {
    const json& v = at(key);
    if (!v.is_array() || v.size() != 2) throw wrong("key '" + name(key) + "'", "[low, high]", v);
    low = number_of(v[0], name(key) + "[0]");
    high = number_of(v[1], name(key) + "[1]");
  }
  [[nodiscard]] std::int64_t integer(const char* key) const {
    const json& v = at(key);
    if (!v.is_number_integer()) throw wrong("key '" + name(key) + "'", "an integer", v);
    return v.get<std::int64_t>();
  }
  [[nodiscard]] std::string text(const char* key) const {
    const json& v = at(key);
    if (!v.is_string()) throw wrong("key '" + name(key) + "'", "a string", v);
    return v.get<std::string>();
  }
  [[nodiscard]] bool boolean(const char* key) const {
    const json& v = at(key);
    if (!v.is_boolean()) throw wrong("key '" + name(key) + "'", "true or false", v);
    return v.get<bool>();
  }
  /// The value at `key`, null when absent (an optional key).
  [[nodiscard]] json optional(const char* key) const { return j_.value(key, json(nullptr)); }
  /// The value at `key` as it is (any type).
  [[nodiscard]] const json& at(const char* key) const {
    const auto it = j_.find(key);
    if (it == j_.end()) throw InputError(where_ + "missing key '" + name(key) + "'");
    return *it;
  }
  [[nodiscard]] std::string name(const char* key) const {
    return path_.empty() ? key : path_ + "." + key;
  }
  [[nodiscard]] const std::string& where() const { return where_; }

 private:
  [[nodiscard]] double number_of(const json& v, const std::string& key) const {
    if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();
    if (!v.is_number()) throw wrong("key '" + key + "'", "a number or null", v);
    return v.get<double>();
  }
  [[nodiscard]] InputError wrong(const std::string& what, const std::string& expected,
                                 const json& got) const {
    return InputError(where_ + what + ": expected " + expected + ", got " + got.dump().substr(0, 40));
  }
  [[nodiscard]] InputError wrong(const std::string& what, const std::string& expected) const {
    return wrong(what, expected, j_);
  }

  const json& j_;
  std::string where_;
  std::string path_;
};

json wdl_json(std::int64_t wins, std::int64_t draws, std::int64_t losses) {
  return {{"wins", wins}, {"draws", draws}, {"losses", losses}};
}

void read_wdl(const Fields& f, std::int64_t& wins, std::int64_t& draws, std::int64_t& losses) {
  const Fields wdl = f.object("wdl");
  wins = wdl.integer("wins");
  draws = wdl.integer("draws");
  losses = wdl.integer("losses");
}

FinalMatchRecord final_match_from_json(const json& j, const std::string& where) {
  FinalMatchRecord m;
  if (j.is_null()) return m;
  const Fields f(j, where, "best_vs_start");
  m.played = true;
  m.elo = f.number("elo");
  f.interval("elo_ci95", m.elo_low, m.elo_high);
  m.pair = f.optional("pair");
  m.games = f.integer("games");
  read_wdl(f, m.wins, m.draws, m.losses);
  return m;
}

RoundRecord round_from_fields(const Fields& f) {
  RoundRecord r;
  r.round = static_cast<int>(f.integer("round"));
  r.train_games = f.integer("games");
  r.positions = f.integer("positions");
  const Fields losses = f.object("losses");
  r.train_loss_before = losses.number("train_before");
  r.train_loss_after = losses.number("train_after");
  r.holdout_loss_before = losses.number("holdout_before");
  r.holdout_loss_after = losses.number("holdout_after");
  r.loss = losses.text("loss");
  r.match_games = f.integer("match_games");
  read_wdl(f, r.wins, r.draws, r.losses);
  r.elo = f.number("elo");
  f.interval("elo_ci95", r.elo_low, r.elo_high);
  r.pair = f.optional("pair");
  r.llr = f.number("llr");
  r.sprt_state = f.text("sprt");
  r.accepted = f.boolean("accepted");
  r.candidate_config = f.text("candidate_config");
  r.best_config = f.text("best_config");
  r.seconds = f.number("seconds");
  return r;
}

/// The JSON document of `path`; InputError naming the file when it cannot be read or parsed.
json read_json_file(const std::string& path, const std::string& what) {
  const std::string text = core::read_text_file(path, what);
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    throw InputError(path + ": malformed JSON in the " + what + " (" + e.what() + ")");
  }
}

}  // namespace

json to_json(const RoundRecord& r) {
  return {{"round", r.round},
          {"games", r.train_games},
          {"positions", r.positions},
          {"losses",
           {{"train_before", null_if_nan(r.train_loss_before)},
            {"train_after", null_if_nan(r.train_loss_after)},
            {"holdout_before", null_if_nan(r.holdout_loss_before)},
            {"holdout_after", null_if_nan(r.holdout_loss_after)},
            {"loss", r.loss}}},
          {"match_games", r.match_games},
          {"wdl", wdl_json(r.wins, r.draws, r.losses)},
          {"elo", null_if_nan(r.elo)},
          {"elo_ci95", {null_if_nan(r.elo_low), null_if_nan(r.elo_high)}},
          {"pair", r.pair},
          {"llr", null_if_nan(r.llr)},
          {"sprt", r.sprt_state},
          {"accepted", r.accepted},
          {"candidate_config", r.candidate_config},
          {"best_config", r.best_config},
          {"seconds", r.seconds}};
}

json to_json(const FinalMatchRecord& f) {
  if (!f.played) return nullptr;
  return {{"elo", null_if_nan(f.elo)},
          {"elo_ci95", {null_if_nan(f.elo_low), null_if_nan(f.elo_high)}},
          {"games", f.games},
          {"wdl", wdl_json(f.wins, f.draws, f.losses)},
          {"pair", f.pair}};
}

json to_json(const LoopRecord& s) {
  json rounds = json::array();
  for (const auto& r : s.rounds) rounds.push_back(to_json(r));
  return {{"game", s.game},
          {"run_dir", s.run_dir},
          {"start_config", s.start_config},
          {"best_config", s.best_config},
          {"rounds", rounds},
          {"best_vs_start", to_json(s.best_vs_start)},
          {"seconds", s.seconds}};
}

RoundRecord round_record_from_json(const json& j, const std::string& where) {
  return round_from_fields(Fields(j, where));
}

LoopRecord loop_record_from_json(const json& j, const std::string& where) {
  const Fields f(j, where);
  LoopRecord s;
  s.game = f.text("game");
  s.run_dir = f.text("run_dir");
  s.start_config = f.text("start_config");
  s.best_config = f.text("best_config");
  const json& rounds = f.at("rounds");
  if (!rounds.is_array()) {
    throw InputError(where + "key 'rounds': expected a list of rounds, got " +
                     rounds.dump().substr(0, 40));
  }
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    s.rounds.push_back(round_from_fields(Fields(rounds[i], where, "rounds[" + std::to_string(i) + "]")));
  }
  s.best_vs_start = final_match_from_json(f.at("best_vs_start"), where);
  s.seconds = f.number("seconds");
  return s;
}

RoundRecord read_round_record(const std::string& path) {
  return round_record_from_json(read_json_file(path, "round record"), path + ": ");
}

LoopRecord read_loop_record(const std::string& path) {
  return loop_record_from_json(read_json_file(path, "loop summary"), path + ": ");
}

}  // namespace arena::records
