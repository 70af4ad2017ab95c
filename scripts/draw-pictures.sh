#!/usr/bin/env bash
# Draws the pictures of docs/ from what gesturec draws now, through Debian's Graphviz:
#
#   scripts/draw-pictures.sh           writes docs/pictures/*.svg
#   scripts/draw-pictures.sh --check   writes nothing; fails, naming each picture,
#                                      when one differs from what it would write
#
# `.ci/run` runs the check (through scripts/check-pictures.sh), so a picture in the
# docs is always the tool's. The timeline screenshot (docs/pictures/timeline.png) is
# taken by hand with headless Chromium (docs/pictures.md): a raster depends on the
# fonts of the machine, and is not compared.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
[ "${1:-}" = "--check" ] && check=1
command -v dot >/dev/null || {
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends graphviz
}
swift build --product gesturec >/dev/null
gesturec="$(swift build --show-bin-path)/gesturec"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# picture NAME ARGS...: docs/pictures/NAME.svg is `gesturec graph ARGS | dot -Tsvg`.
failed=0
picture() {
    local name="$1"
    shift
    "$gesturec" graph "$@" -o "$work/$name.dot"
    dot -Tsvg "$work/$name.dot" -o "$work/$name.svg"
    if [ "$check" -eq 1 ]; then
        if cmp -s "$work/$name.svg" "docs/pictures/$name.svg"; then
            echo "ok      docs/pictures/$name.svg is what gesturec draws"
        else
            echo "FAILED  docs/pictures/$name.svg differs from what gesturec draws: scripts/draw-pictures.sh"
            failed=1
        fi
    else
        cp "$work/$name.svg" "docs/pictures/$name.svg"
        echo "wrote   docs/pictures/$name.svg"
    fi
}

picture PhotoBrowser Examples/PhotoBrowser.gdl
picture BrowserPage Examples/BrowserPage.gdl --set BrowserPage
picture kind-tap --kind tap
picture kind-tapAndDrag Examples/Shared/OneFingerZoom.gdl --kind tapAndDrag
exit "$failed"
