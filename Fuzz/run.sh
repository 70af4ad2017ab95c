#!/usr/bin/env bash
# Builds the libFuzzer target for the front end and runs it.
#
#   Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]     (default: 60 seconds)
#
# The libraries are compiled with coverage and AddressSanitizer into static archives,
# then linked with Fuzz/FuzzCheck.swift. The corpus starts from the examples and the
# prelude and grows in Fuzz/out/corpus; crashes are written to Fuzz/out/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
out=Fuzz/out
mkdir -p "$out/modules" "$out/corpus"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6)

build_module() {
    local name=$1
    shift
    swiftc "${flags[@]}" -module-name "$name" -I "$out/modules" \
        -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -emit-library -static -o "$out/modules/lib$name.a" \
        $(find "Sources/$name" -name '*.swift' | sort)
}

echo "building the fuzz target…"
build_module GestureRuntime
build_module GestureDSL
build_module GestureCompiler
swiftc "${flags[@]}" -I "$out/modules" -L "$out/modules" \
    -lGestureCompiler -lGestureDSL -lGestureRuntime \
    Fuzz/FuzzCheck.swift -o "$out/fuzz-check"

# Seed the corpus with every example, valid or not, and the prelude.
find Examples -name '*.gdl' -exec cp {} "$out/corpus/" \;
swift run -q gesturec prelude > "$out/corpus/prelude.gdl" 2>/dev/null || true

echo "fuzzing for $seconds seconds…"
"$out/fuzz-check" "$out/corpus" -max_total_time="$seconds" -max_len=65536 \
    -artifact_prefix="$out/" -print_final_stats=1 "$@"
