// The options of a tuning run: a plain struct, the Boost.Program_options description that fills
// it (the module owns its options; `arena tune` and `arena loop`'s [tune] both read them through
// it), and the parsers of its compound values (label mixtures, method, loss, solver). A choice
// among names is parsed into its enum as the option is read, so an unknown name fails there.
// Boost's options_description is only declared here: the full header (about 800 Boost headers,
// 3 s of parsing) stays in the files that build a description.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace boost::program_options {
class options_description;
}  // namespace boost::program_options

namespace arena::tune {

/// --method as given: ridge | logistic | lbfgs (the logistic fit by L-BFGS) | mpc | book.
enum class FitMethod { Ridge, Logistic, Lbfgs, Mpc, Book };

/// The loss of the logistic (Texel) fit between target t in [0, 1] and s = sigmoid(eval / K).
enum class LogisticLoss {
  Mse,          ///< mean of (t - s)^2, Texel's original choice
  CrossEntropy  ///< mean of -(t log s + (1 - t) log(1 - s))
};

/// Which solver: Auto picks Direct when num_weights() <= direct_limit, else Iterative.
enum class Solver { Auto, Direct, Iterative };

/// Everything `arena tune` takes. Defaults are the CLI's defaults.
struct TuneOptions {
  std::vector<std::string> games;   ///< arena logs (.jsonl) and, for Othello, WTHOR .tsv / .wtb
  std::vector<std::string> positions;  ///< labelled positions files (tune/positions.hpp)
  /// Positions files caching the computed labels, one per kind the label computes: exact
  /// solves first, then searches; empty = none.
  std::vector<std::string> label_cache;
  std::string init;                 ///< starting config: game, feature set, start weights
  std::string out;                  ///< tuned config to write; "" = fit and report only
  std::string name;                 ///< name of the tuned config; "" = "<init name>-tuned"
  std::string label = "result";     ///< "KIND[:WEIGHT],..." with KIND result|score|search|exact|line
  FitMethod method = FitMethod::Logistic;
  LogisticLoss loss = LogisticLoss::Mse;  ///< the logistic fit's loss
  double holdout = 0.1;             ///< fraction of games held out, in [0, 1)
  std::uint64_t seed = 1;           ///< holdout split and per-game sampling
  int skip_plies = 8;               ///< plies skipped at the start of each game
  int max_per_game = 0;             ///< positions per game at most; 0 = all
  double balance = 0.0;             ///< cap each phase at balance x mean phase size; 0 = off
  int exact_empties = 12;           ///< `exact` label: solve positions with <= this many empties
  int search_depth = 0;             ///< `search` label: search unscored positions this deep; 0 = drop them
  std::size_t search_max = 0;       ///< with search_depth: search at most this many; 0 = all
  double lambda = 1e-4;             ///< L2 pull towards the start weights (fit.hpp units)
  double tie = 0.0;                 ///< L2 pull between neighbouring phases
  int iterations = 0;               ///< solver iteration cap; 0 = the method's default
  double learning_rate = 2.0;       ///< logistic Adam step, centi-units
  Solver solver = Solver::Auto;
  std::string wthor_invalid = "use";  ///< records that stop early / disagree: use | skip
  /// --method mpc: the depth pairs DEEP:SHALLOW to fit (tune/mpc.hpp), and the threshold t
  /// written with them.
  std::string mpc_pairs = "3:1,4:2,5:1,6:2,7:3,8:4,9:3,10:4,11:5";
  double mpc_threshold = 1.5;
  /// --method mpc: search with the start config's own Multi-ProbCut pairs on (deep pairs
  /// fitted to the selective search that will run them); its pairs are kept in the output.
  bool mpc_selective = false;
  /// --method book (tune/book.hpp): positions before this ply, moves of at least this many
  /// games.
  int book_plies = 30;
  int book_games = 10;
  /// --method book: search the book's leaves this deep with the --init config (0 = value
  /// them by their games' final scores).
  int book_depth = 0;
  int threads = 0;                  ///< worker threads; 0 = all cores
  bool quiet = false;               ///< no progress lines on stderr
  // Set by the caller, not by options:
  std::vector<std::string> command_line;  ///< recorded in the tuned config's comments
};

/// Adds the tuning options (all but --json, which belongs to the command) to `desc`, storing
/// into `opts`. `opts` must outlive the parse.
void add_tune_options(boost::program_options::options_description& desc, TuneOptions& opts);

/// The kinds of training label. `Line` is the exact score of the game's line: the exact score
/// where solved, before that the exact score of the game's first solved position (the moves
/// actually played up to there, then perfect play), so human endgame errors leave the
/// midgame labels.
enum class LabelKind { Result, Score, Search, Exact, Line };

/// One term of a label mixture.
struct LabelTerm {
  LabelKind kind = LabelKind::Result;
  double weight = 1.0;
};

/// Parses "--label" text: "result", "score:0.5,search:0.5", ... Weights must be > 0 and are
/// normalised to sum 1; a kind may appear once. Throws InputError naming --label.
[[nodiscard]] std::vector<LabelTerm> parse_label(const std::string& text);

/// "result", "score", "search", "exact", "line".
[[nodiscard]] const char* label_kind_name(LabelKind k);

/// Whether label kind k needs the exact solver (exact and line).
[[nodiscard]] inline bool needs_exact_solves(LabelKind k) {
  return k == LabelKind::Exact || k == LabelKind::Line;
}

/// The fitting methods: evaluation weights (ridge, logistic), Multi-ProbCut fits (mpc) or
/// an opening book (book).
enum class Method { Ridge, Logistic, Mpc, Book };

/// "ridge" | "logistic" | "lbfgs" | "mpc" | "book"; throws InputError naming --method otherwise.
[[nodiscard]] FitMethod parse_method(const std::string& text);

/// The --method name of `m` (parse_method's inverse).
[[nodiscard]] const char* method_name(FitMethod m);

/// What `m` fits (lbfgs is the logistic fit).
[[nodiscard]] Method method_kind(FitMethod m);

/// "mse" | "cross-entropy"; throws InputError naming --loss otherwise.
[[nodiscard]] LogisticLoss parse_loss(const std::string& text);

/// "auto" | "direct" | "iterative"; throws InputError naming --solver otherwise.
[[nodiscard]] Solver parse_solver(const std::string& text);

/// One depth pair of --mpc-pairs.
struct DepthPair {
  int deep = 0;
  int shallow = 0;
};

/// Parses --mpc-pairs "DEEP:SHALLOW,...": 0 <= SHALLOW < DEEP <= 64, no pair twice. Throws
/// InputError naming --mpc-pairs.
[[nodiscard]] std::vector<DepthPair> parse_mpc_pairs(const std::string& text);

}  // namespace arena::tune
