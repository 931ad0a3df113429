// Fuzz target: weights side files (engine/core/weights_file.hpp). A random checksum almost
// never matches, so for inputs whose first byte is odd the target appends the right checksum
// line and the fuzzer reaches the header and number parsing behind it.
#include "engine/core/engine_config.hpp"
#include "engine/core/weights_file.hpp"
#include "tests/fuzz/fuzz_input.hpp"

#include <array>
#include <charconv>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string text(arena::fuzz::text_of(data + 1, size - 1));
  if ((data[0] & 1U) != 0) {
    if (!text.empty() && text.back() != '\n') text += '\n';
    std::array<char, 17> hex{};
    const auto [end, ec] =
        std::to_chars(hex.data(), hex.data() + 16, arena::core::fnv1a64(text), 16);
    const std::string digits(hex.data(), end);
    text += "checksum " + std::string(16 - digits.size(), '0') + digits + "\n";
  }
  const arena::fuzz::MemoryFile file(text);
  const arena::core::WeightsHeader header{"fuzz", 0x0123456789abcdefULL, 2, 3};
  arena::fuzz::expect_input_error_only(
      [&] { (void)arena::core::read_weights_file(file.path(), header); });
  return 0;
}
