// The bookkeeping of a run's finished games, shared by the single-process and the MPI driver:
// each game is written to the log and counted, and the SPRT's verdict is fixed the first time a
// completed pair takes the LLR across a bound. That decision is written to the log as its own
// line right after the deciding game; games still in flight then are logged with
// `after_decision` and counted for the Elo figures, never for the verdict. A resumed log brings
// its decision line back; a log without one (written before decisions were recorded) is
// replayed in file order and decided at its first crossing, which is then written.
#pragma once

#include <optional>
#include <vector>

#include "analysis/sprt.hpp"
#include "records/game_log.hpp"
#include "selfplay/match_tally.hpp"
#include "selfplay/run_setup.hpp"

namespace arena::selfplay {

/// Logs and counts the games of one run. Not thread-safe: callers serialise record().
class RunRecorder {
 public:
  /// Counts `resume`'s games (in file order) and takes its decision, or finds and writes one
  /// as described above. `setup` and `writer` (the run's open log) must outlive the recorder.
  RunRecorder(const RunSetup& setup, const ResumeState& resume, records::LogWriter& writer);

  /// Writes and counts a finished game (marked `after_decision` once decided). Returns true when
  /// this game decided the SPRT: the caller then stops starting games. Throws what
  /// LogWriter::write throws.
  bool record(records::GameRecord game);

  /// Whether the SPRT has decided (in this run or before it).
  [[nodiscard]] bool decided() const { return decision_.has_value(); }
  [[nodiscard]] const std::optional<analysis::SprtDecision>& decision() const { return decision_; }
  [[nodiscard]] const MatchTally& tally() const { return tally_; }

 private:
  /// Counts `game`; when it completes a pair and the test is undecided, checks the SPRT and
  /// returns the decision it reaches.
  std::optional<analysis::SprtDecision> count(const records::GameRecord& game);

  const RunSetup& setup_;
  records::LogWriter& writer_;
  MatchTally tally_;
  std::optional<analysis::SprtDecision> decision_;
};

}  // namespace arena::selfplay
