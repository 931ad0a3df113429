// The tuner's Othello records: WTHOR transcripts (.tsv) and databases (.wtb), read by
// engine/othello/wthor.hpp (the contract is tune/record_inputs.hpp's).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/othello/othello.hpp"
#include "tune/record_inputs.hpp"

namespace arena::tune {

template <>
struct RecordInputs<othello::Othello> {
  static constexpr std::string_view kDescription = "WTHOR records are Othello games";
  /// .tsv (transcripts) and .wtb (databases).
  [[nodiscard]] static bool reads(const std::string& path);
  /// --wthor-invalid: use or skip.
  static void check(const TuneOptions& options);
  /// The records as training games; --wthor-invalid decides about records that stop early
  /// or disagree with their recorded score.
  [[nodiscard]] static std::vector<TrainingGame> read(const std::string& path,
                                                      const TuneOptions& options,
                                                      InputSummary& summary);
};

}  // namespace arena::tune
