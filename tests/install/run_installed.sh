#!/usr/bin/env bash
# The install test: `cmake --install` of a build into a scratch prefix, then the installed
# binary run from another folder finds its shipped data (PREFIX/share/arena): `arena bench`
# gives the stored node signature (bench/signature.txt). A copy of the binary with no data
# beside it fails with exit 2 naming ARENA_DATA_DIR and the folders it tried, and works again
# with ARENA_DATA_DIR set.
# usage: run_installed.sh BUILD_DIR SCRATCH_DIR SIGNATURE_FILE
set -euo pipefail
build=$1
scratch=$2
signature=$(awk '$1 == "signature" { print $2 }' "$3")

rm -rf "$scratch"
mkdir -p "$scratch/elsewhere" "$scratch/lonely/bin"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
cd "$scratch/elsewhere"
unset ARENA_DATA_DIR

out=$("$scratch/prefix/bin/arena" bench)
echo "$out"
grep -q "^signature $signature " <<<"$out" || { echo "install test: expected signature $signature" >&2; exit 1; }

cp "$scratch/prefix/bin/arena" "$scratch/lonely/bin/arena"
status=0
err=$("$scratch/lonely/bin/arena" bench --game blokus-duo 2>&1) || status=$?
echo "$err"
[ "$status" = 2 ] || { echo "install test: expected exit 2 without data, got $status" >&2; exit 1; }
grep -q "ARENA_DATA_DIR" <<<"$err" && grep -q "$scratch/lonely/share/arena" <<<"$err" \
  || { echo "install test: the error must name ARENA_DATA_DIR and the folders tried" >&2; exit 1; }
ARENA_DATA_DIR="$scratch/prefix/share/arena" "$scratch/lonely/bin/arena" bench --game blokus-duo >/dev/null
echo "install test: ok"
