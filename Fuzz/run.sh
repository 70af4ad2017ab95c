#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a while.
#
#   Fuzz/run.sh [SECONDS] [TARGET...] [-- extra libFuzzer flags…]
#
# SECONDS per target (default 60). Targets (default: all):
#   check    the front end: lexer, parser, checker, lowering, emitters, the formatter
#   trace    the scene and trace reader, then the simulation of what it accepts
#   program  the binary and JSON program decoders, then an engine on what they accept
#   engine   the engine through its API, with its invariants checked after every call
#   lsp      the language server: message framing, then every request on an open document
#   test     the test file reader (*.gdltest), then the tests it accepts
#   host     GestureHost as a platform drives it, with its bookkeeping checked after every call
#   import   gesturec import's reader on Swift and Objective-C bytes; every draft must check
#
# The libraries are compiled with coverage (the engine's runtime with AddressSanitizer
# too, see below) into static archives (with the package name SwiftPM gives them,
# which `package` declarations need), then linked with Fuzz/Targets/<Target>.swift. Each corpus starts from the project's own
# inputs and grows in Fuzz/out/<target>/corpus; a crash is written to Fuzz/out/<target>/
# and fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
if [[ $# -gt 0 && "$1" =~ ^[0-9]+$ ]]; then seconds=$1; shift; fi
targets=()
while [[ $# -gt 0 && "$1" != "--" ]]; do targets+=("$1"); shift; done
[[ $# -gt 0 ]] && shift
[[ ${#targets[@]} -gt 0 ]] || targets=(check trace program engine lsp test host import)

out=Fuzz/out
mkdir -p "$out/modules"
# Coverage for every target. AddressSanitizer for the code that holds unchecked
# memory: the engine (the runtime) and, in the fuzz build only, the targets' own
# code. The front end (GestureDSL, GestureCompiler) and the tools above it are safe Swift but for two types:
# `TextBuffer`, whose writes all get their place from one function that grows the
# storage first, and `ChunkedRows` (the expression tree's storage), whose every read
# and write is checked against its count; so it is built without the sanitizer;
# and the check target, which never runs the engine, is linked against a runtime
# without it too: the sanitizer's allocator halved that target's speed.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name gesturec)
plain_flags=(-sanitize=fuzzer -parse-as-library -O -g -swift-version 6 -package-name gesturec)

# The linker warns about every sanitizer symbol it cannot export; the log is shown
# only when a build fails.
quietly() {
    "$@" > "$out/build.log" 2>&1 || { grep -v 'Cannot export local symbol' "$out/build.log" >&2; return 1; }
}

# build_module NAME DIRECTORY FLAGS...: a static library and its module in DIRECTORY.
build_module() {
    local name=$1 directory=$2
    shift 2
    mkdir -p "$directory"
    quietly swiftc "$@" -module-name "$name" -I "$out/modules" \
        -emit-module -emit-module-path "$directory/$name.swiftmodule" \
        -emit-library -static -o "$directory/lib$name.a" \
        $(find "Sources/$name" -name '*.swift' | sort)
}

echo "building the fuzz targets…"
build_module GestureRuntime "$out/modules" "${flags[@]}"
build_module GestureHost "$out/modules" "${flags[@]}"
build_module GestureDSL "$out/modules" "${plain_flags[@]}"
# The compiler and the tool modules above it, in their dependency order (Package.swift).
for module in GestureCompiler GestureSimulation GestureAnalysis GestureReference GestureLanguageService GestureImport; do
    build_module "$module" "$out/modules" "${plain_flags[@]}"
done
# The same runtime without the sanitizer, for the check target (found first on its
# library path; the front end's libraries are the ones above).
[[ " ${targets[*]} " == *" check "* || " ${targets[*]} " == *" lsp "* || " ${targets[*]} " == *" import "* ]] \
    && build_module GestureRuntime "$out/plain" "${plain_flags[@]}"
for target in "${targets[@]}"; do
    case "$target" in
        check) source=FuzzCheck.swift ;;
        trace) source=FuzzTrace.swift ;;
        program) source=FuzzProgram.swift ;;
        engine) source=FuzzEngine.swift ;;
        lsp) source=FuzzLSP.swift ;;
        test) source=FuzzGestureTest.swift ;;
        host) source=FuzzHost.swift ;;
        import) source=FuzzImport.swift ;;
        *) echo "unknown fuzz target '$target' (check, trace, program, engine, lsp, test, host, import)" >&2; exit 2 ;;
    esac
    support=()
    [[ "$target" == trace || "$target" == engine || "$target" == test || "$target" == host ]] && support=(Fuzz/Targets/FuzzSupport.swift)
    target_flags=("${flags[@]}") libraries=(-L "$out/modules")
    [[ "$target" == check || "$target" == lsp || "$target" == import ]] \
        && target_flags=("${plain_flags[@]}") libraries=(-L "$out/plain" -L "$out/modules")
    quietly swiftc "${target_flags[@]}" -module-name "Fuzz_$target" -I "$out/modules" "${libraries[@]}" \
        -lGestureImport -lGestureLanguageService -lGestureReference -lGestureAnalysis -lGestureSimulation \
        -lGestureCompiler -lGestureDSL -lGestureHost -lGestureRuntime \
        "Fuzz/Targets/$source" "${support[@]}" -o "$out/fuzz-$target"
done

# Seeds: the project's own inputs of each kind.
seed() {
    local target=$1 corpus="$out/$1/corpus"
    mkdir -p "$corpus"
    case "$target" in
        check)
            find Examples Tests/Scenarios -name '*.gdl' -not -path '*/.build/*' -exec cp {} "$corpus/" \;
            swift run -q gesturec prelude > "$corpus/prelude.gdl" 2>/dev/null || true
            # Long chains and deep nesting, which mutation alone grows slowly.
            {
                printf 'gestures C {\n  view w\n  hook h\n  recognizer t = tap on w { shouldBegin: h'
                for _ in $(seq 2000); do printf ' && h'; done
                printf ' }\n}\n'
            } > "$corpus/chain-and.gdl"
            {
                printf 'gestures C {\n  view w\n  recognizer t = tap(taps: 1'
                for _ in $(seq 2000); do printf ' + 1'; done
                printf ') on w\n}\n'
            } > "$corpus/chain-plus.gdl"
            {
                printf 'gestures C {\n  view w\n  recognizer t = tap(taps: '
                for _ in $(seq 70); do printf '('; done
                printf '1'
                for _ in $(seq 70); do printf ')'; done
                printf ') on w\n}\n'
            } > "$corpus/nesting.gdl" ;;
        trace)
            cp Examples/Traces/*.trace "$corpus/"
            # A recording: hit views and what the app's recognizers did (docs/recording.md).
            printf '%s\n' 'view w: window [0 0 400 800]' 'view s: scroller in w [0 0 400 700]' \
                'view p: photo in s [50 100 300 400]' '0 down 1 at (100, 200) on p' '0.08 up 1 at (100, 200)' \
                '0.43 saw single on p recognized' '1 down 2 at (10, 650) on s' '1.05 move 2 at (10, 630)' \
                '1.05 saw drag on s began' '1.1 up 2 at (10, 630)' '1.1 saw drag on s ended' > "$corpus/recording.trace"
            for scenario in Tests/Scenarios/*/; do
                cp "$scenario/trace.json" "$corpus/$(basename "$scenario").json"
            done
            # A scene that changes under the fingers, over the fuzz spec's roles.
            printf '%s\n' 'view w: window [0 0 400 800]' 'view s: scroller in w [0 0 400 700]' \
                'view p: photo in s [50 100 300 400]' 'view b: badge in p [10 10 60 60]' \
                '0 down 1 at (100, 200)' '0.1 scroll s to (0, 50)' '0.2 frame p [0 0 400 400]' \
                '0.3 move 1 at (100, 260)' '0.4 remove p' '0.5 add q: photo in s [0 0 100 100]' \
                '0.6 up 1 at (100, 260)' > "$corpus/living-scene.trace"
            # Scenes on devices: the system's gestures around the app, a profile inline,
            # and a profile alone (the device reader reads every input too).
            printf '%s\n' 'device iphone-14' 'view w: window [0 0 390 844]' 'view p: photo in w [0 700 390 144]' \
                '0 down 1 at (200, 830)' '0.05 move 1 at (200, 800)' '0.1 up 1 at (200, 800)' \
                '1 down 2 at (100, 835)' '1.05 move 2 at (130, 833)' '1.5 down 3 at (10, 400)' '2.8 up 2 at (130, 833); up 3 at (10, 400)' \
                > "$corpus/home-swipe.trace"
            printf '%s\n' 'device pixel-7' 'view w: window [0 0 412 915]' '0 down 1 at (10, 400)' '0.05 move 1 at (40, 400)' \
                '0.1 up 1 at (40, 400)' '1 down 2 at (400, 500)' '1.6 up 2 at (400, 500)' > "$corpus/back-swipe.trace"
            printf '%s' '{"device": {"name": "d", "platform": "android", "window": [400, 800], "exclusionLimit": 200,' \
                ' "systemGestures": [{"name": "back", "edge": "left", "depth": 30, "span": [0.1, 0.9], "distance": 12, "hold": 0.5,' \
                ' "excludable": true, "navigatesBack": true}]}, "views": [{"id": "w", "role": "window", "frame": [0, 0, 400, 800]}],' \
                ' "events": [{"t": 0, "touches": [{"id": 1, "phase": "down", "x": 5, "y": 300}]},' \
                ' {"t": 0.1, "touches": [{"id": 1, "phase": "move", "x": 60, "y": 300}]}]}' > "$corpus/inline-device.json"
            { swift run -q gesturec explain pixel-7 2>/dev/null || true; } | tail -n +3 > "$corpus/pixel-7.json" ;;
        test)
            cp Examples/*.gdltest "$corpus/"
            # A file with its scene inline, over the fuzz spec's roles, and every form.
            printf '%s\n' 'view w: window [0 0 400 800]' 'view s: scroller in w [0 0 400 800]' 'view p: photo in s [0 100 400 400]' \
                'test "a tap"' '0 down 1 at (100, 200)' '0.05 up 1 at (100, 200)' 'until 1' \
                'expect single recognized at 0.4 ± 5ms with location (100, 200)' 'expect never drag began' \
                'expect p receives ended' 'expect never w receives cancelled' \
                'expect single recognized within 400ms after up 1' 'expect single held by double' > "$corpus/every-form.gdltest" ;;
        program)
            for spec in Examples/PhotoBrowser.gdl Examples/DotsDrawer.gdl Examples/Pieces.gdl; do
                swift run -q gesturec build --emit binary -o "$corpus/$(basename "$spec").gdlb" "$spec" 2>/dev/null || true
                swift run -q gesturec build --emit json -o "$corpus/$(basename "$spec").json" "$spec" 2>/dev/null || true
            done ;;
        engine)
            # Its findings, fixed, replayed by every run.
            cp Fuzz/Findings/engine-* "$corpus/"
            # Touches landing, moving in steps, lifting; then two at once.
            printf '\x00\x04\x01\x00\x40\x40\x00\x04\x01\x01\x44\x40\x00\x04\x01\x01\x60\x40\x00\x04\x01\x02\x60\x40\x04\x60' > "$corpus/drag"
            printf '\x08\x04\x01\x00\x40\x40\x02\x00\x80\x40\x08\x04\x01\x01\x30\x40\x02\x01\x90\x40\x08\x04\x01\x02\x30\x40\x02\x02\x90\x40' > "$corpus/pinch" ;;
        host)
            # A window, a scroller and a photo registered; a finger lands on the photo,
            # drags, lifts; time passes; the photo's key is used again for a new finger.
            printf '\x00\x00\x00\x10\x00\x00\x64\xc8\x00\x01\x01\x00\x00\x00\x64\xc8\x00\x02\x02\x01\x00\x19\x64\x64' > "$corpus/views"
            printf '\x04\x00\x01\x00\x02\x19\x32\x05\x00\x01\x04\x00\x01\x01\xff\x1e\x32\x02\x00\x01\x04\x00\x01\x03\xff\x1e\x32\x02\x00\x01\x06\x64' >> "$corpus/views"
            printf '\x04\x01\x01\x00\x02\x19\x32\x01\x02\x00\x02\x19\x33\x05\x00\x00\x02\x02\x07\x00' >> "$corpus/views" ;;
        import)
            # The examples written for import, in both languages, and its findings, fixed.
            cp Examples/Import/*.swift Examples/Import/*.m Fuzz/Findings/import-* "$corpus/" ;;
        lsp)
            # One request of each kind the server answers, framed; then shutdown and exit.
            frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
            position='"textDocument":{"uri":"file:///f.gdl"},"position":{"line":3,"character":22}'
            {
                printf '\x07'
                for method in hover definition references documentHighlight completion documentSymbol semanticTokens/full formatting codeAction; do
                    frame "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/$method\",\"params\":{$position,\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":9,\"character\":0}}}}"
                done
                frame "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"textDocument/rename\",\"params\":{$position,\"newName\":\"x\"}}"
                frame '{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///f.gdl","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":6}},"text":"vew"}]}}'
                frame '{"jsonrpc":"2.0","id":4,"method":"shutdown"}'
                frame '{"jsonrpc":"2.0","method":"exit"}'
            } > "$corpus/session" ;;
    esac
}

# A crash is libFuzzer's to report: the Swift runtime's own backtracer, which would
# also start, can stall on a sanitized process's large stack.
export SWIFT_BACKTRACE=enable=no

# Leak checking is off, in libFuzzer and at exit: the Swift runtime's caches, which
# live as long as the process, read as leaks. AddressSanitizer does not record the
# stack of every allocation (`malloc_context_size=0`), a third of the check target's
# time: a report still shows where the bad access was; to see where the memory was
# allocated and freed, replay the input with ASAN_OPTIONS=malloc_context_size=30.
export ASAN_OPTIONS="detect_leaks=0:malloc_context_size=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

status=0
for target in "${targets[@]}"; do
    seed "$target"
    extra=(-max_len=4096 -detect_leaks=0)
    if [[ "$target" == check ]]; then
        # The language's words, and room for long inputs: the seeds hold long chains
        # and deep nesting, which mutation keeps and varies.
        extra=(-max_len=65536 -dict=Fuzz/check.dict -detect_leaks=0)
    fi
    echo "fuzzing $target for $seconds seconds…"
    "$out/fuzz-$target" "$out/$target/corpus" -max_total_time="$seconds" "${extra[@]}" \
        -artifact_prefix="$out/$target/" -print_final_stats=1 "$@" 2>&1 | tail -n 12 || status=1
done
exit "$status"
