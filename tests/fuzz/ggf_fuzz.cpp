// Fuzz target: GGF Othello games (engine/othello/bind/ggf.hpp, records/formats.hpp), each replayed into a
// log game (records/bridge.hpp) and into an NBoard position.
#include "engine/othello/bind/records.hpp"
#include "engine/othello/othello.hpp"
#include "engine/othello/bind/nboard_server.hpp"
#include "records/bridge.hpp"
#include "engine/othello/bind/ggf.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = arena::fuzz::text_of(data, size);
  arena::fuzz::expect_input_error_only([&] {
    for (const auto& g : arena::records::parse_ggf(text, "fuzz.ggf")) {
      arena::fuzz::expect_input_error_only([&] { (void)arena::protocol::nboard_position(g); });
    }
  });
  arena::fuzz::expect_input_error_only([&] {
    for (const auto& r : arena::records::read_ggf_games(text, "fuzz.ggf")) {
      (void)arena::records::to_log_game<arena::othello::Othello>(r, 0, {});
    }
  });
  return 0;
}
