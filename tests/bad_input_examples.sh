#!/bin/bash
# Prints the examples of docs/command-line.md ("What bad input prints"): each
# bad input, what arena prints for it (stderr and stdout, verbatim) and its
# exit code, as Markdown. Runs in a scratch folder with copies of two shipped
# configs; as root, the read-only folder case runs as the user nobody.
#
#   tests/bad_input_examples.sh build/arena > /tmp/examples.md
set -u
arena=$(realpath "${1:-build/arena}")
source_dir=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
chmod 755 "$work"
cd "$work"
mkdir configs ro
cp "$source_dir"/configs/{quickstart,chinese-checkers}.yaml configs/
printf 'name: table\nengine: chinese-checkers\nseed: 1\ngames: 4\nrules: {max_plies: 40}\nplayers:\n  - {name: greedy, strategy: greedy}\n  - {name: random, strategy: random}\n' >configs/table.yaml
printf 'name: five\nengine: chinese-checkers\ngames: 12\nrules: {seats: 5}\nplayers:\n  - {name: greedy, strategy: greedy}\n  - {name: random, strategy: random}\n' >configs/five.yaml
printf 'name: fleet\nengine: battleship\nrules: {fleet: {}}\nplayers: [{strategy: density}]\n' >configs/fleet.yaml
printf 'name: alone\nengine: go-fish\nplayers: [{strategy: memory}]\n' >configs/alone.yaml
chmod -R a+rX configs
chmod 555 ro
"$arena" run configs/quickstart.yaml --games 20 --quiet >/dev/null
"$arena" run configs/table.yaml --quiet >/dev/null

show() {
  printf '$ arena'
  [ $# -gt 0 ] && printf ' %q' "$@"
  printf '\n'
  "$arena" "$@" 2>&1 | head -3
  echo "(exit ${PIPESTATUS[0]})"
}
section() { printf '\n### %s\n\n```\n' "$1"; }
end() { printf '```\n'; }

section "Subcommands, arguments and options"
show
show runn configs/quickstart.yaml
show run
show run configs/quickstart.yaml --gmaes 100
show run configs/quickstart.yaml extra.yaml
show run configs/quickstart.yaml --games
show run configs/quickstart.yaml --games 10 --games 20
show replay results/quickstart
show stats --wld 10 5
show stats --wld 10 5 3 --penta 1 2 3 4 5
show stats --wld 10 5 3 --elo0 0
show list battleship rooks
show list battleshp
show run configs/quickstart.yaml --quiet=maybe
show run ""
end

section "Numbers: negative, not a number, out of range, not one of the choices"
show stats --wld -1 2 3
show replay results/quickstart --game -1
show run configs/quickstart.yaml --threads many
show run configs/quickstart.yaml --games 2.5
show run configs/quickstart.yaml --seed 18446744073709551616
show run configs/quickstart.yaml --checkpoint-every -1
show run configs/quickstart.yaml --shard 3/2
show stats --wld a b c
show stats --wld 10 5 3 --elo0 0 --elo1 5 --alpha 2
show stats --wld 10 5 3 --elo0 0 --elo1 300
show stats --wld 10 5 3 --elo0 0 --elo1 5 --model logistc
show perft chinese-checkers --depth 9
show perft chinese-checkers --depth 2 --players 5
show check-bot battleship --games 0 -- python3 bot.py
show replay results/quickstart --game 20
end

section "A flag that replaces a config key, and values checked before what follows from them"
show run configs/chinese-checkers.yaml --games 7
show run configs/five.yaml
show run configs/fleet.yaml
show run configs/alone.yaml
end

section "Files and folders"
show run missing.yaml
show run configs
show run configs/quickstart.yaml --out configs/quickstart.yaml
show run configs/quickstart.yaml --out configs/quickstart.yaml/out
show run configs/quickstart.yaml --out /proc/nope
if [ "$(id -u)" = 0 ]; then
  printf '$ arena %s    # a user who may not write in ro/\n' "run configs/quickstart.yaml --out ro/out"
  runuser -u nobody -- "$arena" run configs/quickstart.yaml --out ro/out 2>&1 | head -3
  echo "(exit ${PIPESTATUS[0]})"
else
  show run configs/quickstart.yaml --out ro/out
fi
show run configs/quickstart.yaml --out configs
show run configs/quickstart.yaml --out .
show replay results/quickstart --game 1 --html configs
show solve rooks configs
show report nowhere
show merge nowhere
show replay configs --game 1
end

section "Replay: which variant"
show replay results/table --game 1 --variant greedy
show replay results/quickstart --game 1 --variant densty
end
