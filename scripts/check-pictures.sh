#!/usr/bin/env bash
# Draws every picture gesturec makes with the programs people view them with, so that
# broken output fails here rather than in a reader's viewer (docs/pictures.md).
#
#   pictures:  docs/pictures/*.svg are what gesturec and Graphviz draw now
#              (scripts/draw-pictures.sh --check; the script without it redraws them).
#   graphs:    every example set's and every kind's DOT through Graphviz (`dot -Tsvg`);
#              a warning from dot fails too.
#   timelines: the HTML timeline of every example trace, of a lint counterexample and
#              of a 10,000-event trace, opened in headless Chromium by
#              scripts/check-timeline-page.py: no console message, one lane per
#              recognizer and view of the run, the states of the run at the times
#              scrubbed to, and the large page drawn within 2 s.
#
# Installs what it needs by Debian package name when it is missing (graphviz,
# chromium), so it runs alone on a fresh machine: scripts/check-pictures.sh.
# `.ci/run` runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

install() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@"
}
missing=()
command -v dot >/dev/null || missing+=(graphviz)
command -v chromium >/dev/null || missing+=(chromium)
[ "${#missing[@]}" -eq 0 ] || install "${missing[@]}"

swift build --product gesturec
gesturec="$(swift build --show-bin-path)/gesturec"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
failed=0

# draw NAME ARGS...: the DOT of `gesturec graph ARGS` through dot, with no warning.
draw() {
    local name="$1"
    shift
    if "$gesturec" graph "$@" -o "$out/graph.dot" && dot -Tsvg "$out/graph.dot" -o "$out/graph.svg" 2>"$out/dot.err" \
        && [ ! -s "$out/dot.err" ] && grep -q "<svg" "$out/graph.svg"; then
        echo "ok      graph $name"
    else
        echo "FAILED  graph $name"
        cat "$out/dot.err" 2>/dev/null || true
        failed=1
    fi
}

echo "== docs/pictures: each picture is what gesturec and Graphviz draw now"
scripts/draw-pictures.sh --check || failed=1

echo "== gesturec graph: every example set and every kind through Graphviz"
while IFS= read -r spec; do
    sets="$(sed -n 's/^gestures \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' "$spec")"
    for set in $sets; do draw "$spec --set $set" "$spec" --set "$set"; done
    kinds="$(sed -n 's/^kind \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' "$spec")"
    for kind in $kinds; do draw "$spec --kind $kind" "$spec" --kind "$kind"; done
done < <(find Examples -name '*.gdl' -not -path 'Examples/Invalid/*' -not -path '*/.build/*' | sort)
for kind in $("$gesturec" prelude | sed -n 's/^kind \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p'); do
    draw "--kind $kind" --kind "$kind"
done

echo "== gesturec simulate --format html: every example trace in headless Chromium"
# page NAME PAGE CHECKS...: the page through check-timeline-page.py.
page() {
    local name="$1" file="$2"
    shift 2
    if scripts/check-timeline-page.py "$file" "$@"; then echo "ok      timeline $name"; else echo "FAILED  timeline $name"; failed=1; fi
}
for trace in Examples/Traces/*.json Examples/Traces/*.trace; do
    case "$trace" in *.scene.json) continue ;; esac
    base="$(basename "$trace")"
    set="${base%%.*}"
    scene=()
    [ "${trace%.json}" = "$trace" ] || scene=(--scene "Examples/Traces/$set.scene.json")
    if "$gesturec" simulate "Examples/$set.gdl" --set "$set" "${scene[@]}" --trace "$trace" --format html -o "$out/page.html"; then
        page "$trace" "$out/page.html"
    else
        echo "FAILED  timeline $trace: simulate"
        failed=1
    fi
done

# The single tap, reasoned from the rules: lifted at 0.080 s, it is held until the
# double tap's 350 ms interval has passed (R53, R55); the photo's touch stays down,
# its end held back by the double tap (R40), until the tap recognizes at 0.430 s and
# cancels it (R39).
"$gesturec" simulate Examples/PhotoBrowser.gdl --scene Examples/Traces/PhotoBrowser.scene.json \
    --trace Examples/Traces/PhotoBrowser.single-tap.json --format html -o "$out/single.html"
page "PhotoBrowser single tap, scrubbed" "$out/single.html" \
    --expect 0.05:singleTap@photo=possible --expect 0.2:singleTap@photo=held --expect 0.2:doubleTap@photo=possible \
    --expect "0.2:photo=touches 1" --expect 0.5:singleTap@photo=possible --expect "0.5:photo=no touches"

# A lint counterexample's page.
cat > "$out/waiting.gdl" <<'SPEC'
gestures Photo {
  view window
  recognizer toggle = tap on window
  recognizer zoom = tap(taps: 2) on window
  toggle requires zoom to fail
}
SPEC
"$gesturec" lint --latency-budget 100ms --counterexample "$out/counterexamples" "$out/waiting.gdl" >/dev/null || true
page "lint counterexample" "$out/counterexamples/1-GDL202.html" --expect 0.2:toggle@window=held

# 10,000 events, taps and drags alternating over the photo (as gesture-bench's
# simulate.trace.10k): the page must open and draw within 2 s.
python3 - "$out/10k.json" <<'TRACE'
import json, sys
events, t, touch = [], 0.0, 1
while len(events) < 10000:
    def event(phase, y):
        events.append({"t": round(t, 3), "touches": [{"id": touch, "phase": phase, "x": 150, "y": y}]})
    event("down", 250)
    if touch % 2 == 0:
        for step in range(1, 9):
            t += 0.016
            event("move", 250 + 6 * step)
    t += 0.05
    event("up", 298 if touch % 2 == 0 else 250)
    t += 0.6
    touch += 1
json.dump({"events": events}, open(sys.argv[1], "w"))
TRACE
"$gesturec" simulate Examples/PhotoBrowser.gdl --scene Examples/Traces/PhotoBrowser.scene.json \
    --trace "$out/10k.json" --format html -o "$out/10k.html"
page "10,000 events" "$out/10k.html" --budget-ms 2000

exit "$failed"
