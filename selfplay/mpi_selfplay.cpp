// The distributed self-play (see mpi_selfplay.hpp): message payloads, a worker rank's loop
// and rank 0's view of the workers for the run procedure.
#include "selfplay/mpi_selfplay.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

#include "engine/core/errors.hpp"
#include "selfplay/signal_watcher.hpp"
#include "selfplay/worker_pool.hpp"

namespace arena::selfplay {

std::string format_ids(const std::vector<std::int64_t>& ids) {
  std::string out;
  for (const auto id : ids) {
    if (!out.empty()) out += ' ';
    out += std::to_string(id);
  }
  return out;
}

std::vector<std::int64_t> parse_ids(const std::string& text) {
  std::vector<std::int64_t> ids;
  std::istringstream in(text);
  for (std::int64_t id = 0; in >> id;) ids.push_back(id);
  return ids;
}

std::string format_games(const std::vector<records::GameRecord>& games) {
  std::string out;
  for (const auto& g : games) {
    out += to_json(g).dump();
    out += '\n';
  }
  return out;
}

std::vector<records::GameRecord> parse_games(const std::string& text, const std::string& where) {
  std::vector<records::GameRecord> games;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) games.push_back(records::game_record_from_json(nlohmann::json::parse(line), where));
  }
  return games;
}

std::string stop_word(StopMode mode, const std::string& signal) {
  std::string out = mode == StopMode::Finish ? "finish" : "abandon";
  if (!signal.empty()) out += " " + signal;
  return out;
}

std::pair<StopMode, std::string> parse_stop(const std::string& payload) {
  const auto space = payload.find(' ');
  const std::string word = payload.substr(0, space);
  const std::string signal = space == std::string::npos ? "" : payload.substr(space + 1);
  return {word == "finish" ? StopMode::Finish : StopMode::Abandon, signal};
}

namespace {

/// How long a worker sleeps when nothing happened before it looks again: Open MPI's blocking
/// MPI_Probe spins a core at 100 % while it waits (see mpi_transport.hpp), taking it from this
/// rank's games, and a worker must also see its own signals and hunger between messages.
constexpr std::chrono::microseconds kWorkerNap{500};

/// A worker's runner fed with ids batch by batch. The MPI thread adds batches and collects
/// finished games; the runner's worker threads block for ids until a batch arrives or finish()
/// is called.
class BatchPlayer {
 public:
  BatchPlayer(const GameRun& game, int threads)
      : runner_([this] { return pop(); }, [&game] { return game.player(); }, nullptr,
                [this](const records::GameRecord& g) {
                  const std::lock_guard lock(mutex_);
                  done_.push_back(g);
                },
                threads) {}

  BatchPlayer(const BatchPlayer&) = delete;
  BatchPlayer& operator=(const BatchPlayer&) = delete;
  ~BatchPlayer() { abort(); }

  /// Starts the runner, noting when it ends.
  void start() {
    runner_.on_end([this](bool failed) {
      const std::lock_guard lock(mutex_);
      ended_ = true;
      failed_ = failed;
      closed_ = true;
      changed_.notify_all();
    });
    runner_.start();
  }

  /// Queues ids to play (ignored after finish() or stop()).
  void add(const std::vector<std::int64_t>& ids) {
    const std::lock_guard lock(mutex_);
    if (closed_) return;
    ids_.insert(ids_.end(), ids.begin(), ids.end());
    changed_.notify_all();
  }

  /// No more ids will come: the games in flight finish, then the runner ends.
  void finish() {
    const std::lock_guard lock(mutex_);
    closed_ = true;
    changed_.notify_all();
  }

  /// Drops the queued ids, starts no game and lets the games in flight finish.
  void stop() {
    {
      const std::lock_guard lock(mutex_);
      ids_.clear();
      closed_ = true;
      changed_.notify_all();
    }
    runner_.stop();
  }

  /// stop() and interrupt the games in flight (they are discarded).
  void abort() {
    stop();
    runner_.abort();
  }

  /// Whether every queued id has started and more are welcome.
  [[nodiscard]] bool hungry() {
    const std::lock_guard lock(mutex_);
    return ids_.empty() && !closed_;
  }

  /// Whether the runner has ended; rethrows its error if it failed.
  [[nodiscard]] bool ended() {
    bool ended = false;
    bool failed = false;
    {
      const std::lock_guard lock(mutex_);
      ended = ended_;
      failed = failed_;
    }
    if (failed) runner_.wait();
    return ended;
  }

  /// Waits until the runner has ended; rethrows its error if it failed.
  void join() { runner_.wait(); }

  /// The games finished since the last call.
  [[nodiscard]] std::vector<records::GameRecord> take() {
    const std::lock_guard lock(mutex_);
    return std::exchange(done_, {});
  }

 private:
  std::optional<std::int64_t> pop() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !ids_.empty() || closed_; });
    if (ids_.empty()) return std::nullopt;
    const std::int64_t id = ids_.front();
    ids_.pop_front();
    changed_.notify_all();
    return id;
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::int64_t> ids_;
  std::vector<records::GameRecord> done_;
  bool closed_ = false;
  bool ended_ = false;
  bool failed_ = false;
  WorkerPool runner_;
};

/// A worker rank's side of the run: asks rank 0 for ids, plays them on `local`, returns the
/// games with its next request. It polls rather than blocks, so that a Stop from rank 0, or a
/// signal on this rank (which it reports to rank 0 as a Stop, and applies at once), takes
/// effect while games are in flight. Ends after rank 0's Bye; a failure is sent as Failed.
class WorkerRank {
 public:
  WorkerRank(const mpi::Session& session, BatchPlayer& local) : session_(session), local_(local) {}

  /// Plays the run; `stop_signal` as in SignalWatcher, watched when `handle_signals`.
  void run(bool handle_signals, int stop_signal) {
    try {
      std::optional<SignalWatcher> watcher;
      if (handle_signals) {
        watcher.emplace([this](int signal, int count) { on_signal(signal, count); }, stop_signal);
      }
      play();
      finish();
    } catch (const std::exception& e) {
      session_.send(0, mpi::Tag::Failed,
                    "rank " + std::to_string(session_.rank()) + ": " + e.what());
    }
  }

 private:
  /// On the watcher's thread: the stop applies at once; the MPI thread reports it.
  void on_signal(int signal, int count) {
    last_signal_ = signal;
    const StopMode mode = count == 1 ? StopMode::Finish : StopMode::Abandon;
    signal_level_ = static_cast<int>(mode);
    apply(mode);
  }

  void apply(StopMode mode) {
    if (mode == StopMode::Finish) {
      local_.stop();
    } else {
      local_.abort();
    }
  }

  /// Asks for ids and returns the games with each next request until the local games end.
  void play() {
    session_.send(0, mpi::Tag::Request, "");
    waiting_ = true;
    while (!local_.ended()) {
      bool idle = !receive_all();
      report_signal();
      if (!waiting_ && local_.hungry()) {
        session_.send(0, mpi::Tag::Request, format_games(local_.take()));
        waiting_ = true;
        idle = false;
      }
      if (idle) std::this_thread::sleep_for(kWorkerNap);
    }
    report_signal();  // the signal may have ended the games before the loop saw it
  }

  /// Handles every message that has arrived (only rank 0 writes to a worker); returns whether
  /// there was one.
  bool receive_all() {
    bool any = false;
    while (auto m = session_.try_receive()) {
      any = true;
      if (m->tag == mpi::Tag::Batch) {
        waiting_ = false;
        const std::vector<std::int64_t> ids = parse_ids(m->payload);
        if (ids.empty()) {
          local_.finish();
        } else {
          local_.add(ids);
        }
      } else if (m->tag == mpi::Tag::Stop) {
        apply(parse_stop(m->payload).first);
      }
    }
    return any;
  }

  /// Tells rank 0 of a signal stronger than the last one told.
  void report_signal() {
    if (const int level = signal_level_.load(); level > reported_) {
      reported_ = level;
      session_.send(0, mpi::Tag::Stop,
                    stop_word(static_cast<StopMode>(level), signal_name(last_signal_.load())));
    }
  }

  /// The owed Batch reply (its ids now unplayed), the last games, then rank 0's Bye.
  void finish() {
    while (waiting_) waiting_ = session_.receive(0).tag != mpi::Tag::Batch;
    local_.join();
    session_.send(0, mpi::Tag::Done, format_games(local_.take()));
    while (session_.receive(0).tag != mpi::Tag::Bye) {
    }
  }

  const mpi::Session& session_;
  BatchPlayer& local_;
  std::atomic<int> signal_level_{0};  // a StopMode, raised by the watcher thread
  std::atomic<int> last_signal_{0};
  int reported_ = 0;
  bool waiting_ = false;  // a Batch reply is owed
};

/// The worker ranks as rank 0's run procedure sees them: their requests are answered with
/// batches of the pending ids, their games recorded, their signals turned into the run's stop.
class RemoteWorkers final : public RemoteRanks {
 public:
  RemoteWorkers(const mpi::Session& session, std::size_t batch)
      : session_(session),
        batch_(batch),
        said_done_(static_cast<std::size_t>(session.size()), false),
        left_(session.size() - 1) {}

  [[nodiscard]] bool active() const override { return left_ > 0; }

  bool serve(RunCoordinator& run) override {
    const std::optional<mpi::Message> m = session_.try_receive();
    if (!m) return false;
    const std::string where = "rank " + std::to_string(m->source) + ": ";
    switch (m->tag) {
      case mpi::Tag::Request:
        run.record(parse_games(m->payload, where));
        session_.send(m->source, mpi::Tag::Batch, format_ids(run.take_ids(batch_)));
        break;
      case mpi::Tag::Done:
        run.record(parse_games(m->payload, where));
        said_done_[static_cast<std::size_t>(m->source)] = true;
        session_.send(m->source, mpi::Tag::Bye, "");
        --left_;
        break;
      case mpi::Tag::Stop: {
        const auto [mode, signal] = parse_stop(m->payload);
        run.stop(mode, stop_notice(mode, signal + " on rank " + std::to_string(m->source), true,
                                   true));
        break;
      }
      default:
        throw std::runtime_error(m->payload);
    }
    return true;
  }

  void stop(StopMode mode) override {
    for (int w = 1; w < session_.size(); ++w) {
      if (!said_done_[static_cast<std::size_t>(w)]) session_.send(w, mpi::Tag::Stop, stop_word(mode));
    }
  }

 private:
  const mpi::Session& session_;
  std::size_t batch_;
  std::vector<bool> said_done_;
  int left_;
};

}  // namespace

std::optional<SelfplaySummary> run_selfplay_mpi(const mpi::Session& session,
                                                const SelfplayOptions& given,
                                                const GamePreparer& prepare) {
  const bool coordinator = session.rank() == 0;
  // Every rank plays with rank 0's seed (given, resumed or drawn there).
  SelfplayOptions opts = given;
  std::exception_ptr seed_error;  // raised below with the other setup errors
  if (coordinator) {
    try {
      opts = with_resolved_seed(given);
    } catch (...) {
      seed_error = std::current_exception();
    }
  }
  opts.seed = session.broadcast(opts.seed);
  opts.seed_given = true;

  // Every rank prepares the run (configs, rules, openings); rank 0 also the log.
  std::unique_ptr<GameRun> game;
  std::optional<OpenLog> log;
  std::exception_ptr setup_error;
  try {
    if (seed_error) std::rethrow_exception(seed_error);
    game = prepare(opts);
    if (coordinator) log.emplace(open_log(game->setup(), opts.fsync));
  } catch (...) {
    setup_error = std::current_exception();
  }
  const bool all_ok = session.all_ok(!setup_error);
  if (setup_error) std::rethrow_exception(setup_error);
  if (!all_ok) {
    if (coordinator) throw InputError("another MPI rank could not prepare the run (see its error)");
    return std::nullopt;
  }

  if (!coordinator) {  // ask, play, send the games back with the next request
    BatchPlayer local(*game, opts.threads);
    local.start();
    WorkerRank(session, local).run(opts.handle_signals, game->setup().stop_signal);
    return std::nullopt;
  }
  RemoteWorkers workers(session, 2 * static_cast<std::size_t>(opts.threads));
  try {
    return coordinate_run(opts, *game, *log, !opts.mpi_coordinator_only, &workers);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\nthe log holds whole games only; run the same "
              << "command again to resume\n";
    session.abort(1);
  }
}

}  // namespace arena::selfplay
