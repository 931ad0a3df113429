// Fuzz target: NBoard command lines (engine/othello/bind/nboard_server.hpp), a whole session per input,
// served by a random-move engine (the target is the command parser, not the search).
#include <sstream>

#include "engine/core/engine.hpp"
#include "engine/othello/othello.hpp"
#include "engine/othello/bind/nboard_server.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static arena::core::Engine<arena::othello::Othello> engine(arena::core::parse_engine_config(
      "name = fuzz\ngame = othello\nplayer = random\n[search]\ntt_mb = 1\n", "fuzz.cfg"));
  std::istringstream in{std::string(arena::fuzz::text_of(data, size))};
  std::ostringstream out;
  std::ostringstream log;
  arena::fuzz::expect_input_error_only([&] { arena::protocol::serve_nboard(engine, in, out, log); });
  return 0;
}
