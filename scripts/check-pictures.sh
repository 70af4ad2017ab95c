#!/usr/bin/env bash
# Draws every picture gesturec makes with the programs people view them with, so that
# broken output fails here rather than in a reader's viewer (docs/pictures.md).
#
#   graphs: every example set's and every kind's DOT through Graphviz (`dot -Tsvg`);
#           a warning from dot fails too.
#
# Installs what it needs by Debian package name when it is missing (graphviz), so it
# runs alone on a fresh machine: scripts/check-pictures.sh. `.ci/run` runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

install() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@"
}
command -v dot >/dev/null || install graphviz

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

exit "$failed"
