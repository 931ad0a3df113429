// Fuzz target: game logs (records/game_log.hpp): the run record, game lines, torn tails and
// duplicates, then the replay of every game through its game's rules (engine/registry/log_check.hpp).
#include "engine/registry/log_check.hpp"
#include "records/game_log.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const arena::fuzz::MemoryFile file(arena::fuzz::text_of(data, size));
  arena::fuzz::expect_input_error_only([&] {
    const arena::records::LogFile log = arena::records::read_log_file(file.path());
    arena::check_log_file(log);
  });
  return 0;
}
