// Fuzz target: opening book files (engine/core/opening_book.hpp) of Othello, the game with
// board symmetries; a loaded book is probed on the start and the positions after each first
// move, so its move mapping runs on whatever loaded.
#include "engine/core/opening_book.hpp"
#include "engine/othello/othello.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using arena::othello::Othello;
  const arena::fuzz::MemoryFile file(arena::fuzz::text_of(data, size));
  arena::fuzz::expect_input_error_only([&] {
    const auto book = arena::core::OpeningBook<Othello>::load(file.path());
    const auto start = Othello::initial();
    (void)book.probe(start);
    arena::core::MoveListOf<Othello> moves;
    Othello::generate_moves(start, moves);
    for (const auto m : moves) (void)book.probe(Othello::play(start, m));
  });
  return 0;
}
