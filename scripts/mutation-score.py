#!/usr/bin/env python3
"""How many behaviour-changing mutants of the examples their generated suites catch.

    swift build -c release --product gesturec
    scripts/mutation-score.py [--gesturec PATH]

For each example spec: `gesturec test --generate` writes its suite; then the spec is
mutated one token or one line at a time (a constant doubled or halved, a failure
requirement, simultaneity group or prevention rule removed, a simultaneity added, a
kind swapped, a boolean flipped, a predicate removed, a direction turned or removed). A mutant that does not check is
skipped. `gesturec diff --fail-on-change` says whether it changes behaviour; the suite,
pointed at the mutant, runs with `gesturec test`: a failing suite kills it. Prints each
surviving behaviour-changing mutant and the score (docs/testing.md records it).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = [("PhotoBrowser.gdl", "PhotoBrowser"), ("DotsDrawer.gdl", "DotsDrawer"), ("Pieces.gdl", "Pieces"),
            ("BrowserPage.gdl", "BrowserPage")]
DIRECTIONS = {"horizontal": "vertical", "vertical": "horizontal", "left": "right", "right": "left", "up": "down",
              "down": "up"}
SWAPS = [("tap", "longPress"), ("longPress", "tap"), ("pan", "swipe"), ("pinch", "rotation"), ("rotation", "pinch"),
         ("screenEdgePan", "pan")]


def code_spans(text):
    """(start, end) of each line's code, comments left out."""
    offset = 0
    for line in text.splitlines(keepends=True):
        cut = line.find("//")
        yield offset, offset + (cut if cut >= 0 else len(line.rstrip("\n")))
        offset += len(line)


def mutants(text):
    """(description, mutated text) for every mutation of the spec's own code."""
    found = []
    lines = text.splitlines(keepends=True)
    for start, end in code_spans(text):
        code = text[start:end]
        for match in re.finditer(r"(?<![\w.])(\d+(?:\.\d+)?)(ms|s|pt|deg)?\b", code):
            value = float(match.group(1))
            for factor in (2, 0.5):
                new = value * factor
                number = str(int(new)) if new == int(new) else f"{new:g}"
                mutated = text[:start + match.start(1)] + number + text[start + match.end(1):]
                found.append((f"{code.strip()}: {match.group(0)} -> {number}{match.group(2) or ''}", mutated))
        for word in ("true", "false"):
            for match in re.finditer(rf"\b{word}\b", code):
                flipped = "false" if word == "true" else "true"
                mutated = text[:start + match.start()] + flipped + text[start + match.end():]
                found.append((f"{code.strip()}: {word} -> {flipped}", mutated))
        # A direction argument turned to the other axis or side, or removed (a row's
        # `pan(direction: horizontal)` made a plain `pan`).
        for match in re.finditer(r"(,\s*)?\b(direction|edges):\s*(\w+)(\s*,\s*)?", code):
            word = match.group(3)
            if word in DIRECTIONS:
                mutated = text[:start + match.start(3)] + DIRECTIONS[word] + text[start + match.end(3):]
                found.append((f"{code.strip()}: {word} -> {DIRECTIONS[word]}", mutated))
            # Removed with one of the commas around it, or with the parentheses when it
            # was the only argument.
            keep = ", " if match.group(1) and match.group(4) else ""
            removed = re.sub(r"\(\s*\)", "", code[:match.start()] + keep + code[match.end():])
            found.append((f"{code.strip()}: {match.group(2)}: {word} removed", text[:start] + removed + text[end:]))
        for old, new in SWAPS:
            for match in re.finditer(rf"=\s*{old}\b", code):
                mutated = text[:start + match.start()] + "= " + new + text[start + match.end():]
                found.append((f"{code.strip()}: {old} -> {new}", mutated))
    for index, line in enumerate(lines):
        code = line.split("//")[0].strip()
        if re.match(r"\w+ requires \w+ to fail$", code) or code.startswith("simultaneous ") \
                or re.match(r"\w+ cannot prevent \w+$", code) or re.match(r"\w+\.should\w+:", code):
            found.append((f"removed '{code}'", "".join(lines[:index] + lines[index + 1:])))
    recognizers = re.findall(r"^\s*recognizer (\w+) =", text, re.M)
    if len(recognizers) >= 2:
        closing = text.rstrip().rfind("}")
        first_set_end = text.find("\n}")
        at = first_set_end if first_set_end >= 0 else closing
        pair = f"  simultaneous {recognizers[0]}, {recognizers[1]}\n"
        found.append((f"added '{pair.strip()}'", text[:at + 1] + pair + text[at + 1:]))
    return found


def run(*arguments, cwd=ROOT):
    return subprocess.run(arguments, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True).returncode


def main():
    gesturec = os.path.join(ROOT, ".build/release/gesturec")
    if "--gesturec" in sys.argv:
        gesturec = sys.argv[sys.argv.index("--gesturec") + 1]
    work = tempfile.mkdtemp(prefix="gesturec-mutation-")
    changed = killed = equivalent = invalid = 0
    survivors = []
    try:
        for name, set_name in EXAMPLES:
            spec = os.path.join("Examples", name)
            suite = os.path.join(work, set_name)
            if run(gesturec, "test", "--generate", suite, spec, "--set", set_name) != 0:
                sys.exit(f"cannot generate the suite of {spec}")
            text = open(os.path.join(ROOT, spec), encoding="utf-8").read()
            # Beside the original, so its imports resolve; hidden, and removed after.
            mutant_path = os.path.join(ROOT, "Examples", f".mutant-{name}")
            pointed = os.path.join(work, set_name + "-mutant")
            for description, mutated in mutants(text):
                open(mutant_path, "w", encoding="utf-8").write(mutated)
                if run(gesturec, "check", mutant_path) != 0:
                    invalid += 1
                    continue
                if run(gesturec, "diff", spec, mutant_path, "--set", set_name, "--fail-on-change") == 0:
                    equivalent += 1
                    continue
                changed += 1
                shutil.rmtree(pointed, ignore_errors=True)
                os.makedirs(pointed)
                for file in os.listdir(suite):
                    body = open(os.path.join(suite, file), encoding="utf-8").read()
                    # Quoted as `--generate` quotes a path with spaces (docs/testing.md).
                    written = f'"{mutant_path}"' if re.search(r"[^\w/.+@~-]", mutant_path) else mutant_path
                    body = re.sub(r"^spec .*$", lambda _: f"spec {written}", body, count=1, flags=re.M)
                    open(os.path.join(pointed, file), "w", encoding="utf-8").write(body)
                if run(gesturec, "test", pointed) != 0:
                    killed += 1
                else:
                    survivors.append(f"{name}: {description}")
            os.remove(mutant_path)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        for name, _ in EXAMPLES:
            path = os.path.join(ROOT, "Examples", f".mutant-{name}")
            if os.path.exists(path):
                os.remove(path)
    for survivor in survivors:
        print(f"survived: {survivor}")
    total = changed + equivalent
    print(f"{total} mutants that check ({invalid} that do not, skipped): {changed} change behaviour "
          f"(gesturec diff), {equivalent} do not; the generated suites kill {killed} of {changed}"
          f" ({100 * killed / max(changed, 1):.0f} %)")
    return 0 if changed and killed * 10 >= changed * 9 else 1


if __name__ == "__main__":
    sys.exit(main())
