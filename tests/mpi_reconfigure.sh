#!/bin/bash
# A build folder configured while MPI could not be found gains MPI support when
# it is configured again with MPI available (the README's two commands on a
# fresh machine: the first configures before Open MPI is installed), and that
# this changes the compile flags of no target but the one MPI file's: a
# Makefile build recompiles every file of a target whose flags changed.
# Usage: mpi_reconfigure.sh SOURCE_DIR WORK_DIR
# Exit 77 (skipped) when this machine has no MPI compiler wrapper at all.
set -euo pipefail
source_dir=$1 work=$2
if ! command -v mpicxx >/dev/null; then
  echo "no MPI installed: skipped"
  exit 77
fi
rm -rf "$work"
configure() {
  cmake -S "$source_dir" -B "$work" -G "Unix Makefiles" "$@" 2>&1 |
    grep 'arena: MPI support' || true
}
first=$(configure -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON)
echo "while MPI cannot be found: $first"
[[ "$first" == *"MPI support OFF"* ]] || { echo "FAIL: expected MPI support OFF"; exit 1; }
flags() { find "$work" -name flags.make -not -path '*arena_distributed*' | sort | xargs cat; }
flags_without_mpi=$(flags)
second=$(configure -DCMAKE_DISABLE_FIND_PACKAGE_MPI=OFF)
echo "configured again normally: $second"
[[ "$second" == *"MPI support ON"* ]] || { echo "FAIL: the same folder stayed without MPI"; exit 1; }
if [[ "$(flags)" != "$flags_without_mpi" ]]; then
  echo "FAIL: turning MPI on changed compile flags beyond arena_distributed:"
  diff <(echo "$flags_without_mpi") <(flags) || true
  exit 1
fi
# An explicit choice is kept.
third=$(configure -DARENA_MPI=OFF)
[[ "$third" == *"MPI support OFF"* ]] || { echo "FAIL: ARENA_MPI=OFF was not kept"; exit 1; }
rm -rf "$work"
echo "ok"
