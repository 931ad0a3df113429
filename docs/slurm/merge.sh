#!/bin/bash
# Submits the merge of the shard logs of docs/slurm/selfplay-array.sbatch's job $1 as a job
# that starts only when every array task succeeded (and is cancelled when one failed: resubmit
# that task, then this); prints its job id. Further arguments go to sbatch.
set -euo pipefail
ARENA=${ARENA:-arena} RUN=${RUN:-runs/big}
sbatch --parsable --job-name=merge --dependency="afterok:$1" --kill-on-invalid-dep=yes "${@:2}" \
       --wrap "$ARENA merge $RUN.shard*.jsonl --out $RUN.jsonl"
