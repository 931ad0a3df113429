// Fuzz target: WTHOR .wtb databases (engine/othello/wthor.hpp): header, record layout, replay.
#include "engine/othello/wthor.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const arena::fuzz::MemoryFile file(arena::fuzz::text_of(data, size));
  arena::fuzz::expect_input_error_only([&] {
    arena::othello::RecordStats stats;
    (void)arena::othello::read_wthor_database(file.path(),
                                              arena::othello::InvalidRecordPolicy::Skip, stats);
  });
  return 0;
}
