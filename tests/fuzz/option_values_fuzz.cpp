// Fuzz target: the compound option values of the command line: --sprt, --tc, --engine
// PROTOCOL[...]:CMD, --shard, --openings, --rules and --position of both games. The first byte
// picks the parser, the rest is the value.
#include "analysis/sprt.hpp"
#include "engine/registry/games.hpp"
#include "protocol/engine_client.hpp"
#include "records/time_control.hpp"
#include "selfplay/openings.hpp"
#include "selfplay/options.hpp"
#include "selfplay/schedule.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string value(arena::fuzz::text_of(data + 1, size - 1));
  arena::fuzz::expect_input_error_only([&] {
    switch (data[0] % 8) {
      case 0: (void)arena::analysis::parse_sprt_params(value, "--sprt"); break;
      case 1: (void)arena::records::parse_time_control(value); break;
      case 2: (void)arena::protocol::parse_external_spec(value); break;
      case 3: (void)arena::selfplay::parse_shard(value); break;
      case 4: (void)arena::selfplay::parse_opening_spec(value); break;
      case 5:
        arena::with_game("blokus-duo", [&]<class G>() { return G::format_rules(G::parse_rules(value)); });
        break;
      case 6:
        arena::with_game("othello", [&]<class G>() {
          return G::format_position(G::parse_position(value, G::parse_rules("")));
        });
        break;
      default:
        arena::with_game("blokus-duo", [&]<class G>() {
          return G::format_position(G::parse_position(value, G::parse_rules("")));
        });
        break;
    }
  });
  return 0;
}
