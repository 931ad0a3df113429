// Fuzz target: Pentobi SGF files of Blokus Duo games (records/formats.hpp), each game replayed
// into a log game (records/bridge.hpp).
#include "engine/blokus_duo/bind/records.hpp"
#include "engine/blokus_duo/blokus_duo.hpp"
#include "records/bridge.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  arena::fuzz::expect_input_error_only([&] {
    for (const auto& r : arena::records::read_blksgf(arena::fuzz::text_of(data, size), "fuzz.blksgf")) {
      (void)arena::records::to_log_game<arena::blokus_duo::BlokusDuo>(r, 0, {});
    }
  });
  return 0;
}
