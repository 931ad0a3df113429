// The whole-file lock (see file_lock.hpp).
#include "selfplay/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "engine/core/errors.hpp"

namespace arena::selfplay {

FileLock::FileLock(const std::string& path, const std::string& busy)
    : fd_(::open(path.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644)) {
  if (fd_ < 0) throw InputError(path + ": cannot create the lock file: " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd_);
    throw InputError(path + ": " + (err == EWOULDBLOCK ? busy : std::strerror(err)));
  }
}

FileLock::~FileLock() { ::close(fd_); }

}  // namespace arena::selfplay
