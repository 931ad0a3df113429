// Tuning options and their parsers (see options.hpp).
#include "tune/options.hpp"

#include <boost/program_options.hpp>
#include <cmath>
#include <sstream>

#include "engine/core/errors.hpp"

namespace po = boost::program_options;

namespace arena::tune {

// Boost.Program_options reads an option into an enum through a `validate` overload found by
// argument-dependent lookup; each throws the parser's InputError (exit 2, the option named).
void validate(boost::any& v, const std::vector<std::string>& values, FitMethod*, int) {
  po::validators::check_first_occurrence(v);
  v = parse_method(po::validators::get_single_string(values));
}

void validate(boost::any& v, const std::vector<std::string>& values, LogisticLoss*, int) {
  po::validators::check_first_occurrence(v);
  v = parse_loss(po::validators::get_single_string(values));
}

void validate(boost::any& v, const std::vector<std::string>& values, Solver*, int) {
  po::validators::check_first_occurrence(v);
  v = parse_solver(po::validators::get_single_string(values));
}

void add_tune_options(po::options_description& desc, TuneOptions& o) {
  desc.add_options()
      ("games", po::value(&o.games)->multitoken()->composing(),
       "game logs (JSON Lines) and, for Othello, WTHOR transcripts (.tsv) or databases (.wtb)")
      ("positions", po::value(&o.positions)->multitoken()->composing(),
       "labelled positions files, one 'POSITION; LABEL' a line (arena convert --label; Edax "
       "OBF): fitted alone or with --games, split into train/holdout by position")
      ("label-cache", po::value(&o.label_cache)->multitoken(),
       "positions files caching the labels the tuner computes, one per kind: the exact "
       "solves' file first, then the searches' (a mixture such as line:0.5,search:0.5 takes "
       "two): read when present, new labels added (written once a minute while labelling, "
       "and at the end)")
      ("init", po::value(&o.init)->required(), "starting config (game, feature set, weights)")
      ("out", po::value(&o.out), "write the tuned config here (same format as --init)")
      ("name", po::value(&o.name), "name of the tuned config (default: <init name>-tuned)")
      ("label", po::value(&o.label)->default_value(o.label),
       "training label: result | score | search | exact | line (exact where solved, before "
       "that the game's first solved position's exact score), or a mixture such as "
       "score:0.5,search:0.5")
      ("method", po::value(&o.method)->default_value(o.method, method_name(o.method)),
       "ridge (least squares on centi-unit labels) | logistic (Texel: sigmoid of eval / K; "
       "Newton or Adam by --solver) | lbfgs (the logistic fit by L-BFGS, for large fits) | mpc "
       "(Multi-ProbCut: shallow vs deep search values of the games' positions, by stage) | book (an "
       "opening book from the games' first plies, written beside the config)")
      ("loss", po::value(&o.loss)->default_value(o.loss, "mse"),
       "logistic loss: mse | cross-entropy")
      ("holdout", po::value(&o.holdout)->default_value(o.holdout, "0.1"),
       "fraction of games held out for the loss check (split by game)")
      ("seed", po::value(&o.seed)->default_value(o.seed), "seed of the split and sampling")
      ("skip-plies", po::value(&o.skip_plies)->default_value(o.skip_plies),
       "skip the first K plies of each game")
      ("max-per-game", po::value(&o.max_per_game)->default_value(o.max_per_game),
       "at most M positions per game (0 = all)")
      ("balance", po::value(&o.balance)->default_value(o.balance),
       "cap each phase at R x the mean phase size (0 = off)")
      ("exact-empties", po::value(&o.exact_empties)->default_value(o.exact_empties),
       "labels 'exact' and 'line': solve positions with at most E empties")
      ("search-depth", po::value(&o.search_depth)->default_value(o.search_depth),
       "label 'search': positions without a recorded search score (real games, logs without "
       "--record-evals) get one from the --init config searched D plies deep (0 = drop them)")
      ("search-max", po::value(&o.search_max)->default_value(o.search_max),
       "with --search-depth: search at most N such positions, chosen by position hash (0 = all)")
      ("lambda", po::value(&o.lambda)->default_value(o.lambda, "0.0001"),
       "L2 pull towards the start weights, as a fraction of the positions (sparse "
       "pattern tables want about 1e-6: at 1e-4 a configuration seen in fewer than a few "
       "hundred positions stays near its start; above 0 with nonzero start weights, a refit "
       "may have fewer positions than weights)")
      ("tie", po::value(&o.tie)->default_value(o.tie),
       "L2 pull between neighbouring phases, same units")
      ("iterations", po::value(&o.iterations)->default_value(o.iterations),
       "solver iteration cap (0 = default)")
      ("learning-rate", po::value(&o.learning_rate)->default_value(o.learning_rate),
       "logistic: Adam step size, centi-units")
      ("solver", po::value(&o.solver)->default_value(o.solver, "auto"),
       "auto | direct (dense LDLT / Newton) | iterative (conjugate gradient / Adam)")
      ("wthor-invalid", po::value(&o.wthor_invalid)->default_value(o.wthor_invalid),
       "WTHOR records that stop early or disagree with the replay: use (recorded result) | skip")
      ("mpc-pairs", po::value(&o.mpc_pairs)->default_value(o.mpc_pairs),
       "--method mpc: depth pairs DEEP:SHALLOW to fit, in the order the search tries them")
      ("mpc-threshold", po::value(&o.mpc_threshold)->default_value(o.mpc_threshold, "1.5"),
       "--method mpc: the threshold t (in sigmas) written with the fits")
      ("mpc-selective", po::bool_switch(&o.mpc_selective),
       "--method mpc: search with the start config's Multi-ProbCut pairs on and keep them, the "
       "fitted pairs added (replacing pairs of the same depths)")
      ("book-plies", po::value(&o.book_plies)->default_value(o.book_plies),
       "--method book: positions before this ply (1-200)")
      ("book-games", po::value(&o.book_games)->default_value(o.book_games),
       "--method book: a move played in at least this many games is a book move (>= 1)")
      ("book-depth", po::value(&o.book_depth)->default_value(o.book_depth),
       "--method book: value the book's leaves by a search this deep with the --init config "
       "(0 = by their games' final scores; 1-64)")
      ("threads", po::value(&o.threads)->default_value(o.threads), "worker threads (0 = all)")
      ("quiet", po::bool_switch(&o.quiet), "no progress lines on stderr");
}

const char* label_kind_name(LabelKind k) {
  switch (k) {
    case LabelKind::Result: return "result";
    case LabelKind::Score: return "score";
    case LabelKind::Search: return "search";
    case LabelKind::Exact: return "exact";
    case LabelKind::Line: return "line";
  }
  return "?";
}

std::vector<LabelTerm> parse_label(const std::string& text) {
  const std::string expected =
      "--label: expected KIND[:WEIGHT],... with KIND result, score, search, exact or line (e.g. "
      "score:0.5,search:0.5), got '" + text + "'";
  std::vector<LabelTerm> terms;
  std::stringstream in(text);
  std::string item;
  double total = 0.0;
  while (std::getline(in, item, ',')) {
    const auto colon = item.find(':');
    const std::string kind = item.substr(0, colon);
    LabelTerm t;
    if (kind == "result") {
      t.kind = LabelKind::Result;
    } else if (kind == "score") {
      t.kind = LabelKind::Score;
    } else if (kind == "search") {
      t.kind = LabelKind::Search;
    } else if (kind == "exact") {
      t.kind = LabelKind::Exact;
    } else if (kind == "line") {
      t.kind = LabelKind::Line;
    } else {
      throw InputError(expected);
    }
    if (colon != std::string::npos) {
      try {
        std::size_t used = 0;
        t.weight = std::stod(item.substr(colon + 1), &used);
        if (used != item.size() - colon - 1) throw InputError(expected);
      } catch (const std::logic_error&) {
        throw InputError(expected);
      }
    }
    if (!(t.weight > 0.0) || !std::isfinite(t.weight)) {
      throw InputError("--label: the weight of '" + kind + "' must be > 0");
    }
    for (const auto& u : terms) {
      if (u.kind == t.kind) throw InputError("--label: '" + kind + "' appears twice");
    }
    total += t.weight;
    terms.push_back(t);
  }
  if (terms.empty()) throw InputError(expected);
  for (auto& t : terms) t.weight /= total;
  return terms;
}

FitMethod parse_method(const std::string& text) {
  for (const FitMethod m : {FitMethod::Ridge, FitMethod::Logistic, FitMethod::Lbfgs, FitMethod::Mpc,
                            FitMethod::Book}) {
    if (text == method_name(m)) return m;
  }
  throw InputError("--method: expected 'ridge', 'logistic', 'lbfgs', 'mpc' or 'book', got '" +
                   text + "'");
}

const char* method_name(FitMethod m) {
  switch (m) {
    case FitMethod::Ridge: return "ridge";
    case FitMethod::Logistic: return "logistic";
    case FitMethod::Lbfgs: return "lbfgs";
    case FitMethod::Mpc: return "mpc";
    case FitMethod::Book: return "book";
  }
  return "?";
}

Method method_kind(FitMethod m) {
  switch (m) {
    case FitMethod::Ridge: return Method::Ridge;
    case FitMethod::Logistic:
    case FitMethod::Lbfgs: return Method::Logistic;
    case FitMethod::Mpc: return Method::Mpc;
    case FitMethod::Book: return Method::Book;
  }
  return Method::Logistic;
}

LogisticLoss parse_loss(const std::string& text) {
  if (text == "mse") return LogisticLoss::Mse;
  if (text == "cross-entropy") return LogisticLoss::CrossEntropy;
  throw InputError("--loss: expected 'mse' or 'cross-entropy', got '" + text + "'");
}

Solver parse_solver(const std::string& text) {
  if (text == "auto") return Solver::Auto;
  if (text == "direct") return Solver::Direct;
  if (text == "iterative") return Solver::Iterative;
  throw InputError("--solver: expected 'auto', 'direct' or 'iterative', got '" + text + "'");
}

std::vector<DepthPair> parse_mpc_pairs(const std::string& text) {
  const std::string expected =
      "--mpc-pairs: expected DEEP:SHALLOW,... with 0 <= SHALLOW < DEEP <= 64 (e.g. 8:4,6:2), got '" +
      text + "'";
  const auto whole = [&](const std::string& t) {
    if (t.empty() || t.size() > 2 || t.find_first_not_of("0123456789") != std::string::npos) {
      throw InputError(expected);
    }
    return std::stoi(t);
  };
  std::vector<DepthPair> pairs;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const auto colon = item.find(':');
    if (colon == std::string::npos) throw InputError(expected);
    const DepthPair d{whole(item.substr(0, colon)), whole(item.substr(colon + 1))};
    if (d.shallow >= d.deep || d.deep > 64) throw InputError(expected);
    for (const DepthPair& e : pairs) {
      if (e.deep == d.deep && e.shallow == d.shallow) {
        throw InputError("--mpc-pairs: " + item + " appears twice");
      }
    }
    pairs.push_back(d);
  }
  if (pairs.empty()) throw InputError(expected);
  return pairs;
}

}  // namespace arena::tune
