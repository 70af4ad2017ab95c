#!/usr/bin/env bash
# The project's Swift is formatted as .swift-format says: `swift format lint` (in the
# toolchain) over Sources, Tests, Benchmarks and Fuzz, strict, so that any finding fails.
# Generated files are left out: the golden Swift the emitter writes
# (Tests/GeneratedSets, the test targets' Golden folders) and the
# reference text made from the documents (Sources/GestureReference/ReferenceText.swift),
# which their tests compare byte for byte.
#
#   scripts/check-swift-format.sh          lint
#   scripts/check-swift-format.sh --fix    format the same files in place
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r file; do files+=("$file"); done < <(
    find Sources Tests Benchmarks Fuzz -name '*.swift' \
        -not -path 'Tests/GeneratedSets/*' \
        -not -path 'Tests/*/Golden/*' \
        -not -path 'Sources/GestureReference/ReferenceText.swift' \
        -not -path '*/.build/*' | sort)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
    exit 0
fi
if swift format lint --strict --configuration .swift-format "${files[@]}"; then
    echo "ok      ${#files[@]} Swift files formatted as .swift-format says"
else
    echo "FAILED  the findings above: scripts/check-swift-format.sh --fix formats the files"
    exit 1
fi
