// A private temporary folder for one test: the one home of the set-up and tear-down that the
// file-writing tests share.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace arena::test {

/// A fresh, empty folder under the system's temporary folder, named `PREFIX_PID_TEST` (this
/// process and the running test, so parallel test processes never share one), removed with the
/// object. Meant as a fixture member: gtest builds one fixture per test.
class ScratchDir {
 public:
  /// Creates the folder (removing a stale one of the same name first); throws
  /// std::filesystem::filesystem_error when it cannot.
  explicit ScratchDir(const std::string& prefix) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            (prefix + "_" + std::to_string(::getpid()) + "_" +
             (info != nullptr ? info->name() : "outside-a-test"));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;  // a test's leftovers must not turn into a second failure
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  /// The folder.
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

  /// The path of `name` inside the folder, as the string the file APIs under test take.
  [[nodiscard]] std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace arena::test
