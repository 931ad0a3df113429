// What a tuning run reports: counts, losses before and after, timings; as JSON (`--json`) and
// as text. Pure data and formatting: no I/O.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "tune/dataset.hpp"
#include "tune/inputs.hpp"

namespace arena::tune {

/// The outcome of run_tune. Losses: ridge = mean squared error in game units squared (discs^2,
/// squares^2); logistic = the chosen loss (mse or cross-entropy) between target and
/// sigmoid(eval / K). NaN when a set is empty (written as null in JSON).
struct TuneReport {
  std::string game;
  std::string init;            ///< --init path
  std::string out;             ///< written config ("" when --out was not given)
  std::string weights_file;    ///< written side file ("" when the feature set has none)
  std::string name;            ///< the tuned config's name
  std::string features;        ///< feature set name
  std::string method;          ///< "ridge" | "logistic"
  std::string label;           ///< normalised mixture, e.g. "score:0.5,search:0.5"
  std::string loss;            ///< "mse-units2", "mse" or "cross-entropy"
  std::string solver;          ///< "ldlt", "cg", "newton", "adam"
  int iterations = 0;
  double scale = 0.0;          ///< Texel K, centi-units (fitted on the start weights)
  std::size_t num_weights = 0;
  std::size_t train_positions = 0;
  std::size_t holdout_positions = 0;
  double train_loss_before = 0.0;
  double train_loss_after = 0.0;
  double holdout_loss_before = 0.0;
  double holdout_loss_after = 0.0;
  /// Holdout loss per phase (same units), before and after; NaN for a phase without rows.
  std::vector<double> holdout_phase_loss_before;
  std::vector<double> holdout_phase_loss_after;
  double read_seconds = 0.0;      ///< reading and replaying the input files
  double sample_seconds = 0.0;    ///< choosing and labelling positions (exact solves included)
  double features_seconds = 0.0;  ///< feature rows
  double fit_seconds = 0.0;       ///< K and the fit
  double seconds = 0.0;           ///< whole run
  SampleStats sampling;
  std::vector<InputSummary> inputs;
  /// --method mpc: per depth pair, "DEEP:SHALLOW (...): stage positions slope intercept sigma;
  /// ..." (train_positions: the positions searched).
  std::vector<std::string> mpc_fits;
  /// --method book: positions and moves in the book (weights_file: the book file written).
  std::size_t book_positions = 0;
  std::size_t book_moves = 0;

  /// Training positions per second of fitting (train_positions / fit_seconds).
  [[nodiscard]] double positions_per_second() const;
};

/// What a user should not miss in a fit's figures: the held-out loss rising (the fit follows
/// its training positions more than unseen games: too few positions for the weights, or too
/// light a --lambda pull). One sentence each; empty when nothing stands out.
[[nodiscard]] std::vector<std::string> warnings(const TuneReport& r);

/// The `--json` document: positions, train_loss_before/_after, holdout_loss_before/_after,
/// seconds, out, method, label, positions_per_second, warnings, and the rest of the report.
[[nodiscard]] nlohmann::json to_json(const TuneReport& r);

/// A few lines of text for people.
[[nodiscard]] std::string format_report(const TuneReport& r);

}  // namespace arena::tune
