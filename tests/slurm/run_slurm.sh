#!/usr/bin/env bash
# A real single-node Slurm cluster for the tests: munged, slurmctld and slurmd on localhost
# from Debian's munge and slurm-wlm, with a munge key and a minimal slurm.conf written here in a
# scratch folder (free ports, no cgroups: proctrack/linuxproc, task/none). It runs the recipes
# of docs/slurm/ as written, with fewer and shallower games:
#   1. selfplay-array.sbatch as an `sbatch --array` of 3 shards, and merge.sh's merge job that
#      depends on it (afterok): the merged log must hold the games of a one-process run of the
#      same seed, and nothing else;
#   2. selfplay-mpi.sbatch, `srun --mpi=pmix` over 2 tasks: one log, the same games (and
#      `srun -n 2` without an MPI plugin is refused, writing nothing);
#   3. the same job cancelled mid-run (scancel: SIGTERM to every task) leaves a log of whole
#      lines and the resume command, and resubmitted completes exactly the requested games;
#   4. loop-mpi.sbatch, `srun --mpi=pmix arena loop` over 2 tasks on docs/loop-mpi/loop.cfg:
#      one loop, the same games, round record and fitted config as the one-process loop.
# Usage: run_slurm.sh ARENA_BINARY SOURCE_DIR SCRATCH_DIR. Exit 77 (skipped, with the reason)
# when the packages are missing or this is not root (slurmd starts jobs as their user).
set -euo pipefail
arena=$1 src=$2 scratch=$3

skip() { echo "slurm: SKIPPED: $*"; exit 77; }
for tool in munged slurmctld slurmd sbatch srun sinfo squeue python3; do
  command -v "$tool" >/dev/null || skip "$tool not found (Debian packages slurm-wlm and munge)"
done
[ "$(id -u)" = 0 ] || skip "slurmd needs root to start jobs"

rm -rf "$scratch" && mkdir -p "$scratch"/{state,spool,out}
dir=$(cd "$scratch" && pwd)
# munged wants every folder above its socket open to all (x for all): a clone under a 0700
# folder (mktemp -d) would refuse, so the socket lives in a folder of its own under /tmp.
sockdir=$(mktemp -d /tmp/arena-munge.XXXXXX)
chmod 755 "$sockdir"
pids=()
cleanup() {  # the daemons this script started, by pid; they save their state, then end
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in $(seq 100); do  # until gone or a zombie (this container's init may not reap)
      state=$(cut -d' ' -f3 "/proc/$p/stat" 2>/dev/null || true)
      [ -z "$state" ] || [ "$state" = Z ] && break
      sleep 0.1
    done
  done
  rm -rf "$sockdir"
}
trap cleanup EXIT
fail() {
  echo "slurm: FAILED: $*" >&2
  for f in "$dir"/slurmctld.log "$dir"/slurmd.log "$dir"/out/*; do
    [ -f "$f" ] && { echo "== $f" >&2; tail -20 "$f" >&2; }
  done
  exit 1
}
start=$(date +%s)

# Step 1: munge with its own key and socket.
dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
chmod 600 "$dir/munge.key"
munged --key-file="$dir/munge.key" --socket="$sockdir/munge.sock" --pid-file="$dir/munged.pid" \
       --seed-file="$dir/munged.seed" --log-file="$dir/munged.log"
pids+=("$(cat "$dir/munged.pid")")

# Step 2: slurm.conf on two free ports, then the daemons.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
node=$(hostname -s)
cpus=$(nproc)
user=$(id -un)
cat >"$dir/slurm.conf" <<EOF
ClusterName=arenatest
SlurmctldHost=$node
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$sockdir/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf
slurmctld -c -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start"
for _ in $(seq 100); do
  [ -f "$dir/slurmctld.pid" ] && [ -f "$dir/slurmd.pid" ] && break
  sleep 0.1
done
pids+=("$(cat "$dir/slurmctld.pid")" "$(cat "$dir/slurmd.pid")")
for _ in $(seq 150); do
  [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
  sleep 0.2
done
[ "$(sinfo -h -o %T)" = idle ] || fail "the node did not come up: $(sinfo -h -o '%T %E')"
echo "slurm: cluster up in $(( $(date +%s) - start )) s (Slurm $(sinfo -V | cut -d' ' -f2))"

# Waits until job $1 (and its array tasks) left the queue, then checks that each exited 0.
wait_job() {
  for _ in $(seq 600); do
    if [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; then
      codes=$(scontrol show job "$1" | grep -o ' ExitCode=[0-9:]*' | sort -u)
      [ "$codes" = " ExitCode=0:0" ] || fail "job $1 ended with$codes"
      return 0
    fi
    sleep 0.5
  done
  fail "job $1 still queued after 300 s"
}

# The games of the logs $2... equal the one-process log $1's (timing fields aside, the evals'
# too), each once.
same_games() {
  python3 - "$@" <<'EOF'
import json, sys
def games(path):
    out = {}
    for line in open(path):
        g = json.loads(line)
        if g.get("type") != "game":
            continue
        for key in ("ms", "times", "cpu", "after_decision"):
            g.pop(key, None)
        for e in g.get("evals") or []:
            if e:
                e.pop("ms", None)
                e.pop("engine_ms", None)
        if g["id"] in out:
            sys.exit(f"{path}: game {g['id']} twice")
        out[g["id"]] = g
    return out
want = games(sys.argv[1])
got = {}
for path in sys.argv[2:]:
    got.update(games(path))
if got != want:
    missing = sorted(set(want) - set(got))[:5]
    differ = sorted(i for i in set(want) & set(got) if want[i] != got[i])[:5]
    sys.exit(f"games differ from the single run: missing {missing}, different {differ}")
print(f"{len(got)} games equal the single run's")
EOF
}

games=24 depth=2 shards=3
export ARENA=$arena GAMES=$games DEPTH=$depth
cd "$src"
"$arena" selfplay --engine configs/othello/classic.cfg --engine configs/othello/seed-table.cfg \
    --games "$games" --depth "$depth" --openings random:6 --seed 7 --out "$dir/single.jsonl" \
    --quiet >/dev/null

# Step 3: the job array of shards and the dependent merge.
array=$(RUN=$dir/big SHARDS=$shards sbatch --parsable --array=0-$((shards - 1)) \
        --cpus-per-task=1 --output="$dir/out/array-%a.out" docs/slurm/selfplay-array.sbatch) \
  || fail "sbatch of the array"
merge=$(RUN=$dir/big docs/slurm/merge.sh "$array" --output="$dir/out/merge.out") || fail "sbatch of the merge"
wait_job "$array"
wait_job "$merge"
[ -f "$dir/big.jsonl" ] || fail "no merged log (array $array, merge $merge)"
same_games "$dir/single.jsonl" "$dir/big.jsonl" || fail "merged log"
for i in $(seq 0 $((shards - 1))); do
  [ -f "$dir/big.shard$i.jsonl" ] || fail "shard $i wrote no log"
done

# Step 4: srun --mpi=pmix over 2 tasks writes one log of the same games (Open MPI's own
# allocations are not ours to account for under LeakSanitizer).
# (grep without -q reads all of ldd's output: with pipefail, -q's early exit could end ldd by
# SIGPIPE and fail the pipeline, skipping these steps with MPI present.)
if ! ldd "$arena" | grep libmpi >/dev/null; then
  echo "slurm: passed in $(( $(date +%s) - start )) s (srun --mpi=pmix step skipped: arena built without MPI)"
  exit 0
fi
mpi=$(RUN=$dir/mpi ASAN_OPTIONS=detect_leaks=0 sbatch --parsable --ntasks=2 --cpus-per-task=1 --output="$dir/out/mpi.out" \
      docs/slurm/selfplay-mpi.sbatch) || fail "sbatch of the MPI job"
wait_job "$mpi"
[ -f "$dir/mpi.jsonl" ] || fail "the MPI job wrote no log"
same_games "$dir/single.jsonl" "$dir/mpi.jsonl" || fail "MPI log"
[ "$(grep -c '"type":"run"' "$dir/mpi.jsonl")" = 1 ] || fail "the MPI log has several run records"
# One summary: rank 0's (two tasks each running the whole run would print two, or be refused).
[ "$(grep -c 'games in the log' "$dir/out/mpi.out")" = 1 ] || fail "not one summary in mpi.out"
# Step 4b: srun -n 2 without an MPI plugin (this cluster's MpiDefault=none) is refused on each
# task instead of both playing the whole run into one log.
if srun -n 2 --cpus-per-task=1 "$arena" selfplay --engine configs/othello/classic.cfg \
     --engine configs/othello/seed-table.cfg --games 4 --seed 1 --out "$dir/plain.jsonl" \
     >"$dir/out/plain.out" 2>&1; then
  fail "srun -n 2 without --mpi was not refused"
fi
grep -q "without an MPI plugin" "$dir/out/plain.out" || fail "no refusal message in plain.out"
[ ! -e "$dir/plain.jsonl" ] || fail "srun -n 2 without --mpi wrote a log"
echo "slurm: srun -n 2 without --mpi refused: $(grep -m1 -o 'started by srun (task [0-9] of 2)' "$dir/out/plain.out")"

# Step 5: scancel (SIGTERM to every task) in the middle of the MPI run: rank 0 logs the games
# in flight of both ranks and exits 130; the log holds whole lines of the one-process run, and
# the same job submitted again completes exactly the requested games.
games_in() { cat "$1" 2>/dev/null | grep -c '"type":"game"' || true; }
submit_long() {
  RUN=$dir/cancelled GAMES=$long DEPTH=2 ASAN_OPTIONS=detect_leaks=0 sbatch --parsable \
      --ntasks=2 --cpus-per-task=1 --output="$dir/out/$1.out" docs/slurm/selfplay-mpi.sbatch
}
# The one-process run of $long games, then the MPI run of the same, cancelled once it logged
# 10 games; sets $logged to the games it logged.
cancel_mid_run() {
  rm -f "$dir/single-long.jsonl" "$dir/cancelled.jsonl"
  "$arena" selfplay --engine configs/othello/classic.cfg --engine configs/othello/seed-table.cfg \
      --games "$long" --depth 2 --openings random:6 --seed 7 --out "$dir/single-long.jsonl" \
      --quiet >/dev/null
  job=$(submit_long cancelled) || fail "sbatch of the job to cancel"
  for _ in $(seq 600); do
    [ "$(games_in "$dir/cancelled.jsonl")" -ge 10 ] && break
    sleep 0.1
  done
  local asked=$SECONDS
  scancel "$job"
  for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    sleep 0.5
  done
  logged=$(games_in "$dir/cancelled.jsonl")
  waited=$((SECONDS - asked))
}
# Slurm delivers scancel's SIGTERM through slurmctld and slurmd: on a loaded machine that took
# over 3 s, past the end of a 10 s run. A run that ended before its signal came proves nothing
# either way, so the step is played once more with a run five times as long.
long=2000
cancel_mid_run
if [ "$logged" -ge "$long" ] && ! grep -q "resume with" "$dir/out/cancelled.out"; then
  echo "slurm: the $long-game run ended before the SIGTERM came (${waited} s after scancel); again with $((5 * long)) games"
  long=$((5 * long))
  cancel_mid_run
fi
[ "$logged" -lt "$long" ] || fail "the job ended before scancel's SIGTERM (${waited} s after scancel)"
grep -q "SIGTERM on rank" "$dir/out/cancelled.out" || fail "no graceful stop in cancelled.out"
grep -q "resume with" "$dir/out/cancelled.out" || fail "no resume command in cancelled.out"
python3 -c '
import json, sys
for n, line in enumerate(open(sys.argv[1]), 1):
    try:
        json.loads(line)
    except ValueError:
        sys.exit(f"{sys.argv[1]}:{n}: not a whole line")
' "$dir/cancelled.jsonl" || fail "cancelled log"
echo "slurm: scancel after $logged of $long games (stopped ${waited} s after scancel): whole lines, resume command printed"
job=$(submit_long resumed) || fail "sbatch of the resumed job"
wait_job "$job"
same_games "$dir/single-long.jsonl" "$dir/cancelled.jsonl" || fail "resumed log"


# Step 6: the loop over MPI, loop-mpi.sbatch (srun --mpi=pmix over 2 tasks) on the check run
# config docs/loop-mpi/loop.cfg: one loop, with the games, round record and fitted config of
# the one-process loop.
"$arena" loop --config docs/loop-mpi/loop.cfg --run-dir "$dir/loop-one" --quiet >/dev/null 2>&1 \
  || fail "the one-process loop"
job=$(RUN=$dir/loop-mpi CONFIG=docs/loop-mpi/loop.cfg ASAN_OPTIONS=detect_leaks=0 sbatch \
      --parsable --ntasks=2 --cpus-per-task=1 --output="$dir/out/loop-mpi.out" \
      docs/slurm/loop-mpi.sbatch) || fail "sbatch of the loop"
wait_job "$job"
for log in round-1/train.jsonl round-1/match.jsonl final.jsonl; do
  same_games "$dir/loop-one/$log" "$dir/loop-mpi/$log" || fail "loop over MPI: $log"
done
python3 - "$dir/loop-one" "$dir/loop-mpi" <<'EOF' || fail "loop over MPI: round record or candidate"
import json, sys
one, mpi = sys.argv[1:]
def record(run):
    r = json.load(open(f"{run}/round-1/round.json"))
    r.pop("seconds")
    return r
def weights(run):
    return [l for l in open(f"{run}/round-1/candidate.cfg") if not l.startswith("#")]
if record(one) != record(mpi):
    sys.exit("round.json differs from the one-process loop's")
if weights(one) != weights(mpi):
    sys.exit("candidate.cfg differs from the one-process loop's")
EOF
[ "$(grep -c '"best_vs_start"' "$dir/out/loop-mpi.out")" = 1 ] || fail "not one loop summary"
echo "slurm: srun --mpi=pmix arena loop equals the one-process loop"
echo "slurm: passed in $(( $(date +%s) - start )) s"
