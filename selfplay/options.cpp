// Self-play options (see options.hpp).
#include "selfplay/options.hpp"

#include <filesystem>

#include <boost/program_options.hpp>

#include "engine/core/errors.hpp"
#include "engine/core/thread_limit.hpp"
#include "selfplay/signal_watcher.hpp"

namespace po = boost::program_options;

namespace arena::selfplay {

void add_selfplay_options(po::options_description& desc, SelfplayOptions& opts) {
  desc.add_options()
      ("engine", po::value(&opts.engines)->required(),
       "an engine (give two or more): a config CFG[,key=value...], or an outside program "
       "nboard:CMD (Othello) / gtp:CMD (Blokus Duo) with settings as nboard[key=value,...]:CMD; "
       "keys depth, nodes, movetime, tc, and for programs name, margin_ms, startup_ms, move_ms, "
       "dir, restart (on|off), stderr (quiet|inherit)")
      ("each", po::value(&opts.each),
       "key=value,... for every engine (an --engine entry's own value wins; both win over "
       "--depth, --nodes, --movetime, --tc)")
      ("games", po::value(&opts.games)->default_value(opts.games),
       "number of games (ids 0..N-1; games 2k and 2k+1 share an opening, seats swapped)")
      ("threads", po::value(&opts.threads)->default_value(opts.threads),
       "games played at once (default: $SLURM_CPUS_PER_TASK when set)")
      ("seed", po::value(&opts.seed),
       "run seed: openings and every game's seed derive from it (default: the resumed log's "
       "seed, else a fresh random one, printed on stderr and recorded in the log)")
      ("openings", po::value(&opts.openings)->default_value(opts.openings),
       "random:K (K random plies per pair) or a FILE: one opening per line (moves, an Othello "
       "board string), or Othello .ggf/.tsv/.wtb/.obf, Blokus Duo .blksgf/.fourcc(.txt) records")
      ("opening-order", po::value(&opts.opening_order)->default_value(opts.opening_order),
       "order of a file's openings: sequential or random")
      ("opening-plies", po::value(&opts.opening_plies)->default_value(0),
       "cut each opening of the file after N plies (game records as an XOT-style set; repeated "
       "positions kept once); 0 = whole lines")
      ("format", po::value(&opts.format)->default_value(opts.format),
       "more than two engines: round-robin or gauntlet (first engine against each other)")
      ("depth", po::value(&opts.depth)->default_value(0), "search depth for every engine (plies)")
      ("nodes", po::value(&opts.nodes)->default_value(0), "node limit per move for every engine")
      ("movetime", po::value(&opts.movetime_ms)->default_value(0), "time per move, ms")
      ("tc", po::value(&opts.tc), "game time SECONDS+INC per side (e.g. 60+0.5)")
      ("temperature", po::value(&opts.temperature)->default_value(0),
       "softmax temperature for the first plies, centi-units (0 = best move)")
      ("temperature-plies", po::value(&opts.temperature_plies)->default_value(0),
       "plies (from the start, opening included) that use the temperature")
      ("record-evals", po::bool_switch(&opts.record_evals),
       "log each move's search score, depth, nodes and time")
      ("adjudicate", po::value(&opts.adjudicate)->composing(),
       "end games early: exact:E (the exact solver's score once E empties remain) and/or "
       "score:MARGIN:N (N consecutive search scores give one side MARGIN centi-units); repeatable")
      ("engine-log", po::value(&opts.engine_log),
       "write every line sent to and read from external engines to FILE, with a UTC time, the "
       "engine's name and the game id (appended)")
      ("out", po::value(&opts.out),
       "log file (JSON Lines); an existing log of the same run is resumed")
      ("sprt", po::value(&opts.sprt),
       "stop early: elo0=,elo1=,alpha=,beta=[,model=logistic|normalized] (two engines)")
      ("shard", po::value(&opts.shard), "play only pairs with pair id = i mod n (i/n)")
      ("rules", po::value(&opts.rules), "the game's rule options (key=value,...)")
      ("fsync", po::bool_switch(&opts.fsync), "fsync the log after every game")
      ("quiet", po::bool_switch(&opts.quiet), "no progress on stderr")
      ("mpi-coordinator-only", po::bool_switch(&opts.mpi_coordinator_only),
       "under mpirun: rank 0 only hands out games and writes the log, it plays none")
      ("deadline", po::value(&opts.deadline),
       "start no game after this UTC time (e.g. 2026-12-01T12:00:00Z); the games in flight "
       "finish and the same command resumes")
      ("hours", po::value(&opts.hours),
       "a --deadline this many hours after the start (decimals allowed)")
      ("stop-signal", po::value(&opts.stop_signal)->default_value(opts.stop_signal),
       "a signal that stops the run like SIGTERM on any rank (a scheduler's early warning, "
       "e.g. sbatch --signal=USR1@300), or none");
}

CheckedOptions check_selfplay_options(const SelfplayOptions& opts, WallTime now) {
  core::check_threads("--threads", opts.threads, 1);
  if (opts.depth < 0 || opts.movetime_ms < 0) {
    throw InputError("--depth/--movetime: must not be negative");
  }
  if (opts.depth > core::kMaxConfigDepth) {
    throw InputError("--depth: " + std::to_string(opts.depth) + " is outside [0, " +
                     std::to_string(core::kMaxConfigDepth) + "] plies");
  }
  if (opts.nodes > kMaxNodes) {  // "--nodes=-1" reads as 2^64 - 1 through Boost
    throw InputError("--nodes: " + std::to_string(opts.nodes) + " is outside [0, " +
                     std::to_string(kMaxNodes) + "]");
  }
  if (opts.games < 1 || opts.games > kMaxGames) {
    throw InputError("--games: " + std::to_string(opts.games) + " is outside [1, " +
                     std::to_string(kMaxGames) + "]");
  }
  if (opts.temperature < 0 || opts.temperature_plies < 0) {
    throw InputError("--temperature/--temperature-plies: must not be negative");
  }
  CheckedOptions c;
  c.deadline = run_deadline(opts.deadline, opts.hours, now);
  c.stop_signal = parse_signal(opts.stop_signal, "--stop-signal");
  c.format = parse_format(opts.format);
  if (!opts.shard.empty()) c.shard = parse_shard(opts.shard);
  c.openings = parse_opening_spec(opts.openings);
  if (!c.openings.is_random() && !std::filesystem::is_regular_file(c.openings.file)) {
    throw InputError("--openings: cannot read '" + c.openings.file +
                     "' (expected random:K or an openings file)");
  }
  c.opening_order = parse_opening_order(opts.opening_order);
  if (opts.opening_plies < 0 || opts.opening_plies > 1000) {
    throw InputError("--opening-plies: " + std::to_string(opts.opening_plies) +
                     " (expected 0, whole lines, up to 1000)");
  }
  if (opts.opening_plies > 0 && c.openings.is_random()) {
    throw InputError("--opening-plies: cuts an openings file (random:K already gives K plies)");
  }
  if (!opts.tc.empty()) c.tc = records::parse_time_control(opts.tc, "--tc");
  if (!opts.sprt.empty()) {
    // Fewer than two engines is load_configs' error (prepare_run).
    if (opts.engines.size() > 2) throw InputError("--sprt: needs exactly two engines");
    c.sprt = analysis::parse_sprt_spec(opts.sprt, "--sprt");
  }
  return c;
}

}  // namespace arena::selfplay
