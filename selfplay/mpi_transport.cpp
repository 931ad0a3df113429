// The MPI C API behind mpi_transport.hpp. Built with ARENA_HAVE_MPI when CMake found MPI;
// otherwise every entry point says that MPI is not available.
#include "selfplay/mpi_transport.hpp"

#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#ifdef ARENA_HAVE_MPI
#define OMPI_SKIP_MPICXX 1  // the C API only
#include <mpi.h>
#endif

namespace arena::selfplay::mpi {

#ifdef ARENA_HAVE_MPI

bool available() { return true; }

Session::Session() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() {
  // Past here a rank only finalizes and exits. A run stopped by a signal ends with rank 0
  // exiting 130, on which the launcher aborts the job and sends SIGTERM to every rank not yet
  // gone; the signal watchers are gone by now, so a worker still finalizing died of it and
  // mpirun reported 143 for a cleanly stopped run. Ignored, the worker exits 0.
  std::signal(SIGTERM, SIG_IGN);
  std::signal(SIGINT, SIG_IGN);
  MPI_Finalize();
}

void Session::send(int dest, Tag tag, const std::string& payload) const {
  MPI_Send(payload.data(), static_cast<int>(payload.size()), MPI_CHAR, dest,
           static_cast<int>(tag), MPI_COMM_WORLD);
}

namespace {

/// Receives the message announced by `status`.
Message receive_probed(const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  Message m;
  m.source = status.MPI_SOURCE;
  m.tag = static_cast<Tag>(status.MPI_TAG);
  m.payload.resize(static_cast<std::size_t>(count));
  MPI_Recv(m.payload.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return m;
}

}  // namespace

std::optional<Message> Session::try_receive() const {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
  if (flag == 0) return std::nullopt;
  return receive_probed(status);
}

Message Session::receive(int source) const {
  MPI_Status status;
  MPI_Probe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
  return receive_probed(status);
}

Message Session::receive(int source, std::chrono::microseconds nap) const {
  for (;;) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (flag != 0) return receive_probed(status);
    std::this_thread::sleep_for(nap);
  }
}

std::uint64_t Session::broadcast(std::uint64_t value) const {
  MPI_Bcast(&value, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  return value;
}

bool Session::all_ok(bool ok) const {
  int mine = ok ? 1 : 0;
  int all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all == 1;
}

void Session::abort(int status) const {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::abort();
}

#else

bool available() { return false; }

Session::Session() { throw std::runtime_error("this arena was built without MPI (ARENA_MPI)"); }
Session::~Session() = default;
void Session::send(int /*dest*/, Tag /*tag*/, const std::string& /*payload*/) const {}
std::optional<Message> Session::try_receive() const { return std::nullopt; }
Message Session::receive(int /*source*/) const { return {}; }
Message Session::receive(int /*source*/, std::chrono::microseconds /*nap*/) const { return {}; }
std::uint64_t Session::broadcast(std::uint64_t value) const { return value; }
bool Session::all_ok(bool ok) const { return ok; }
void Session::abort(int status) const { std::exit(status); }

#endif

}  // namespace arena::selfplay::mpi
