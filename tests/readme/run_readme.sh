#!/usr/bin/env bash
# The README test: runs every ```sh block of README.md in order, each as one `bash -e` script,
# in a scratch folder laid out like the repository root (configs/ and data/ linked, the built
# binary as build/release/arena and on PATH), so each command runs as a newcomer types it.
# Large counts are lowered so the whole page runs in about a minute: `--games N` to at most
# 20, `--search-max N` to at most 1000. Standard input is a stream of `quit` lines (for
# `arena play`). ```text blocks (scripts that build, outside programs) are not run.
# usage: run_readme.sh README.md ARENA_BINARY SCRATCH_DIR
set -euo pipefail
readme=$1
binary=$2
scratch=$3
root=$(cd "$(dirname "$readme")" && pwd)

rm -rf "$scratch"
mkdir -p "$scratch/build/release"
ln -s "$root/configs" "$scratch/configs"
ln -s "$root/data" "$scratch/data"
ln -s "$binary" "$scratch/build/release/arena"
export PATH="$scratch/build/release:$PATH"

# Split the README into blocks: block-N.sh holds the N-th ```sh block, its first line the
# README line number.
awk -v dir="$scratch" '
  /^```sh[[:space:]]*$/ { n++; file = sprintf("%s/block-%02d.sh", dir, n); print "# README.md:" NR+1 > file; inside = 1; next }
  /^```/ && inside      { inside = 0; close(file); next }
  inside                { print > file }
' "$readme"

shopt -s nullglob
blocks=("$scratch"/block-*.sh)
[ ${#blocks[@]} -gt 0 ] || { echo "run_readme: no sh blocks in $readme" >&2; exit 1; }
yes quit | head -n 1000 >"$scratch/stdin.txt" || true
failed=0
for block in "${blocks[@]}"; do
  # Lower the large counts (documented in the README's Tests section).
  sed -E -i \
    -e 's/--games ([0-9]+)/--games $(( \1 < 20 ? \1 : 20 ))/g' \
    -e 's/--search-max ([0-9]+)/--search-max $(( \1 < 1000 ? \1 : 1000 ))/g' "$block"
  where=$(head -1 "$block")
  echo "== ${where#\# }" >&2
  sed 1d "$block" >&2
  if ! (cd "$scratch" && timeout 120 bash -e -o pipefail "$block" <"$scratch/stdin.txt" >"$block.out" 2>&1); then
    echo "run_readme: FAILED: the block at ${where#\# }; its output:" >&2
    cat "$block.out" >&2
    failed=1
  fi
done
exit $failed
