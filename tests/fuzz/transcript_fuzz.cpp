// Fuzz target: Othello transcript files ("event<TAB>B-W<TAB>f5d6c3...",
// engine/othello/wthor.hpp), replayed while read.
#include "engine/othello/wthor.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const arena::fuzz::MemoryFile file(arena::fuzz::text_of(data, size));
  arena::fuzz::expect_input_error_only([&] {
    arena::othello::RecordStats stats;
    (void)arena::othello::read_wthor_transcripts(
        file.path(), arena::othello::InvalidRecordPolicy::UseRecorded, stats);
  });
  return 0;
}
