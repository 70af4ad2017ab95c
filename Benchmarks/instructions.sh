#!/usr/bin/env bash
# Instructions per engine event, counted by callgrind (valgrind), which unlike time
# does not depend on what else the machine is doing.
#
#   Benchmarks/instructions.sh [WORKLOAD...]
#
# Each workload of `gesture-bench events` (the engine's, and the host's
# `host.move.10` and `host.move.10.nohandlers`) runs twice, for 1,000 and 11,000 timed events;
# the difference divided by 10,000 is the cost of one event, setup and warm-up cancelled.
# Prints one `name value instructions` line per workload (docs/benchmarks.md).
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
[ ${#workloads[@]} -gt 0 ] || workloads=(move.1 move.10 move.10.exclusive move.2fingers)

count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" events "$1" "$2" 2>&1 \
        | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}

for workload in "${workloads[@]}"; do
    small=$(count "$workload" 1000)
    large=$(count "$workload" 11000)
    # The host's workloads are named as `gesture-bench host` names them.
    case "$workload" in host.*) name="$workload" ;; *) name="engine.$workload" ;; esac
    echo "$name $(( (large - small) / 10000 )) instructions"
done
