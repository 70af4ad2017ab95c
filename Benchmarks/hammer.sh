#!/usr/bin/env bash
# The ratio to Hammer.js: Hammer.js 2.0.8 in Node.js and gesture-bench on the
# same workload (`engine.move.N`: one finger moving through N pans that recognize
# together), five rounds alternating between the two, so that both see the same
# machine.
#
#   Benchmarks/hammer.sh
#
# Hammer comes from $HAMMER_JS (the path of its built `hammer.js`) if set, else from
# the npm registry (`npm pack hammerjs@2.0.8`). Prints the medians as `name value ns`
# lines, then `ratio.hammer.move.N value x`: Hammer's time per event over the engine's
# (above 1, the engine is faster), for Hammer with one manager and with nested ones.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v node >/dev/null || { echo "hammer.sh needs Node.js (Debian: apt-get install nodejs)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "${HAMMER_JS:-}" ]; then
    hammer="$HAMMER_JS"
else
    if ! (cd "$work" && npm pack --silent hammerjs@2.0.8 >/dev/null 2>&1 && tar xzf hammerjs-2.0.8.tgz); then
        echo "hammer.sh could not fetch hammerjs@2.0.8 from npm: set HAMMER_JS to its hammer.js" >&2
        exit 2
    fi
    hammer="$work/package/hammer.js"
fi

swift build -c release --product gesture-bench >&2
bench="$(swift build -c release --show-bin-path)/gesture-bench"

for _ in 1 2 3 4 5; do
    node Benchmarks/Hammer/hammer-bench.js "$hammer" 1 10
    "$bench" engine 1 10 | grep -E '^engine\.move\.(1|10) '
done > "$work/figures"

awk '
    { values[$1] = values[$1] " " $2 }
    function median(list,    n, items, i, j, t) {
        n = split(list, items, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (items[j] + 0 < items[i] + 0) { t = items[i]; items[i] = items[j]; items[j] = t }
        return items[int((n + 1) / 2)]
    }
    END {
        split("1 10", counts, " ")
        for (c = 1; c <= 2; c++) {
            n = counts[c]
            engine = median(values["engine.move." n])
            one = median(values["hammer.move." n])
            nested = median(values["hammer.move." n ".nested"])
            printf "engine.move.%s %.1f ns\n", n, engine
            printf "hammer.move.%s %.1f ns\n", n, one
            printf "hammer.move.%s.nested %.1f ns\n", n, nested
            printf "ratio.hammer.move.%s %.1f x\n", n, one / engine
            printf "ratio.hammer.move.%s.nested %.1f x\n", n, nested / engine
        }
    }
' "$work/figures"
