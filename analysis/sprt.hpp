// Sequential probability ratio test on match results: the bounds from alpha and beta and the
// log-likelihood ratio (LLR) of H1 (elo1) against H0 (elo0). The generalised SPRT of Van den
// Bergh (as fishtest's server/fishtest/stats/LLRcalc.py and fastchess) maximises the likelihood
// of a multinomial over the observed outcome frequencies under each hypothesis, in the
// logistic model (the expected score is fixed) or the normalized model ((mu - 1/2)/sigma is
// fixed), per game (trinomial) or per pair (pentanomial). The BayesElo-model LLR is the one
// cutechess prints. Test vectors: tests/data/stats/worked-examples.md (S1, S2, S3).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "analysis/elo.hpp"

namespace arena::analysis {

/// The model the hypotheses elo0/elo1 are expressed in; each implies its Elo unit.
enum class SprtModel {
  Logistic,    ///< bounds in logistic Elo (unit Elo)
  Normalized,  ///< bounds in normalized Elo (unit nElo)
  BayesElo,    ///< cutechess: logistic bounds converted to BayesElo with the observed draw elo
};

/// How the generalised-SPRT LLR is computed.
enum class LlrMethod {
  Exact,         ///< maximum-likelihood multinomial under each hypothesis (theta root)
  NormalApprox,  ///< LLR ~ N (s1 - s0)(2 s - s0 - s1) / (2 var)
};

/// "logistic", "normalized" or "bayeselo".
[[nodiscard]] std::string_view model_name(SprtModel model);

/// The unit of a model's bounds: Elo, nElo, or Elo for BayesElo (its bounds are given in
/// logistic Elo and converted internally, as cutechess does).
[[nodiscard]] EloUnit model_unit(SprtModel model);

/// Parses "logistic", "normalized" or "bayeselo"; throws InputError otherwise.
[[nodiscard]] SprtModel parse_sprt_model(std::string_view text);

/// Test parameters. The default model is logistic, so that "elo0=0,elo1=5" means what it says
/// in logistic Elo.
struct SprtParams {
  double elo0 = 0.0;
  double elo1 = 5.0;
  double alpha = 0.05;
  double beta = 0.05;
  SprtModel model = SprtModel::Logistic;
};

/// Parses "elo0=..,elo1=..,alpha=..,beta=..[,model=..]" (any order; elo0 and elo1 required,
/// alpha and beta default to 0.05). Throws InputError naming `option` on a malformed item, an
/// unknown key, elo0 >= elo1 or invalid alpha/beta.
[[nodiscard]] SprtParams parse_sprt_params(std::string_view text, std::string_view option = "--sprt");

/// An SPRT as the user wrote it: the spec text, kept byte for byte for the run record, and its
/// parameters, parsed once where the option or the record is read.
struct SprtSpec {
  std::string text;
  SprtParams params;
  bool operator==(const SprtSpec& other) const { return text == other.text; }
};

/// parse_sprt_params of `text`, keeping the text; throws InputError naming `option`.
[[nodiscard]] SprtSpec parse_sprt_spec(std::string text, std::string_view option = "--sprt");

/// The LLR bounds: lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha).
struct SprtBounds {
  double lower = 0.0;
  double upper = 0.0;
};

/// Bounds from alpha and beta; throws InputError unless 0 < alpha, 0 < beta, alpha + beta < 1.
[[nodiscard]] SprtBounds sprt_bounds(double alpha, double beta);

/// Where the test stands.
enum class SprtState {
  Continue,  ///< lower < LLR < upper
  AcceptH0,  ///< LLR <= lower: elo0 accepted (no improvement of elo1)
  AcceptH1,  ///< LLR >= upper: elo1 accepted
};

/// "continue", "H0" or "H1".
[[nodiscard]] std::string_view state_name(SprtState state);

/// The state for an LLR between bounds.
[[nodiscard]] SprtState sprt_state(double llr, const SprtBounds& bounds);

/// One SPRT evaluation, self-describing: the bounds' unit and the model are named.
struct SprtResult {
  double llr = 0.0;
  SprtBounds bounds;
  SprtState state = SprtState::Continue;
  SprtModel model = SprtModel::Logistic;
  EloUnit unit = EloUnit::Elo;  ///< unit of elo0/elo1
  double elo0 = 0.0;
  double elo1 = 0.0;
  double alpha = 0.0;
  double beta = 0.0;
  bool pentanomial = false;     ///< LLR over pairs (true) or games (false)
};

/// A verdict fixed when the test first left Continue: the result at that moment and how many
/// complete pairs and games it counted. Games finishing afterwards never change it (design.md,
/// "Game logs": the decision line).
struct SprtDecision {
  SprtResult result;       ///< state AcceptH0 or AcceptH1
  std::int64_t pairs = 0;  ///< complete pairs counted at the decision
  std::int64_t games = 0;  ///< games counted at the decision
  std::string first;       ///< the pairing's engines (names as logged)
  std::string second;
};

/// Parses "H0" or "H1" (a decision's verdict); nullopt otherwise.
[[nodiscard]] std::optional<SprtState> parse_verdict(std::string_view text);

/// Generalised-SPRT LLR, logistic model: H_k says the expected per-game score is
/// score_from_elo(elo_k). Zero counts are regularised to 1e-3 as fishtest does; no games -> 0.
[[nodiscard]] double llr_logistic(const WdlCounts& counts, double elo0, double elo1,
                                  LlrMethod method = LlrMethod::Exact);
[[nodiscard]] double llr_logistic(const PentanomialCounts& counts, double elo0, double elo1,
                                  LlrMethod method = LlrMethod::Exact);

/// Generalised-SPRT LLR, normalized model: H_k says (mu - 1/2)/sigma = t_k with
/// t_k = nelo_k / (800/ln 10) per game, and sqrt(2) times that per pair (sigma of a pair's
/// per-game score). Exact method: fishtest's fixed-point iteration on the constrained MLE.
[[nodiscard]] double llr_normalized(const WdlCounts& counts, double nelo0, double nelo1,
                                    LlrMethod method = LlrMethod::Exact);
[[nodiscard]] double llr_normalized(const PentanomialCounts& counts, double nelo0, double nelo1,
                                    LlrMethod method = LlrMethod::Exact);

/// The BayesElo-model LLR (cutechess): draw elo estimated from the counts with +1/2 on each,
/// bounds elo_k (logistic) divided by 4x/(1+x)^2 with x = 10^(-drawelo/400) to give BayesElo,
/// then sum over outcomes of count * ln(p1/p0). No games -> 0.
[[nodiscard]] double llr_bayeselo(const WdlCounts& counts, double elo0, double elo1);

/// The test on per-game counts, exact generalised SPRT (or BayesElo for that model).
[[nodiscard]] SprtResult sprt(const WdlCounts& counts, const SprtParams& params);

/// The test on pair counts, exact generalised SPRT. Throws InputError for the BayesElo model,
/// which is defined on per-game counts only.
[[nodiscard]] SprtResult sprt(const PentanomialCounts& counts, const SprtParams& params);

}  // namespace arena::analysis
