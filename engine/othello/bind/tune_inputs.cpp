// WTHOR records as the tuner's training games (see tune_inputs.hpp).
#include "engine/othello/bind/tune_inputs.hpp"

#include "engine/othello/wthor.hpp"

namespace arena::tune {

namespace {

bool has_suffix(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

bool RecordInputs<othello::Othello>::reads(const std::string& path) {
  return has_suffix(path, ".tsv") || has_suffix(path, ".wtb");
}

void RecordInputs<othello::Othello>::check(const TuneOptions& options) {
  (void)othello::parse_invalid_record_policy(options.wthor_invalid, "--wthor-invalid");
}

std::vector<TrainingGame> RecordInputs<othello::Othello>::read(const std::string& path,
                                                                const TuneOptions& options,
                                                                InputSummary& summary) {
  const auto policy = othello::parse_invalid_record_policy(options.wthor_invalid,
                                                           "--wthor-invalid");
  othello::RecordStats stats;
  const bool database = has_suffix(path, ".wtb");
  const auto records = database ? othello::read_wthor_database(path, policy, stats)
                                : othello::read_wthor_transcripts(path, policy, stats);
  summary.path = path;
  summary.kind = database ? "wthor-database" : "wthor-transcripts";
  summary.hash = file_hash(path);
  summary.games = stats.kept;
  summary.skipped = stats.skipped;
  summary.invalid = stats.incomplete + stats.mismatched;
  std::vector<TrainingGame> out;
  out.reserve(records.size());
  for (const auto& r : records) {
    out.push_back(TrainingGame{r.source, "", r.moves, r.recorded_score, {}});
  }
  return out;
}

}  // namespace arena::tune
