// An exclusive flock(2) on a file for the lifetime of an object: the run-folder lock of
// `arena loop` (two loops in one folder would tune and judge each other's half-written files).
// flock locks belong to the open file, so they end with the process, however it ends: a killed
// run never leaves a stale lock behind.
#pragma once

#include <string>

namespace arena::selfplay {

class FileLock {
 public:
  /// Creates `path` if absent and locks it. Throws InputError "`path`: `busy`" when another
  /// process holds the lock, or naming the system error when the file cannot be opened.
  FileLock(const std::string& path, const std::string& busy);
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();

 private:
  int fd_ = -1;
};

}  // namespace arena::selfplay
