// Fuzz target: GTP command lines (engine/blokus_duo/bind/gtp_server.hpp), a whole session per input, served
// by a random-move Blokus Duo engine (the target is the command parser, not the search).
#include <sstream>

#include "engine/blokus_duo/blokus_duo.hpp"
#include "engine/core/engine.hpp"
#include "engine/blokus_duo/bind/gtp_server.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static arena::core::Engine<arena::blokus_duo::BlokusDuo> engine(arena::core::parse_engine_config(
      "name = fuzz\ngame = blokus-duo\nplayer = random\n[search]\ntt_mb = 1\n", "fuzz.cfg"));
  std::istringstream in{std::string(arena::fuzz::text_of(data, size))};
  std::ostringstream out;
  arena::fuzz::expect_input_error_only(
      [&] { arena::protocol::serve_gtp(engine, arena::blokus_duo::Rules{}, "fuzz", in, out); });
  return 0;
}
