// Fuzz target: OBF/FFO position lines (engine/othello/notation.hpp), one per input line.
#include "engine/othello/notation.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text = arena::fuzz::text_of(data, size);
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    arena::fuzz::expect_input_error_only(
        [&] { (void)arena::othello::parse_obf_line(text.substr(0, end), "fuzz.obf:1: "); });
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return 0;
}
