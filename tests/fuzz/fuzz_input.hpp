// Shared scaffolding of the libFuzzer targets (one per parser, tests/fuzz/*.cpp). A parser
// passes when every input either parses or throws arena::InputError (the CLI's exit 2); any
// other exception escapes the target and libFuzzer reports it, as it reports the crashes,
// leaks and undefined behaviour that ASan and UBSan find.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/core/errors.hpp"

namespace arena::fuzz {

/// The fuzzer's bytes as text.
[[nodiscard]] inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// The bytes as a file for readers that take a path: an anonymous memory file (memfd) named
/// "/proc/self/fd/N", closed when the object goes out of scope. No disk, no clean-up.
class MemoryFile {
 public:
  explicit MemoryFile(std::string_view bytes) : fd_(::memfd_create("fuzz", MFD_CLOEXEC)) {
    if (fd_ < 0) throw std::runtime_error("memfd_create failed");
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n <= 0) throw std::runtime_error("memfd write failed");
      done += static_cast<std::size_t>(n);
    }
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  ~MemoryFile() { ::close(fd_); }
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  int fd_;
  std::string path_;
};

/// Runs `parse`; an InputError is a parser's proper answer to bad input and is swallowed.
template <class F>
void expect_input_error_only(F&& parse) {
  try {
    parse();
  } catch (const InputError&) {
  }
}

}  // namespace arena::fuzz
