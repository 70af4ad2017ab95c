#!/usr/bin/env bash
# Type-checks the UIKit and SwiftUI adapters of GestureHost (Sources/GestureHost/UIKit,
# Sources/GestureHost/SwiftUI) on a machine without those frameworks: against
# StandIns/, modules named UIKit and SwiftUI that declare exactly the members the
# adapters use, as Apple's documentation gives them. A wrong signature, or a member
# the stand-ins do not declare, fails here. It checks types only: how the adapters
# behave on a device is not known until one runs them (README, "Status").
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target GestureRuntime > /dev/null
modules="$(swift build --show-bin-path)/Modules"
[ -f "$modules/GestureRuntime.swiftmodule" ] || modules="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swiftc -swift-version 6 -parse-as-library -emit-module -module-name UIKit \
    -emit-module-path "$work/UIKit.swiftmodule" StandIns/UIKit/*.swift
swiftc -swift-version 6 -parse-as-library -emit-module -module-name SwiftUI -I "$work" \
    -emit-module-path "$work/SwiftUI.swiftmodule" StandIns/SwiftUI/*.swift

# The whole target, so the adapters see the core as they do in the package, with a
# file that stops the check if the stand-ins were not seen as UIKit and SwiftUI (the
# adapters' `#if canImport` would then leave them out, and nothing would be checked).
cat > "$work/Probe.swift" <<'SWIFT'
#if !canImport(UIKit) || !canImport(SwiftUI)
#error("the stand-ins were not seen as UIKit and SwiftUI: the adapters were not checked")
#endif
SWIFT
# The core uses the runtime's `package` members: SwiftPM names the package after the
# root folder, lowercased, with what is not a letter, digit or `_` made `_` (a
# worktree `wt-rec` is package `wt_rec`).
package="$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9_]/_/g')"
sources=("$work/Probe.swift")
while IFS= read -r file; do sources+=("$file"); done < <(find Sources/GestureHost -name '*.swift' | sort)
swiftc -swift-version 6 -parse-as-library -emit-module -module-name GestureHost -package-name "$package" \
    -I "$work" -I "$modules" -emit-module-path "$work/GestureHost.swiftmodule" -warnings-as-errors "${sources[@]}"
echo "ok      the UIKit and SwiftUI adapters type-check against StandIns/"

# Examples/PhotoApp's iOS view, over the adapter, with the Swift its spec compiles to
# (what the build plugin writes).
swift build --product gesturec > /dev/null
"$(swift build --show-bin-path)/gesturec" build --emit swift -o "$work/Gallery.swift" \
    Examples/PhotoApp/Sources/PhotoApp/Gestures/Gallery.gdl
app=("$work/Probe.swift" "$work/Gallery.swift")
while IFS= read -r file; do app+=("$file"); done < <(find Examples/PhotoApp/Sources -name '*.swift' | sort)
swiftc -swift-version 6 -parse-as-library -typecheck -module-name PhotoApp -I "$work" -I "$modules" \
    -warnings-as-errors "${app[@]}"
echo "ok      Examples/PhotoApp's iOS view type-checks against StandIns/"
