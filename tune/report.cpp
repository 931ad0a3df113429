// JSON and text forms of a tuning report (see report.hpp).
#include "tune/report.hpp"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

namespace arena::tune {
namespace {

nlohmann::json number(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(); }

std::string fixed(double v, int digits) {
  if (!std::isfinite(v)) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace

double TuneReport::positions_per_second() const {
  return fit_seconds > 0 ? static_cast<double>(train_positions) / fit_seconds : 0.0;
}

std::vector<std::string> warnings(const TuneReport& r) {
  std::vector<std::string> out;
  if (r.method != "mpc" && r.method != "book" && std::isfinite(r.holdout_loss_before) &&
      std::isfinite(r.holdout_loss_after) && r.holdout_loss_after > r.holdout_loss_before) {
    out.push_back("the holdout loss rose (" + fixed(r.holdout_loss_before, 6) + " -> " +
                  fixed(r.holdout_loss_after, 6) + ") while the train loss went " +
                  fixed(r.train_loss_before, 6) + " -> " + fixed(r.train_loss_after, 6) +
                  ": the fit follows its " + std::to_string(r.train_positions) +
                  " training positions more than unseen games; give it more positions or a "
                  "larger --lambda (a pull towards the start weights)");
  }
  return out;
}

nlohmann::json to_json(const TuneReport& r) {
  nlohmann::json inputs = nlohmann::json::array();
  for (const auto& i : r.inputs) {
    inputs.push_back({{"path", i.path}, {"kind", i.kind}, {"hash", i.hash}, {"games", i.games},
                      {"skipped", i.skipped}, {"invalid", i.invalid}});
  }
  const auto& s = r.sampling;
  const auto numbers = [](const std::vector<double>& v) {
    nlohmann::json a = nlohmann::json::array();
    for (const double x : v) a.push_back(number(x));
    return a;
  };
  return {
      {"game", r.game},
      {"init", r.init},
      {"out", r.out},
      {"weights_file", r.weights_file},
      {"name", r.name},
      {"features", r.features},
      {"method", r.method},
      {"label", r.label},
      {"loss", r.loss},
      {"solver", r.solver},
      {"iterations", r.iterations},
      {"scale_k", r.scale},
      {"num_weights", r.num_weights},
      {"games", s.games},
      {"train_games", s.train_games},
      {"holdout_games", s.holdout_games},
      {"positions", r.train_positions + r.holdout_positions},
      {"train_positions", r.train_positions},
      {"holdout_positions", r.holdout_positions},
      {"train_loss_before", number(r.train_loss_before)},
      {"train_loss_after", number(r.train_loss_after)},
      {"holdout_loss_before", number(r.holdout_loss_before)},
      {"holdout_loss_after", number(r.holdout_loss_after)},
      {"holdout_phase_loss_before", numbers(r.holdout_phase_loss_before)},
      {"holdout_phase_loss_after", numbers(r.holdout_phase_loss_after)},
      {"seconds", r.seconds},
      {"read_seconds", r.read_seconds},
      {"sample_seconds", r.sample_seconds},
      {"features_seconds", r.features_seconds},
      {"fit_seconds", r.fit_seconds},
      {"positions_per_second", r.positions_per_second()},
      {"sampling",
       {{"candidates", s.candidates}, {"no_search_label", s.no_search},
        {"duplicates", s.duplicates}, {"capped", s.capped}, {"balanced_out", s.balanced_out},
        {"exact_solved", s.exact_solved}, {"exact_nodes", s.exact_nodes},
        {"searched", s.searched}, {"search_capped", s.search_capped},
        {"search_nodes", s.search_nodes}, {"labelled", s.labelled},
        {"label_cache_hits", s.cached}}},
      {"inputs", inputs},
      {"mpc_fits", r.mpc_fits},
      {"book_positions", r.book_positions},
      {"book_moves", r.book_moves},
      {"warnings", warnings(r)},
  };
}

std::string format_report(const TuneReport& r) {
  std::string out;
  if (r.method == "book") {
    out += "learned the opening book of " + r.name + " (" + r.game + "): " +
           std::to_string(r.book_positions) + " positions, " + std::to_string(r.book_moves) +
           " moves from " + std::to_string(r.sampling.games) + " games" +
           (r.sampling.searched > 0 ? ", " + std::to_string(r.sampling.searched) +
                                          " leaves searched (" +
                                          std::to_string(r.sampling.search_nodes) + " nodes)"
                                    : std::string()) +
           "; total " + fixed(r.seconds, 2) + " s\n";
    if (!r.out.empty()) out += "wrote " + r.out + " and " + r.weights_file + "\n";
    return out;
  }
  if (r.method == "mpc") {
    out += "fitted Multi-ProbCut of " + r.name + " (" + r.game + ") on " +
           std::to_string(r.train_positions) + " positions of " +
           std::to_string(r.sampling.games) + " games, " +
           std::to_string(r.sampling.search_nodes) + " nodes in " + fixed(r.sample_seconds, 1) +
           " s; total " + fixed(r.seconds, 2) + " s\n";
    for (const auto& line : r.mpc_fits) out += "pair " + line + "\n";
    if (!r.out.empty()) out += "wrote " + r.out + "\n";
    return out;
  }
  out += "tuned " + r.name + " (" + r.game + ", features " + r.features + ", " +
         std::to_string(r.num_weights) + " weights) with " + r.method + " on label " + r.label +
         "\n";
  out += "games: " + std::to_string(r.sampling.train_games) + " train, " +
         std::to_string(r.sampling.holdout_games) + " holdout; positions: " +
         std::to_string(r.train_positions) + " train, " + std::to_string(r.holdout_positions) +
         " holdout\n";
  out += "loss (" + r.loss + "): train " + fixed(r.train_loss_before, 6) + " -> " +
         fixed(r.train_loss_after, 6) + ", holdout " + fixed(r.holdout_loss_before, 6) + " -> " +
         fixed(r.holdout_loss_after, 6) + "\n";
  if (!r.holdout_phase_loss_before.empty()) {
    out += "holdout loss by phase:";
    for (std::size_t p = 0; p < r.holdout_phase_loss_before.size(); ++p) {
      out += " " + std::to_string(p) + ": " + fixed(r.holdout_phase_loss_before[p], 4) + " -> " +
             fixed(r.holdout_phase_loss_after[p], 4) + ";";
    }
    out.back() = '\n';
  }
  out += "fit: " + r.solver + ", " + std::to_string(r.iterations) + " iterations, K = " +
         fixed(r.scale, 1) + ", " + fixed(r.fit_seconds, 2) + " s (" +
         fixed(r.positions_per_second(), 0) + " positions/s); total " + fixed(r.seconds, 2) +
         " s\n";
  for (const auto& w : warnings(r)) out += "warning: " + w + "\n";
  if (!r.out.empty()) out += "wrote " + r.out + "\n";
  return out;
}

}  // namespace arena::tune
