#!/usr/bin/env bash
# The modules depend only downward: every `import` of a package module in a target's
# sources must name one of the dependencies Package.swift gives that target (SwiftPM
# lets a module see every module built before it, so a forbidden import would
# otherwise compile). GestureRuntime imports nothing, not even Foundation.
#
#   scripts/check-imports.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift package dump-package > .build-imports.json
trap 'rm -f .build-imports.json' EXIT
python3 - .build-imports.json <<'PY'
import json, os, re, sys

package = json.load(open(sys.argv[1]))
targets = {t["name"]: t for t in package["targets"]}
failed = False
for name, target in sorted(targets.items()):
    if target["type"] == "plugin":
        continue
    default = ("Tests/" if target["type"] == "test" else "Sources/") + name
    path = target.get("path") or default
    allowed = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                allowed.add(dependency[kind][0])
    for root, _, files in os.walk(path):
        if "/.build" in root:
            continue
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            source = os.path.join(root, file)
            for number, line in enumerate(open(source, encoding="utf-8"), 1):
                match = re.match(r"\s*(?:@testable\s+|@_exported\s+)?import\s+(?:\w+\s+)?(\w+)", line)
                if not match:
                    continue
                module = match.group(1)
                if name == "GestureRuntime":
                    print(f"{source}:{number}: GestureRuntime imports nothing, but imports {module}")
                    failed = True
                elif module in targets and module != name and module not in allowed:
                    print(f"{source}:{number}: {name} imports {module}, which is not among its dependencies "
                          f"in Package.swift ({', '.join(sorted(allowed)) or 'none'})")
                    failed = True
if failed:
    print("FAILED  an import breaks the modules' direction; change Package.swift only if the design changes")
    sys.exit(1)
print(f"ok      every import follows Package.swift ({len(targets)} targets)")
PY
