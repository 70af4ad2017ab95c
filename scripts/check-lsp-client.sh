#!/usr/bin/env bash
# One session of an LSP client that nobody here wrote, Neovim's built-in one, against
# `gesturec lsp` (docs/editors.md), installed by scripts/install.sh and started by the
# README's recipe (editors/nvim/gesturec.lua): it opens a spec with a misspelled kind, waits for
# the diagnostic, applies the quick fix, then asks for hover, go to definition,
# completion, document symbols, semantic tokens, rename and formatting, and checks the
# buffer and the answers (scripts/lsp-client-session.lua says what each must be).
#
# Installs Neovim by Debian package name when it is missing, so it runs alone on a
# fresh machine: scripts/check-lsp-client.sh. `.ci/run` runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvim >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends neovim
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# gesturec on the PATH the way the README says: one command, into a prefix of its own.
scripts/install.sh "$work/prefix" > "$work/install.log" || { cat "$work/install.log"; echo "FAILED  scripts/install.sh"; exit 1; }
export PATH="$work/prefix/bin:$PATH"
if [ "$(command -v gesturec)" = "$work/prefix/bin/gesturec" ] && gesturec --version >/dev/null; then
    echo "ok      scripts/install.sh put gesturec on the PATH"
else
    echo "FAILED  scripts/install.sh did not put gesturec on the PATH"
    exit 1
fi
cat > "$work/spec.gdl" <<'SPEC'
gestures Photos {
  view window { view photo }
  hook zoomAllowed = true
  /// Zooms in.
  recognizer zoom = tapp(taps: 2) on photo { shouldBegin: zoomAllowed }
  recognizer single = tap on photo
  single requires zoom to fail
}
SPEC

# The VS Code extension's script, which starts the same server: at least it must parse
# (running it needs VS Code and its language client from npm).
if command -v node >/dev/null; then
    node --check editors/vscode/extension.js && echo "ok      editors/vscode/extension.js parses"
fi

export SPEC="$work/spec.gdl"
if timeout 120 nvim --headless --clean -n -c "luafile scripts/lsp-client-session.lua" > "$work/nvim.log" 2>&1; then
    cat "$work/nvim.log"
    echo "ok      a Neovim $(nvim --version | head -1 | cut -d' ' -f2) session with gesturec lsp"
else
    cat "$work/nvim.log"
    echo "FAILED  the Neovim session with gesturec lsp (above)"
    exit 1
fi
