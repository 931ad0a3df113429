// The specialised-evaluator hook (engine/core/specialised_eval.hpp): Engine<G> evaluates and
// searches through a feature set's own evaluator when the set offers one, built from the
// resolved weights, and through LinearEval otherwise; an evaluator's InputError names the config.
#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/core/engine.hpp"
#include "tests/core/toy_games.hpp"

namespace arena::core {
namespace {

using ::testing::HasSubstr;
using toy::TicTacToe;
using toy::ttt_config;
using toy::TttFeatures;
using toy::TttPosition;

/// The linear sum plus 1, so a test can tell which path ran.
class PlusOneEval final : public SpecialisedEval<TttPosition> {
 public:
  explicit PlusOneEval(std::vector<double> weights) : weights_(std::move(weights)) {}
  [[nodiscard]] int evaluate(const TttPosition& p) const override {
    SparseFeatures f;
    const TttFeatures fs;
    fs.extract(p, f);
    const std::size_t base = static_cast<std::size_t>(fs.phase(p)) * 3;
    double sum = 0;
    for (const auto& x : f) sum += weights_[base + x.index] * x.value;
    return static_cast<int>(sum) + 1;
  }

 private:
  std::vector<double> weights_;
};

/// TttFeatures that offers PlusOneEval, or refuses weights above 1000.
class FastTttFeatures final : public FeatureSet<TttPosition> {
 public:
  [[nodiscard]] std::string name() const override { return inner_.name(); }
  [[nodiscard]] std::uint64_t declaration_hash() const override {
    return inner_.declaration_hash();
  }
  [[nodiscard]] int num_features() const override { return inner_.num_features(); }
  [[nodiscard]] int num_phases() const override { return inner_.num_phases(); }
  [[nodiscard]] std::string feature_name(int i) const override { return inner_.feature_name(i); }
  [[nodiscard]] int phase(const TttPosition& p) const override { return inner_.phase(p); }
  void extract(const TttPosition& p, SparseFeatures& out) const override {
    inner_.extract(p, out);
  }
  [[nodiscard]] std::unique_ptr<SpecialisedEval<TttPosition>> make_specialised_eval(
      const std::vector<double>& weights) const override {
    for (const double w : weights) {
      if (w > 1000) throw InputError("weight " + std::to_string(w) + " too large");
    }
    return std::make_unique<PlusOneEval>(weights);
  }

 private:
  TttFeatures inner_;
};

/// Tic-tac-toe whose feature set offers the specialised evaluator.
struct FastTicTacToe : TicTacToe {
  static std::unique_ptr<FeatureSet<Position>> make_feature_set(std::string_view name) {
    if (name != "classic") throw InputError("unknown feature set '" + std::string(name) + "'");
    return std::make_unique<FastTttFeatures>();
  }
};

TEST(SpecialisedEval, EngineEvaluatesAndSearchesThroughIt) {
  const std::string body = "[weights]\ncentre = 30\ncorners = 7\nlines = 3\n";
  Engine<FastTicTacToe> fast(ttt_config(body));
  Engine<TicTacToe> plain(ttt_config(body));
  const auto p = TicTacToe::parse_position("----X----", {});
  EXPECT_EQ(plain.evaluate(p), -30 + 3 * -4);
  EXPECT_EQ(fast.evaluate(p), plain.evaluate(p) + 1);  // the resolved weights reached it
  // Leaves at even depth have the root's side to move (+1), at odd depth the other (-1).
  for (const int depth : {1, 2, 3}) {
    SearchLimits limits;
    limits.depth = depth;
    const int sign = depth % 2 == 0 ? 1 : -1;
    EXPECT_EQ(fast.think(TicTacToe::initial({}), limits, 1).score,
              plain.think(TicTacToe::initial({}), limits, 1).score + sign)
        << "depth " << depth;
  }
}

TEST(SpecialisedEval, ItsInputErrorNamesTheConfig) {
  try {
    Engine<FastTicTacToe> engine(ttt_config("[weights]\ncentre = 5000\n"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("t.cfg"));
    EXPECT_THAT(e.what(), HasSubstr("too large"));
  }
}

}  // namespace
}  // namespace arena::core
