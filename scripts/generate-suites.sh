#!/usr/bin/env bash
# Writes the examples' generated conformance suites from what `gesturec test --generate`
# writes now (docs/testing.md, "Generated conformance suites"):
#
#   scripts/generate-suites.sh           writes Examples/Generated,
#                                        Examples/PhotoApp/GestureTests and
#                                        Examples/Hello/GestureTests
#   scripts/generate-suites.sh --check   writes nothing; fails, naming each folder,
#                                        when one differs from what it would write
#                                        (a file changed, added or gone)
#
# `.ci/run` runs the check, so a checked-in suite is always the generator's: a change
# of the language, the engine or the explorer that changes a suite changes it in the
# same commit, where it is reviewed.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
[ "${1:-}" = "--check" ] && check=1
swift build --product gesturec >/dev/null
gesturec="$(swift build --show-bin-path)/gesturec"
# Each suite is written into a folder beside its own, at the same depth, so that its
# files name the spec by the same relative path (`spec ../PhotoBrowser.gdl`).
written=()
trap 'rm -rf "${written[@]}"' EXIT

failed=0
# suite FOLDER SPEC[:SET]...: FOLDER holds exactly the suites of the specs (and sets) named.
suite() {
    local folder="$1"
    shift
    local fresh
    fresh="$(dirname "$folder")/.$(basename "$folder").generated"
    written+=("$fresh")
    rm -rf "$fresh"
    for spec in "$@"; do
        local set=()
        case "$spec" in *:*) set=(--set "${spec#*:}") spec="${spec%%:*}" ;; esac
        "$gesturec" test --generate "$fresh" "$spec" "${set[@]}" >/dev/null
    done
    if [ "$check" -eq 1 ]; then
        if diff -r "$folder" "$fresh" >/dev/null; then
            echo "ok      $folder is what gesturec test --generate writes"
        else
            echo "FAILED  $folder differs from what gesturec test --generate writes: scripts/generate-suites.sh"
            diff -r "$folder" "$fresh" | head -40 || true
            failed=1
        fi
    else
        rm -rf "$folder"
        mv "$fresh" "$folder"
        echo "wrote   $folder"
    fi
}

suite Examples/Generated \
    Examples/BrowserPage.gdl:BrowserPage Examples/DotsDrawer.gdl Examples/PhotoBrowser.gdl Examples/Pieces.gdl \
    Examples/Sketchbook.gdl
suite Examples/PhotoApp/GestureTests Examples/PhotoApp/Sources/PhotoApp/Gestures/Gallery.gdl
suite Examples/Hello/GestureTests Examples/Hello/Sources/HelloPlugin/Gestures/Hello.gdl
exit "$failed"
