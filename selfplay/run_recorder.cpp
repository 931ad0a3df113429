// Logging, counting and the one SPRT verdict of a run (see run_recorder.hpp).
#include "selfplay/run_recorder.hpp"

#include <utility>

#include "analysis/pairs.hpp"

namespace arena::selfplay {

RunRecorder::RunRecorder(const RunSetup& setup, const ResumeState& resume, records::LogWriter& writer)
    : setup_(setup), writer_(writer), tally_(setup.names, setup.schedule, setup.settings.engines), decision_(resume.decision) {
  const bool recorded = decision_.has_value();
  for (const auto& g : resume.games) {
    if (auto d = count(g)) decision_ = std::move(d);
  }
  if (decision_ && !recorded) writer_.write(*decision_);
}

std::optional<analysis::SprtDecision> RunRecorder::count(const records::GameRecord& game) {
  const bool completed_pair = tally_.add(game);
  if (!setup_.sprt || decision_ || !completed_pair) return std::nullopt;
  const analysis::PairCounts& c = tally_.counts(0);
  analysis::SprtResult r = analysis::pair_sprt(c, *setup_.sprt);
  if (r.state == analysis::SprtState::Continue) return std::nullopt;
  return analysis::SprtDecision{r, c.pentanomial.pairs(), c.wdl.games(), c.a, c.b};
}

bool RunRecorder::record(records::GameRecord game) {
  game.after_decision = decided();
  writer_.write(game);
  auto d = count(game);
  if (!d) return false;
  decision_ = std::move(d);
  writer_.write(*decision_);
  return true;
}


}  // namespace arena::selfplay
