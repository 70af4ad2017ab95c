#!/usr/bin/env bash
# Builds gesturec in release mode and puts it on the PATH: scripts/install.sh [PREFIX]
# copies it to PREFIX/bin (default ~/.local/bin, which most shells put on the PATH;
# /usr/local with sudo for every user). Editors start `gesturec lsp` from the PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-$HOME/.local}"
swift build -c release --product gesturec
mkdir -p "$prefix/bin"
install -m 755 "$(swift build -c release --show-bin-path)/gesturec" "$prefix/bin/gesturec"
echo "installed $prefix/bin/gesturec"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
