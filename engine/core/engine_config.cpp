// Engine config reading and writing, on the shared INI reader (ini.hpp: Boost.Program_options
// lexing plus a line map, so every error reads "FILE:LINE: key 'section.key': expected ...").
// [weights] is the one open section: its keys are feature names, checked later against the
// game's feature set (linear_eval.hpp).
#include "engine/core/engine_config.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "engine/core/errors.hpp"
#include "engine/core/ini.hpp"
#include "engine/core/text_file.hpp"

namespace arena::core {

namespace {

constexpr std::string_view kWeightsPrefix = "weights.";
constexpr std::string_view kMpcPairPrefix = "mpc.pair_";

/// The registered keys (dotted). [weights] keys are feature names and stay unregistered.
const std::vector<std::string>& known_keys() {
  static const std::vector<std::string> keys = {
      "name", "game", "player", "search.depth", "search.nodes", "search.movetime",
      "search.gametime", "search.increment", "search.tt_mb", "search.exact", "search.move_cap",
      "search.order_depth", "search.order_weight", "search.probable", "search.killers",
      "search.root_sort", "search.aspiration",
      "eval.features", "eval.weights_file", "book.file",
      "mcts.playouts", "mcts.exploration", "mcts.prior_temperature", "mcts.prior_power",
      "mcts.playout_temperature", "mcts.playout_policy", "mcts.cutoff", "mcts.eval_scale",
      "mcts.rave", "mcts.prior_visits", "mcts.expand", "mcts.tree_mb", "mcts.solve", "mcts.seed",
      "mpc.threshold"};
  return keys;
}

constexpr const char* kExpectedKeys =
    "name, game, player, [search] depth, nodes, movetime, gametime, increment, tt_mb, exact, "
    "move_cap, order_depth, order_weight, probable, killers, root_sort, aspiration, "
    "[eval] features, weights_file, [book] file, [mcts] playouts, exploration, prior_temperature, "
    "prior_power, playout_temperature, playout_policy, cutoff, eval_scale, rave, prior_visits, "
    "expand, tree_mb, solve, seed, [mpc] threshold, "
    "pair_DEPTH_SHALLOW, or feature names in [weights]";

std::string format_double(double v) {
  std::array<char, 32> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  return ec == std::errc() ? std::string(buf.data(), end) : std::string("0");
}

/// A side file named in a config (weights_file, book file): relative to the config's folder,
/// made absolute. "" stays "".
std::string resolve_side_file(const std::string& value, const std::string& origin) {
  if (value.empty()) return {};
  std::filesystem::path p(value);
  if (p.is_relative()) p = std::filesystem::path(origin).parent_path() / p;
  return std::filesystem::absolute(p).lexically_normal().string();
}

/// One [mcts] key into `m` (ranges: see mcts_settings.hpp).
void read_mcts_key(const IniEntry& e, const IniValues& values, MctsSettings& m) {
  constexpr double kHuge = 1e9;
  const std::string& key = e.key;
  if (key == "mcts.playouts") {
    m.playouts = static_cast<std::uint64_t>(
        values.integer(e, 0, std::numeric_limits<std::int64_t>::max()));
  } else if (key == "mcts.exploration") {
    m.exploration = values.number(e, 0, kHuge);
  } else if (key == "mcts.prior_temperature") {
    m.prior_temperature = values.number(e, 0, kHuge);
  } else if (key == "mcts.playout_temperature") {
    m.playout_temperature = values.number(e, 0, kHuge);
  } else if (key == "mcts.prior_power") {
    m.prior_power = values.number(e, 0, kHuge);
  } else if (key == "mcts.playout_policy") {
    m.game_policy = values.one_of(e, {"order", "game"}) == "game";
  } else if (key == "mcts.cutoff") {
    m.cutoff = static_cast<int>(values.integer(e, -1, 1000));
  } else if (key == "mcts.eval_scale") {
    m.eval_scale = values.number(e, 1e-3, kHuge);
  } else if (key == "mcts.rave") {
    m.rave = values.number(e, 0, kHuge);
  } else if (key == "mcts.prior_visits") {
    m.prior_visits = static_cast<int>(values.integer(e, 0, 1000000));
  } else if (key == "mcts.expand") {
    m.expand = static_cast<int>(values.integer(e, 1, 1000000));
  } else if (key == "mcts.tree_mb") {
    m.tree_mb = static_cast<int>(values.integer(e, 1, 65536));
  } else if (key == "mcts.solve") {
    m.solve = static_cast<int>(values.integer(e, 0, 1000000));
  } else if (key == "mcts.seed") {
    m.seed = static_cast<std::uint64_t>(
        values.integer(e, 0, std::numeric_limits<std::int64_t>::max()));
  }
}

/// One [mpc] pair_DEPTH_SHALLOW key: DEPTH in 1..kMaxConfigDepth, SHALLOW in 0..DEPTH-1, and
/// slope intercept sigma triples (slope > 0, sigma >= 0), one per stage.
MpcPair read_mpc_pair(const IniEntry& e, const IniValues& values) {
  const std::string name = e.key.substr(kMpcPairPrefix.size());
  MpcPair pair;
  const auto sep = name.find('_');
  const auto whole = [](const std::string& t, int& out) {
    if (t.empty() || t.size() > 3 || t.find_first_not_of("0123456789") != std::string::npos) {
      return false;
    }
    out = std::stoi(t);
    return true;
  };
  if (sep == std::string::npos || !whole(name.substr(0, sep), pair.depth) ||
      !whole(name.substr(sep + 1), pair.shallow) || pair.depth < 1 ||
      pair.depth > kMaxConfigDepth || pair.shallow >= pair.depth) {
    values.fail(e, "expected a key pair_DEPTH_SHALLOW with 0 <= SHALLOW < DEPTH <= " +
                       std::to_string(kMaxConfigDepth) + " (e.g. pair_8_4)");
  }
  const std::vector<double> v = values.numbers(e);
  if (v.empty() || v.size() % 3 != 0) {
    values.fail(e, "expected slope intercept sigma per stage (a multiple of 3 numbers), got " +
                       std::to_string(v.size()) + " numbers");
  }
  for (std::size_t i = 0; i < v.size(); i += 3) {
    const MpcFit f{v[i], v[i + 1], v[i + 2]};
    if (!(f.slope > 0 && f.slope <= 100) || !(std::abs(f.intercept) <= 1e5) ||
        !(f.sigma >= 0 && f.sigma <= 1e5)) {
      values.fail(e, "stage " + std::to_string(i / 3) + ": expected slope in (0, 100], " +
                         "|intercept| <= 1e5 and sigma in [0, 1e5] (centi-units), got " +
                         format_double(f.slope) + " " + format_double(f.intercept) + " " +
                         format_double(f.sigma));
    }
    pair.stages.push_back(f);
  }
  return pair;
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
  // Step 1. Lex, with line numbers; unknown keys and duplicates are refused there.
  const std::vector<IniEntry> entries =
      read_ini(text, origin, known_keys(),
               {std::string(kWeightsPrefix), std::string(kMpcPairPrefix)}, kExpectedKeys);
  const IniValues values(origin);

  // Step 2. Convert and range-check each value.
  EngineConfig cfg;
  cfg.path = origin;
  cfg.text = text;
  cfg.hash = fnv1a64(text);
  constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
  bool has_name = false;
  bool has_game = false;
  for (const IniEntry& e : entries) {
    const std::string& key = e.key;
    const auto int_of = [&](std::int64_t lo, std::int64_t hi) { return values.integer(e, lo, hi); };
    if (!e.registered && key.starts_with(kMpcPairPrefix)) {
      cfg.mpc.pairs.push_back(read_mpc_pair(e, values));
    } else if (!e.registered) {
      std::vector<double> w = values.numbers(e);
      for (const double v : w) {
        if (std::abs(v) > kMaxWeight) {
          values.fail(e, "weight " + format_double(v) + " is outside [-1e6, 1e6] (centi-units; "
                         "larger weights overflow the integer evaluation)");
        }
      }
      cfg.weights.emplace_back(key.substr(kWeightsPrefix.size()), std::move(w));
    } else if (key == "name") {
      cfg.name = values.non_empty(e);
      has_name = true;
    } else if (key == "game") {
      cfg.game = values.non_empty(e);
      has_game = true;
    } else if (key == "player") {
      cfg.player = values.one_of(e, {"search", "mcts", "random"});
    } else if (key == "search.depth") {
      cfg.limits.depth = static_cast<int>(int_of(0, kMaxConfigDepth));
    } else if (key == "search.nodes") {
      cfg.limits.nodes =
          static_cast<std::uint64_t>(int_of(0, std::numeric_limits<std::int64_t>::max()));
    } else if (key == "search.movetime") {
      cfg.limits.movetime_ms = static_cast<int>(int_of(0, kIntMax));
    } else if (key == "search.gametime") {
      cfg.limits.time_left_ms = static_cast<int>(int_of(0, kIntMax));
    } else if (key == "search.increment") {
      cfg.limits.increment_ms = static_cast<int>(int_of(0, kIntMax));
    } else if (key == "search.tt_mb") {
      cfg.tt_mb = static_cast<int>(int_of(1, kMaxTtMb));
    } else if (key == "search.exact") {
      cfg.exact = static_cast<int>(int_of(0, 255));
    } else if (key == "search.move_cap") {
      cfg.move_cap = static_cast<int>(int_of(0, kIntMax));
    } else if (key == "search.order_depth") {
      cfg.order_depth = static_cast<int>(int_of(0, kMaxConfigDepth));
    } else if (key == "search.order_weight") {
      cfg.order_weight = static_cast<int>(int_of(0, kMaxOrderWeight));
    } else if (key == "search.probable") {
      cfg.probable = static_cast<int>(int_of(0, 255));
    } else if (key == "search.killers") {
      cfg.killers = int_of(0, 1) == 1;
    } else if (key == "search.root_sort") {
      cfg.root_sort = int_of(0, 1) == 1;
    } else if (key == "search.aspiration") {
      cfg.aspiration = static_cast<int>(int_of(0, kMaxAspiration));
    } else if (key == "mpc.threshold") {
      cfg.mpc.threshold = values.number(e, 0, 1e9);
    } else if (key.starts_with("mcts.")) {
      read_mcts_key(e, values, cfg.mcts);
    } else if (key == "eval.features") {
      cfg.features = values.non_empty(e);
    } else if (key == "eval.weights_file") {
      cfg.weights_file = resolve_side_file(values.printable(e), origin);
    } else if (key == "book.file") {
      cfg.book_file = resolve_side_file(values.printable(e), origin);
    }
  }

  // Step 3. Required keys.
  if (!has_name) throw InputError(where(origin, 0) + "key 'name': required but missing");
  if (!has_game) throw InputError(where(origin, 0) + "key 'game': required but missing");
  return cfg;
}

EngineConfig load_engine_config(const std::string& path) {
  return parse_engine_config(read_text_file(path, "engine config"), path);
}

std::string format_engine_config(const EngineConfig& cfg,
                                 const std::vector<std::string>& comments) {
  // A '#' or a line break inside a value would not read back; refuse rather than write it.
  for (const std::string* v :
       {&cfg.name, &cfg.game, &cfg.player, &cfg.features, &cfg.weights_file, &cfg.book_file}) {
    const bool edge_blank = !v->empty() && (v->front() == ' ' || v->front() == '\t' ||
                                            v->back() == ' ' || v->back() == '\t');
    if (v->find_first_of("#\n\r") != std::string::npos || edge_blank) {
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
      << "move_cap = " << cfg.move_cap << "\n";
  // The ordering keys only when set, so configs without them keep their exact text.
  if (cfg.order_depth != 0 || cfg.order_weight != 0) {
    out << "order_depth = " << cfg.order_depth << "\n"
        << "order_weight = " << cfg.order_weight << "\n";
  }
  if (cfg.probable != 0) out << "probable = " << cfg.probable << "\n";
  if (cfg.killers) out << "killers = 1\n";
  if (cfg.root_sort) out << "root_sort = 1\n";
  if (cfg.aspiration != 0) out << "aspiration = " << cfg.aspiration << "\n";
  out << "\n"
      << "[eval]\n"
      << "features = " << cfg.features << "\n"
      << "weights_file = " << cfg.weights_file << "\n";
  // [book] only with a book, so configs without one keep their exact text.
  if (!cfg.book_file.empty()) out << "\n[book]\nfile = " << cfg.book_file << "\n";
  // [mcts] only when it matters, so alpha-beta configs keep their exact text.
  if (const MctsSettings& m = cfg.mcts; cfg.player == "mcts" || !(m == MctsSettings{})) {
    out << "\n[mcts]\n"
        << "playouts = " << m.playouts << "\n"
        << "exploration = " << format_double(m.exploration) << "\n"
        << "prior_temperature = " << format_double(m.prior_temperature) << "\n"
        << "prior_power = " << format_double(m.prior_power) << "\n"
        << "playout_temperature = " << format_double(m.playout_temperature) << "\n"
        << "playout_policy = " << (m.game_policy ? "game" : "order") << "\n"
        << "cutoff = " << m.cutoff << "\n"
        << "eval_scale = " << format_double(m.eval_scale) << "\n"
        << "rave = " << format_double(m.rave) << "\n"
        << "prior_visits = " << m.prior_visits << "\n"
        << "expand = " << m.expand << "\n"
        << "tree_mb = " << m.tree_mb << "\n"
        << "solve = " << m.solve << "\n"
        << "seed = " << m.seed << "\n";
  }
  // [mpc] only with pairs, so configs without Multi-ProbCut keep their exact text.
  if (!cfg.mpc.pairs.empty()) {
    out << "\n[mpc]\n"
        << "threshold = " << format_double(cfg.mpc.threshold) << "\n";
    for (const MpcPair& pair : cfg.mpc.pairs) {
      out << "pair_" << pair.depth << "_" << pair.shallow << " =";
      for (const MpcFit& f : pair.stages) {
        out << " " << format_double(f.slope) << " " << format_double(f.intercept) << " "
            << format_double(f.sigma);
      }
      out << "\n";
    }
  }
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
  std::size_t line = 0;
  try {
    for (const IniEntry& e : read_ini(cfg.text, origin, known_keys(),
                                      {std::string(kWeightsPrefix), std::string(kMpcPairPrefix)},
                                      kExpectedKeys)) {
      if (e.key == key) {
        line = e.line;
        break;
      }
    }
  } catch (const InputError&) {
    line = 0;  // text not from parse_engine_config (built in memory): name the key only
  }
  return where(origin, line) + "key '" + key + "': ";
}

}  // namespace arena::core
