// Fuzz target: engine configs (INI, engine/core/engine_config.hpp), then the engine built from
// them (feature names, weight counts and ranges checked against the game's feature set). The
// table is kept at 1 MiB and the weights side file dropped: sizes and paths are checked by
// other tests, the fuzzer is after the parsers.
#include "engine/core/engine.hpp"
#include "engine/core/engine_config.hpp"
#include "engine/registry/games.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  arena::fuzz::expect_input_error_only([&] {
    arena::core::EngineConfig cfg =
        arena::core::parse_engine_config(std::string(arena::fuzz::text_of(data, size)), "fuzz.cfg");
    (void)arena::core::format_engine_config(cfg, {});
    cfg.tt_mb = 1;
    cfg.weights_file.clear();
    arena::with_game(cfg.game, [&]<class G>() {
      const arena::core::Engine<G> engine(cfg);
      return engine.evaluate(G::initial({}));
    });
  });
  return 0;
}
