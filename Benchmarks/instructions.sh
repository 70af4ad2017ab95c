#!/usr/bin/env bash
# Instructions per engine event, counted by callgrind (valgrind), which unlike time
# does not depend on what else the machine is doing.
#
#   Benchmarks/instructions.sh [WORKLOAD...]
#
# Each workload of `gesture-bench events` (the engine's, and the host's
# `host.move.10` and `host.move.10.nohandlers`) runs twice, for 1,000 and 11,000 timed events;
# the difference divided by 10,000 is the cost of one event, setup and warm-up cancelled.
# Prints one `name value instructions` line per workload (docs/benchmarks.md), and, when
# both `move.10` and `floor.move.10` (the same ten pans written by hand, Floor.swift)
# ran, the engine's ratio to that floor (the goal: at most 3).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "instructions.sh needs valgrind (Debian: apt-get install valgrind)" >&2; exit 2; }
swift build -c release --product gesture-bench >&2
# valgrind 3.19 (Debian 12) cannot read the DWARF this toolchain writes: count on a
# copy without it. Instruction counts are the same.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bench="$work/gesture-bench"
cp "$(swift build -c release --show-bin-path)/gesture-bench" "$bench"
strip --strip-debug "$bench"

workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(move.1 move.10 move.10.exclusive move.2fingers floor.move.10)

count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" events "$1" "$2" 2>&1 \
        | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}

declare -A per_event
for workload in "${workloads[@]}"; do
    small=$(count "$workload" 1000)
    large=$(count "$workload" 11000)
    per_event[$workload]=$(( (large - small) / 10000 ))
    # The host's workloads and the floor are named as `gesture-bench` names them.
    case "$workload" in host.* | floor.*) name="$workload" ;; *) name="engine.$workload" ;; esac
    echo "$name ${per_event[$workload]} instructions"
done
if [ -n "${per_event[move.10]:-}" ] && [ -n "${per_event[floor.move.10]:-}" ]; then
    engine=${per_event[move.10]}
    floor=${per_event[floor.move.10]}
    echo "engine.move.10.overFloor $(( engine / floor )).$(( engine * 100 / floor % 100 / 10 ))$(( engine * 100 / floor % 10 )) x"
fi
