// The `patterns` feature set: a linear evaluation over board patterns in the style of
// Logistello (Buro, "Experiments with Multi-ProbCut and a New High-Quality Evaluation Function
// for Othello", 1997), as Edax and Egaroucid still use. Each pattern is a fixed list of squares
// declared once in kPatterns (in the a1 corner's orientation); its images under the 8 board
// symmetries share one weight table of 3^k entries indexed by the configuration in base 3
// (digit i = square i of the declared list: 0 empty, 1 the side to move's, 2 the opponent's).
// Images whose ordered square list repeats (the main diagonal under its own transpose) are
// counted once; images with the same squares in another order are all kept, so the evaluation
// is exactly symmetric for any weights. Two global terms follow the tables: mobility (own legal
// moves minus the opponent's) and parity (+1 odd empties, -1 even).
//
// Stages (phases) by empties: 13 of them, stage = (60 - empties) / 5 (60-56 empties -> 0, ...,
// 0 empties -> 12). Weights come from a side file (uses_weights_file); the declaration hash
// covers the pattern table, the globals and the staging, so a file for another table is
// refused by core::read_weights_file.
//
// Indices come from bitboards, by one of two paths chosen at compile time:
//  - AVX-512 VBMI + VNNI (e.g. -march=native on Zen 4): 16 images per vector; byte permutes
//    line up each image's cells and dot products weigh them by powers of 3 (patterns.cpp).
//  - portable: every declared list is in ascending square order, so for each board symmetry k
//    the discs are first moved to where the declared squares read them (8 byte-swap /
//    delta-swap transforms per side), then one PEXT per side and image (BMI2 when the build has
//    it; a bit loop otherwise) gathers the bits in digit order and one 2^10-entry table turns
//    them into base 3 (index = T[pext(own)] + 2 T[pext(opp)]).
// pattern_indices_slow is the obvious square-by-square reference. The engine evaluates through
// PatternEvaluator: the same sum over 16-bit integer weights, without a sparse vector.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "engine/core/features.hpp"
#include "engine/core/specialised_eval.hpp"
#include "engine/othello/othello.hpp"

namespace arena::othello {

/// One declared pattern: its name and its squares (a1 = 0, h8 = 63) in digit order.
struct PatternDecl {
  std::string_view name;
  std::span<const int> squares;
};

/// The declared patterns in table order (edge_2x, corner_3x3, corner_2x5, row_2, row_3, row_4,
/// diag_8, diag_7, diag_6, diag_5, diag_4).
[[nodiscard]] std::span<const PatternDecl> pattern_table();

/// Number of stages of the `patterns` set and the stage of a position with `empties` empties.
inline constexpr int kPatternStages = 13;
[[nodiscard]] constexpr int pattern_stage(int empties) {
  return empties >= 60 ? 0 : empties <= 0 ? kPatternStages - 1 : (60 - empties) / 5;
}

/// Square sq under board symmetry k in 0..7: transpose when bit 2 is set, then mirror the
/// columns (bit 0) and the rows (bit 1). k = 0 is the identity.
[[nodiscard]] constexpr int symmetric_square(int sq, int k) {
  int c = sq % 8;
  int r = sq / 8;
  if ((k & 4) != 0) {
    const int t = c;
    c = r;
    r = t;
  }
  if ((k & 1) != 0) c = 7 - c;
  if ((k & 2) != 0) r = 7 - r;
  return 8 * r + c;
}

/// The disc set b under board symmetry k (see symmetric_square).
[[nodiscard]] Bitboard symmetric_board(Bitboard b, int k);

/// Number of pattern images evaluated per position (one weight index each).
[[nodiscard]] int num_pattern_images();

/// Feature indices of the images of p (side to move's view), in image order, written to
/// `out` (size num_pattern_images()); the fast path (PEXT or its portable fallback).
void pattern_indices(const Position& p, std::span<std::uint32_t> out);

/// The same indices by walking every image's squares one by one (the test reference).
void pattern_indices_slow(const Position& p, std::span<std::uint32_t> out);

/// The `patterns` feature set (see the file comment).
[[nodiscard]] std::unique_ptr<core::FeatureSet<Position>> make_pattern_set();

/// Evaluates p with phase-major weights of the `patterns` set (w[stage * num_features +
/// index]) rounded to 16-bit integers, without building a sparse vector: the engine's hot path
/// (offered to Engine through FeatureSet::make_specialised_eval). Centi-discs, mover's view;
/// equal to LinearEval for integer weights in [-32768, 32767].
class PatternEvaluator final : public core::SpecialisedEval<Position> {
 public:
  /// Rounds `weights` (size kPatternStages * num_features of the set) to the nearest integer.
  /// Throws std::invalid_argument for a wrong size, InputError for a weight outside the 16-bit
  /// range (naming its stage and feature).
  explicit PatternEvaluator(const std::vector<double>& weights);
  [[nodiscard]] int evaluate(const Position& p) const override;

 private:
  std::vector<std::int16_t> weights_;  ///< stage-major, num_features_ per stage
  std::size_t num_features_;
};

}  // namespace arena::othello
