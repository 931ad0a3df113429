// The few MPI operations the distributed self-play needs, behind a plain C++ interface so that
// only mpi_transport.cpp includes <mpi.h>: the rest of the build (and a build without MPI,
// where these functions report "not available") stays free of MPI. Messages are byte strings
// (game lines as JSON, id lists as text) tagged with what they carry; only the thread that
// created the Session calls into MPI (MPI_THREAD_FUNNELED).
//
// Why the ranks poll (try_receive, then a short sleep) instead of blocking in MPI_Probe: Open
// MPI's blocking calls busy-wait in its progress loop. Measured with Open MPI 4.1.4 on this
// 2-core machine (load 7-9), a rank waiting 10 s for one message used 3.52 s user CPU in
// MPI_Probe (3.93 s user+sys with --mca mpi_yield_when_idle 1, which only adds sched_yield;
// both are a full core on an idle machine) against 0.29 s user+sys for MPI_Iprobe with 500 us
// sleeps; an arena rank 0 that only hands out ids (--mpi-coordinator-only, 40 depth-5 Othello
// games over 8 s) used 0.26 s. A spinning rank takes its core from the games of its machine.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace arena::selfplay::mpi {

/// Whether this build has MPI support (CMake option ARENA_MPI found an MPI library).
[[nodiscard]] bool available();

/// What a message carries (the MPI tag).
enum class Tag : int {
  Request = 1,  ///< worker -> coordinator: finished game lines, and "send me more ids"
  Batch = 2,    ///< coordinator -> worker: ids to play, space-separated; empty = stop
  Done = 3,     ///< worker -> coordinator: the last finished game lines; the worker ends
  Failed = 4,   ///< worker -> coordinator: an error message; the run ends
  Stop = 5,     ///< either way: "finish" (start no game) or "abandon" (drop the games in
                ///< flight), then the signal's name when a signal on the worker caused it
  Bye = 6,      ///< coordinator -> worker, after its Done: no message of this run follows
  Stage = 7,    ///< coordinator -> worker (arena loop): the next run's game and options, JSON
  End = 8,      ///< coordinator -> worker (arena loop): no run follows; the worker ends
};

/// A received message.
struct Message {
  int source = 0;
  Tag tag = Tag::Request;
  std::string payload;
};

/// MPI for the lifetime of the object: MPI_Init_thread (FUNNELED) and MPI_Finalize. One per
/// process. Throws std::runtime_error when the build has no MPI. From its destruction on, the
/// process ignores SIGINT and SIGTERM (it only finalizes and exits).
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  [[nodiscard]] int rank() const { return rank_; }
  [[nodiscard]] int size() const { return size_; }

  /// Sends `payload` to rank `dest` (blocking until the buffer may be reused).
  void send(int dest, Tag tag, const std::string& payload) const;
  /// The next message from any rank if one has arrived, without waiting.
  [[nodiscard]] std::optional<Message> try_receive() const;
  /// Waits for the next message from rank `source` (MPI_Probe, then MPI_Recv).
  [[nodiscard]] Message receive(int source) const;
  /// Waits for the next message from rank `source`, sleeping `nap` between probes: for long
  /// idle waits, since Open MPI's blocking MPI_Probe spins a core at 100 % while it waits.
  [[nodiscard]] Message receive(int source, std::chrono::microseconds nap) const;
  /// Collective: rank 0's `value` on every rank.
  [[nodiscard]] std::uint64_t broadcast(std::uint64_t value) const;
  /// Collective: true when `ok` is true on every rank.
  [[nodiscard]] bool all_ok(bool ok) const;
  /// Ends every rank of the job with `status` (after an error a peer cannot learn of).
  [[noreturn]] void abort(int status) const;

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace arena::selfplay::mpi
