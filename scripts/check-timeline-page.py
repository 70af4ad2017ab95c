#!/usr/bin/env python3
"""Opens an HTML timeline of `gesturec simulate --format html` in headless Chromium and
checks what it shows (docs/pictures.md):

- it loads with no console message and no script error, and reports itself ready;
- it draws one lane per recognizer and view of the run, and lists each in its table;
- scrubbed to a time (the page's `#t=SECONDS`), every lane shows the state the run's
  data gives at that time: the last step at or before it;
- with --expect SECONDS:LANE=STATE, that lane shows that state at that time (reasoned
  by hand from the rules, not read off the page);
- with --budget-ms N, it has drawn within N ms of navigation.

Usage: check-timeline-page.py PAGE [--at SECONDS ...] [--expect SECONDS:LANE=STATE ...]
       [--budget-ms N] [--chromium PATH]
"""
import argparse
import html.parser
import json
import os
import re
import subprocess
import sys


class Dom(html.parser.HTMLParser):
    """The body's data attributes and the states table's rows."""

    def __init__(self):
        super().__init__()
        self.body = {}
        self.rows = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.body = attrs
        elif tag == "tr" and "data-lane" in attrs:
            self.rows.append((attrs["data-lane"], attrs.get("data-state")))


def run_data(page):
    text = open(page, encoding="utf-8").read()
    match = re.search(r'<script type="application/json" id="data">\n(.*?)\n</script>', text, re.S)
    if not match:
        sys.exit(f"{page}: no run data in the page")
    return json.loads(match.group(1))


def state_at(lane, time):
    state = lane["initial"]
    for step_time, step_state in lane["steps"]:
        if step_time <= time:
            state = step_state
        else:
            break
    return state


def open_page(chromium, page, time):
    address = "file://" + os.path.abspath(page) + (f"#t={time!r}" if time is not None else "")
    result = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
         "--window-size=1400,900", "--dump-dom", address],
        capture_output=True, text=True, timeout=120)
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    dom = Dom()
    dom.feed(result.stdout)
    return dom, console


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--at", type=float, action="append", default=[])
    parser.add_argument("--expect", action="append", default=[])
    parser.add_argument("--budget-ms", type=float)
    parser.add_argument("--chromium", default="chromium")
    arguments = parser.parse_args()

    data = run_data(arguments.page)
    lanes = data["lanes"]
    problems = []
    expectations = {}
    for expectation in arguments.expect:
        time, _, rest = expectation.partition(":")
        name, _, state = rest.partition("=")
        expectations.setdefault(float(time), []).append((name, state))
    times = sorted(set(arguments.at) | set(expectations)) or [data["start"] + (data["end"] - data["start"]) / 2]
    for time in times:
        dom, console = open_page(arguments.chromium, arguments.page, time)
        where = f"at {time} s"
        problems += [f"{where}: console: {line}" for line in console]
        if dom.body.get("data-ready") != "true":
            problems.append(f"{where}: the page did not report itself ready")
            continue
        if dom.body.get("data-errors"):
            problems.append(f"{where}: script errors: {dom.body['data-errors']}")
        if dom.body.get("data-lanes") != str(len(lanes)):
            problems.append(f"{where}: {dom.body.get('data-lanes')} lanes drawn, the run has {len(lanes)}")
        if [name for name, _ in dom.rows] != [lane["name"] for lane in lanes]:
            problems.append(f"{where}: the states table lists {[n for n, _ in dom.rows]}")
        shown = dict(dom.rows)
        for lane in lanes:
            expected = state_at(lane, time)
            if shown.get(lane["name"]) != expected:
                problems.append(f"{where}: {lane['name']} shows {shown.get(lane['name'])!r}, the run has {expected!r}")
        for name, state in expectations.get(time, []):
            if shown.get(name) != state:
                problems.append(f"{where}: {name} shows {shown.get(name)!r}, expected {state!r}")
        if arguments.budget_ms is not None:
            milliseconds = float(dom.body.get("data-render-ms", "inf"))
            print(f"        drawn in {milliseconds:.0f} ms ({len(lanes)} lanes, "
                  f"{sum(len(lane['marks']) for lane in lanes)} entries)")
            if milliseconds > arguments.budget_ms:
                problems.append(f"{where}: drawn in {milliseconds} ms, over {arguments.budget_ms} ms")
    for problem in problems:
        print(f"  {arguments.page}: {problem}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
