#!/usr/bin/env bash
# Every name in tests/slow_tests.cmake is a test of arena_tests: ctest would
# silently ignore the COST of a name that is not (a test renamed since).
# Usage: slow_tests_are_tests.sh ARENA_TESTS SLOW_TESTS_CMAKE WITH_MPI
# (the tests of tests/test_mpi.cpp are built only WITH_MPI ON).
set -euo pipefail
tests=$("$1" --list-test-names-only || true)  # Catch2 v2 exits with the count listed
mpi_tests=$(dirname "$2")/test_mpi.cpp
missing=0
while IFS= read -r name; do
  [ "$3" = ON ] || ! grep -qF -- "\"$name\"" "$mpi_tests" || continue
  if ! grep -qxF -- "$name" <<<"$tests"; then
    echo "$2: '$name' is not a test of $1"
    missing=1
  fi
done < <(sed -n 's/^set_tests_properties(\[==\[\(.*\)\]==\] PROPERTIES COST .*/\1/p' "$2")
[ "$(grep -c '^set_tests_properties' "$2")" -gt 0 ] || { echo "$2 lists no test"; exit 1; }
exit "$missing"
