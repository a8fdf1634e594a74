#!/bin/bash
# `arena schema` describes exactly the configs arena accepts: every shipped
# config and every `arena new` config validates against it, and configs that
# arena refuses (unknown keys, strategies, parameters; values out of range)
# fail it too. Uses Debian's python3-jsonschema and python3-yaml.
# Usage: schema_check.sh ARENA_EXE SOURCE_DIR WORK_DIR
# Exit 77 (skipped) when those Python modules are missing; the README's test
# command installs them.
set -euo pipefail
arena=$1 source_dir=$2 work=$3
if ! /usr/bin/python3 -c 'import jsonschema, yaml' 2>/dev/null; then
  echo "python3-jsonschema or python3-yaml is not installed: skipped"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work/good" "$work/bad"
"$arena" schema >"$work/schema.json"
cp "$source_dir"/configs/*.yaml "$work/good/"
for engine in $("$arena" list | sed -n 's/^engine \([a-z-]*\):.*/\1/p'); do
  "$arena" new "$engine" >"$work/good/new-$engine.yaml"
done
# Each of these is refused by arena run (exit 2) and must fail the schema.
base='name: x
engine: battleship
players:
  - {strategy: density}'
printf '%s\ngmaes: 3\n' "$base" >"$work/bad/unknown-key.yaml"
printf 'name: x\nengine: battleship\nplayers: [{strategy: densty}]\n' >"$work/bad/unknown-strategy.yaml"
printf 'name: x\nengine: battleship\nplayers: [{strategy: density, params: {weight: 2}}]\n' \
  >"$work/bad/unknown-param.yaml"
printf '%s\nrules: {size: 40}\n' "$base" >"$work/bad/out-of-range.yaml"
printf '%s\nmode: due1\n' "$base" >"$work/bad/unknown-mode.yaml"
printf 'name: x\nengine: go-fish\nplayers: [{strategy: density}]\n' >"$work/bad/other-engine.yaml"
printf 'name: x\nengine: rooks\nplayers: [{strategy: external, params: {command: ""}}]\n' \
  >"$work/bad/external-empty-command.yaml"
printf 'name: x\nengine: rooks\nplayers: [{strategy: external}]\n' >"$work/bad/external-no-command.yaml"
"$arena" new go-fish random external >"$work/bad/new-with-external.yaml"
printf '%s\noutput: {games_csv: gz}\n' "$base" >"$work/bad/output-games-csv.yaml"
printf '%s\noutput: {moves: {sample: 0}}\n' "$base" >"$work/bad/output-sample.yaml"
printf '%s\noutput: {moves: some}\n' "$base" >"$work/bad/output-moves.yaml"
printf '%s\noutput: {games_csv: gzip, moves: {sample: 20}}\n' "$base" >"$work/good/output.yaml"
# Train sections that arena train refuses (exit 2) must fail the schema too.
train='name: x
engine: go-fish
players:
  - {name: learner, strategy: q-learning}
  - {strategy: random}
train:'
printf '%s
  variant: learner
  gmaes: 1000
' "$train" >"$work/bad/train-unknown-key.yaml"
printf '%s
  variant: learner
  discount: 2
' "$train" >"$work/bad/train-discount.yaml"
printf '%s
  variant: learner
  start: prior
' "$train" >"$work/bad/train-start.yaml"
printf '%s
  variant: learner
  evaluate: {seats: 1}
' "$train" >"$work/bad/train-eval-seats.yaml"
printf '%s
  variant: learner
  exploration: {start: 0.2, stop: 0}
' "$train" \
  >"$work/bad/train-exploration.yaml"
printf '%s
  variant: learner
  evaluate: {at: [0]}
' "$train" >"$work/bad/train-eval-at.yaml"
printf '%s
  variant: learner
  seats: [2, 3]
  games: 2000
  batch: 1000
  evaluate: {every: 2000, at: [1000]}
' "$train" \
  >"$work/good/train.yaml"
# tune: sections arena tune (and arena run) refuses.
tune='tune: {variant: density, iterations: 10, params: {checkerboard_weight:'
printf '%s\n%s {c_end: 1, r_end: 0.1}}, iteratons: 5}\n' "$base" "$tune" >"$work/bad/tune-unknown-key.yaml"
printf '%s\n%s {c_end: 1}}}\n' "$base" "$tune" >"$work/bad/tune-spsa-no-r_end.yaml"
printf '%s\n%s {c_end: 1}}, method: genetic}\n' "$base" "$tune" >"$work/bad/tune-genetic-c_end.yaml"
printf '%s\n%s {c_end: 1, r_end: 0.1}}, population: 8}\n' "$base" "$tune" \
  >"$work/bad/tune-spsa-population.yaml"
printf '%s\n%s {sigma: 0.2}}, method: genetic, population: 8}\n' "$base" "$tune" \
  >"$work/good/tune-genetic.yaml"
printf 'name: x\nengine: battleship\nplayers: [{name: ../x, strategy: density}]\n' \
  >"$work/bad/player-name-path.yaml"
for bad in "$work"/bad/*.yaml; do
  command="run --games 2"
  case $bad in */train-*) command=train ;; esac
  if "$arena" $command "$bad" --quiet --out "$work/out" >/dev/null 2>&1; then
    echo "FAIL: arena $command accepted $bad"
    exit 1
  fi
done
/usr/bin/python3 - "$work" <<'PY'
import glob, json, os, sys
import jsonschema, yaml
work = sys.argv[1]
schema = json.load(open(os.path.join(work, "schema.json")))
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
failed = False
for path in sorted(glob.glob(os.path.join(work, "good", "*.yaml"))):
    errors = list(validator.iter_errors(yaml.safe_load(open(path))))
    if errors:
        failed = True
        print(f"FAIL: {os.path.basename(path)} does not validate: {errors[0].message}")
for path in sorted(glob.glob(os.path.join(work, "bad", "*.yaml"))):
    if validator.is_valid(yaml.safe_load(open(path))):
        failed = True
        print(f"FAIL: {os.path.basename(path)} validates but arena refuses it")
good = len(glob.glob(os.path.join(work, "good", "*.yaml")))
bad = len(glob.glob(os.path.join(work, "bad", "*.yaml")))
print(f"{good} accepted configs validate, {bad} refused ones do not")
sys.exit(1 if failed else 0)
PY
