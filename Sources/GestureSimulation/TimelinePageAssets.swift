import GestureCompiler

/// The styles, markup and script of the HTML timeline (`TimelinePage`), inline so the
/// page needs nothing but itself. The script reads the run from the JSON in the page,
/// draws the lanes on a canvas (one drawing, not one element per entry, so a run of
/// tens of thousands of entries opens at once), and answers the scrubber by looking
/// states up by binary search, as `TimelineLanes.Lane.state(at:)` does.
///
/// For tests and tools, the page reports on its body: `data-ready`, `data-lanes` (the
/// lanes drawn), `data-render-ms` (from navigation to the first drawing done),
/// `data-time` (the scrubber's time) and `data-errors` (any script error); each row
/// of the states table carries `data-lane` and `data-state`. `#t=SECONDS` in the
/// address sets the scrubber when the page opens, and `#t=SECONDS&span=SECONDS` also
/// zooms to that much of the run around it.
enum TimelinePageAssets {
    static let style = #"""
        :root { color-scheme: light; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d232b; }
        body { margin: 0; background: #f4f6f9; }
        header { padding: 12px 20px 8px; background: #fff; border-bottom: 1px solid #dde3ea; position: sticky; top: 0; z-index: 2; }
        h1 { font-size: 17px; margin: 0 0 6px; }
        h2 { font-size: 13px; margin: 0 0 8px; color: #4a5563; text-transform: uppercase; letter-spacing: .04em; }
        .controls { display: flex; align-items: center; gap: 10px; }
        #scrubber { flex: 1; }
        .zoom button { font: inherit; min-width: 2.2em; margin-left: 2px; border: 1px solid #c9d1da; background: #fff; border-radius: 4px; cursor: pointer; }
        output { font-variant-numeric: tabular-nums; min-width: 7em; text-align: right; }
        .legend { margin: 6px 0 0; display: flex; flex-wrap: wrap; gap: 12px; color: #4a5563; }
        .legend span::before { content: ""; display: inline-block; width: 12px; height: 10px; margin-right: 4px; border-radius: 2px; background: var(--swatch); vertical-align: -1px; }
        main { display: grid; grid-template-columns: minmax(240px, 360px) minmax(260px, 1fr) minmax(240px, 1fr); gap: 12px; padding: 12px 20px; }
        section { background: #fff; border: 1px solid #dde3ea; border-radius: 8px; padding: 10px 12px; min-width: 0; }
        #scene { display: block; max-width: 100%; }
        table { border-collapse: collapse; width: 100%; }
        td { padding: 2px 6px; border-bottom: 1px solid #eef1f4; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 18em; }
        td.state::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 6px; border-radius: 2px; background: var(--swatch, transparent); border: 1px solid #c9d1da; vertical-align: -1px; }
        #detail { white-space: pre-wrap; font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: 12px; }
        .lanes { margin: 12px 20px 0; padding: 0; overflow-x: auto; }
        #laneBox { position: relative; }
        #lanes, #overlay { display: block; }
        #overlay { position: absolute; left: 0; top: 0; cursor: crosshair; }
        #tooltip { position: fixed; z-index: 3; pointer-events: none; max-width: 480px; background: #1d232b; color: #fff; padding: 6px 8px; border-radius: 6px; font-size: 12px; white-space: pre-wrap; }
        """#

    static let body = #"""
        <header>
          <h1 id="title"></h1>
          <div class="controls">
            <label for="scrubber">Time</label>
            <input type="range" id="scrubber" step="any">
            <output id="now" for="scrubber"></output>
            <span class="zoom"><button id="zoomIn" title="Show less time, around the time chosen">+</button><button id="zoomOut" title="Show more time">−</button><button id="zoomAll" title="Show the whole run">all</button></span>
          </div>
          <p class="legend">
            <span style="--swatch:#e9edf2">possible</span><span style="--swatch:#f6c453">held</span>
            <span style="--swatch:#5b8def">began / changed</span><span style="--swatch:#2e9e58">recognized / ended</span>
            <span style="--swatch:#d9534f">failed</span><span style="--swatch:#e8893a">cancelled</span>
            <span style="--swatch:#4fb3a9">touches down on a view</span>
            <span>◆ decision · ● action · | touch phase received</span>
          </p>
        </header>
        <section class="lanes"><div id="laneBox"><canvas id="lanes"></canvas><canvas id="overlay"></canvas></div></section>
        <main>
          <section><h2>Scene</h2><canvas id="scene"></canvas></section>
          <section><h2>States at <span id="at"></span></h2><table id="states"><tbody></tbody></table></section>
          <section><h2>Entry</h2><div id="detail">Point at a mark in the lanes to read its entry; click to move the time there.</div></section>
        </main>
        <div id="tooltip" hidden></div>

        """#

    static let script = #"""
        "use strict";
        (function () {
          var body = document.body;
          var errors = [];
          window.addEventListener("error", function (event) {
            errors.push(String(event.message));
            body.dataset.errors = errors.join("\n");
          });

          var data = JSON.parse(document.getElementById("data").textContent);
          var lanes = data.lanes;
          // The time shown by the lanes: the whole run, or a part when zoomed in.
          var viewStart = data.start, viewEnd = data.end > data.start ? data.end : data.start + 1;
          var rowHeight = 22, axisHeight = 28, labelWidth = 210, rightPad = 18;
          var colors = {
            possible: "#e9edf2", held: "#f6c453", began: "#5b8def", changed: "#5b8def",
            recognized: "#2e9e58", ended: "#2e9e58", failed: "#d9534f", cancelled: "#e8893a"
          };
          var touchColors = ["#2f6fde", "#d2462e", "#1f9d6b", "#a34fd6", "#d48b0b", "#0f8ca8"];

          function stateColor(state) {
            if (state.indexOf("touches") === 0) return "#4fb3a9";
            return colors.hasOwnProperty(state) ? colors[state] : null;
          }
          function format(t) { return t.toFixed(3) + " s"; }

          // The index of the first entry (a step or a mark: [time, …]) after t, or at
          // or after it when `atOrAfter`, by binary search.
          function search(entries, t, atOrAfter) {
            var low = 0, high = entries.length;
            while (low < high) {
              var middle = (low + high) >> 1;
              if (atOrAfter ? entries[middle][0] < t : entries[middle][0] <= t) low = middle + 1; else high = middle;
            }
            return low;
          }
          function firstStep(lane, t) { return search(lane.steps, t, false); }
          function firstMark(lane, t) { return search(lane.marks, t, true); }

          // The state in force at t: that of the last step at or before it.
          function stateAt(lane, t) {
            var after = firstStep(lane, t);
            return after === 0 ? lane.initial : lane.steps[after - 1][1];
          }

          // ---- Lanes ----
          var box = document.getElementById("laneBox");
          var laneCanvas = document.getElementById("lanes");
          var overlay = document.getElementById("overlay");
          var width = 0;
          var height = axisHeight + lanes.length * rowHeight + 8;
          function plotWidth() { return width - labelWidth - rightPad; }
          function xOf(t) { return labelWidth + (t - viewStart) / (viewEnd - viewStart) * plotWidth(); }
          function timeAt(x) { return viewStart + (x - labelWidth) / plotWidth() * (viewEnd - viewStart); }
          // A canvas sized in CSS pixels and drawn at the screen's resolution.
          function prepare(canvas, w, h) {
            var ratio = window.devicePixelRatio || 1;
            canvas.width = Math.round(w * ratio);
            canvas.height = Math.round(h * ratio);
            canvas.style.width = w + "px";
            canvas.style.height = h + "px";
            var context = canvas.getContext("2d");
            context.setTransform(ratio, 0, 0, ratio, 0, 0);
            return context;
          }
          function tickStep() {
            var rough = (viewEnd - viewStart) / Math.max(1, plotWidth() / 90);
            var power = Math.pow(10, Math.floor(Math.log10(rough)));
            var steps = [1, 2, 5, 10];
            for (var i = 0; i < steps.length; i++) if (steps[i] * power >= rough) return steps[i] * power;
            return 10 * power;
          }
          function drawMark(c, type, x, top) {
            if (type === "decision") {
              c.fillStyle = "#1d232b";
              c.beginPath();
              c.moveTo(x, top + 2); c.lineTo(x + 4, top + 6); c.lineTo(x, top + 10); c.lineTo(x - 4, top + 6);
              c.closePath(); c.fill();
            } else if (type === "action") {
              c.fillStyle = "#1d232b";
              c.beginPath(); c.arc(x, top + rowHeight / 2 + 2, 3.5, 0, 2 * Math.PI); c.fill();
            } else {
              c.fillStyle = "#2a6f68";
              c.fillRect(x - 1, top + rowHeight - 9, 2, 7);
            }
          }
          function drawLanes() {
            width = Math.max(720, box.parentElement.clientWidth);
            var c = prepare(laneCanvas, width, height);
            c.font = "12px system-ui, sans-serif";
            c.textBaseline = "middle";
            c.fillStyle = "#ffffff";
            c.fillRect(0, 0, width, height);
            // The time axis.
            var step = tickStep();
            c.strokeStyle = "#e3e8ee";
            c.fillStyle = "#4a5563";
            for (var tick = Math.ceil(viewStart / step) * step, n = 0; tick <= viewEnd + step * 1e-9 && n < 1000; tick += step, n++) {
              var tx = Math.round(xOf(tick)) + 0.5;
              c.beginPath(); c.moveTo(tx, axisHeight - 6); c.lineTo(tx, height); c.stroke();
              var tickLabel = tick.toFixed(step < 0.01 ? 3 : step < 0.1 ? 2 : step < 1 ? 1 : 0) + " s";
              if (tx + 3 + c.measureText(tickLabel).width <= width) c.fillText(tickLabel, tx + 3, 12);
            }
            for (var i = 0; i < lanes.length; i++) {
              var lane = lanes[i];
              var top = axisHeight + i * rowHeight;
              c.fillStyle = i % 2 ? "rgba(244,246,249,0.7)" : "rgba(255,255,255,0)";
              c.fillRect(0, top, width, rowHeight);
              c.save();
              c.beginPath(); c.rect(labelWidth - 6, top, plotWidth() + rightPad, rowHeight); c.clip();
              // The states, as bars, from the one in force where the view starts.
              var first = firstStep(lane, viewStart);
              var state = first === 0 ? lane.initial : lane.steps[first - 1][1], from = viewStart;
              for (var s = first; s <= lane.steps.length; s++) {
                var to = s < lane.steps.length ? Math.min(lane.steps[s][0], viewEnd) : data.end;
                var color = stateColor(state);
                if (color) {
                  c.fillStyle = color;
                  c.fillRect(xOf(from), top + 6, Math.max(1.5, xOf(to) - xOf(from)), rowHeight - 12);
                }
                if (s === lane.steps.length || lane.steps[s][0] > viewEnd) break;
                state = lane.steps[s][1]; from = to;
              }
              // The entries in view, as marks: one per pixel and type.
              var lastX = -1, lastType = "";
              for (var m = firstMark(lane, viewStart); m < lane.marks.length && lane.marks[m][0] <= viewEnd; m++) {
                var mark = lane.marks[m];
                var mx = Math.round(xOf(mark[0]));
                if (mx === lastX && mark[1] === lastType) continue;
                lastX = mx; lastType = mark[1];
                drawMark(c, mark[1], mx, top);
              }
              c.restore();
              // The name, over a plate so that bars never hide it.
              c.fillStyle = "#ffffff";
              c.fillRect(0, top, labelWidth - 6, rowHeight);
              c.fillStyle = lane.subject === "view" ? "#2a6f68" : "#1d232b";
              var label = lane.name.length > 30 ? lane.name.slice(0, 29) + "…" : lane.name;
              c.fillText((lane.subject === "view" ? "▭ " : "") + label, 8, top + rowHeight / 2);
            }
          }

          // ---- Scene ----
          var sceneCanvas = document.getElementById("scene");
          var extentX = 1, extentY = 1;
          // A view: [id, x, y, width, height, appears (null: from the start),
          // [[time, x, y, width, height] or [time] once removed, …]].
          data.views.forEach(function (v) {
            [v.slice(1, 5)].concat(v[6].filter(function (p) { return p.length === 5; }).map(function (p) { return p.slice(1); }))
              .forEach(function (r) { extentX = Math.max(extentX, r[0] + r[2]); extentY = Math.max(extentY, r[1] + r[3]); });
          });
          // Where a view is at time t, or null when it is not in the scene then.
          function placement(v, t) {
            if (v[5] !== null && t < v[5]) return null;
            var r = v.slice(1, 5);
            v[6].forEach(function (p) { if (p[0] <= t) r = p.length === 5 ? p.slice(1) : null; });
            return r;
          }
          data.touches.forEach(function (touch) {
            touch[1].forEach(function (p) { extentX = Math.max(extentX, p[1]); extentY = Math.max(extentY, p[2]); });
          });
          var sceneWidth = 320, scale = sceneWidth / extentX;
          var sceneHeight = Math.min(360, Math.max(120, extentY * scale));
          scale = Math.min(scale, sceneHeight / extentY);
          function drawScene(t) {
            var c = prepare(sceneCanvas, sceneWidth, sceneHeight);
            c.font = "11px system-ui, sans-serif";
            c.textBaseline = "top";
            // Views that share a corner get their names one under the other.
            var labelled = {};
            // Each view where it is at the time chosen: moved, scrolled, added or gone.
            data.views.forEach(function (v, i) {
              var r = placement(v, t);
              if (r === null) return;
              c.fillStyle = "rgba(91,141,239," + (0.04 + 0.03 * (i % 4)) + ")";
              c.fillRect(r[0] * scale, r[1] * scale, r[2] * scale, r[3] * scale);
              c.strokeStyle = "#8796a8";
              c.strokeRect(r[0] * scale + 0.5, r[1] * scale + 0.5, Math.max(0, r[2] * scale - 1), Math.max(0, r[3] * scale - 1));
              var corner = Math.round(r[0] * scale) + "," + Math.round(r[1] * scale);
              var below = labelled[corner] || 0;
              labelled[corner] = below + 1;
              c.fillStyle = "#4a5563";
              c.fillText(v[0], r[0] * scale + 3, r[1] * scale + 2 + 12 * below);
            });
            // The touches of the time the lanes show; the path so far is in colour, and
            // a finger down at the time chosen is a dot with its id.
            data.touches.forEach(function (touch, index) {
              var points = touch[1];
              if (points.length === 0 || points[0][0] > viewEnd || (touch[2] && points[points.length - 1][0] < viewStart)) return;
              var color = touchColors[index % touchColors.length];
              c.lineWidth = 2;
              c.strokeStyle = "rgba(120,130,145,0.35)";
              c.beginPath();
              points.forEach(function (p, i) { if (i === 0) c.moveTo(p[1] * scale, p[2] * scale); else c.lineTo(p[1] * scale, p[2] * scale); });
              c.stroke();
              // The path so far, and the finger where it is now.
              var upTo = -1;
              for (var i = 0; i < points.length && points[i][0] <= t; i++) upTo = i;
              if (upTo < 0) return;
              c.strokeStyle = color;
              c.beginPath();
              for (var j = 0; j <= upTo; j++) {
                if (j === 0) c.moveTo(points[j][1] * scale, points[j][2] * scale); else c.lineTo(points[j][1] * scale, points[j][2] * scale);
              }
              c.stroke();
              c.lineWidth = 1;
              if (upTo === points.length - 1 && touch[2]) return;
              var last = points[upTo];
              c.fillStyle = color;
              c.beginPath(); c.arc(last[1] * scale, last[2] * scale, 6, 0, 2 * Math.PI); c.fill();
              c.fillStyle = "#1d232b";
              c.fillText(String(touch[0]), last[1] * scale + 8, last[2] * scale - 6);
            });
          }

          // ---- Time ----
          var scrubber = document.getElementById("scrubber");
          var now = document.getElementById("now");
          var at = document.getElementById("at");
          var rows = document.querySelector("#states tbody");
          var cells = lanes.map(function (lane) {
            var row = document.createElement("tr");
            row.dataset.lane = lane.name;
            var name = document.createElement("td");
            name.textContent = lane.name;
            var state = document.createElement("td");
            state.className = "state";
            row.appendChild(name);
            row.appendChild(state);
            rows.appendChild(row);
            return { row: row, state: state };
          });
          var time = data.start;
          function drawOverlay() {
            var c = prepare(overlay, width, height);
            var x = Math.round(xOf(time)) + 0.5;
            c.strokeStyle = "#c0392b";
            c.lineWidth = 1.5;
            c.beginPath(); c.moveTo(x, axisHeight - 8); c.lineTo(x, height); c.stroke();
          }
          function setTime(t) {
            time = Math.min(data.end, Math.max(data.start, t));
            if (time < viewStart || time > viewEnd) showAround(time, viewEnd - viewStart);
            scrubber.value = String(time);
            now.textContent = format(time);
            at.textContent = format(time);
            body.dataset.time = String(time);
            lanes.forEach(function (lane, i) {
              var state = stateAt(lane, time);
              cells[i].row.dataset.state = state;
              cells[i].state.textContent = state;
              cells[i].state.style.setProperty("--swatch", stateColor(state) || "transparent");
            });
            drawScene(time);
            drawOverlay();
          }
          // Zooming keeps the time chosen in view.
          function showAround(t, length) {
            var whole = Math.max(data.end - data.start, 1e-3);
            length = Math.min(whole, Math.max(1e-3, length));
            viewStart = Math.min(Math.max(data.start, t - length / 2), data.start + whole - length);
            viewEnd = viewStart + length;
            drawLanes();
            drawScene(time);
          }
          document.getElementById("zoomIn").addEventListener("click", function () { showAround(time, (viewEnd - viewStart) / 4); drawOverlay(); });
          document.getElementById("zoomOut").addEventListener("click", function () { showAround(time, (viewEnd - viewStart) * 4); drawOverlay(); });
          document.getElementById("zoomAll").addEventListener("click", function () { showAround(data.start, Infinity); drawOverlay(); });
          scrubber.min = String(data.start);
          scrubber.max = String(data.end);
          scrubber.addEventListener("input", function () { setTime(Number(scrubber.value)); });

          // ---- Reading the marks ----
          var tooltip = document.getElementById("tooltip");
          var detail = document.getElementById("detail");
          function markNear(event) {
            var bounds = overlay.getBoundingClientRect();
            var x = event.clientX - bounds.left, y = event.clientY - bounds.top;
            var index = Math.floor((y - axisHeight) / rowHeight);
            if (index < 0 || index >= lanes.length || x < labelWidth) return { time: timeAt(Math.max(x, labelWidth)) };
            var lane = lanes[index];
            var t = timeAt(x);
            var first = firstMark(lane, timeAt(x - 6));
            var best = null;
            for (var m = first; m < lane.marks.length && xOf(lane.marks[m][0]) <= x + 6; m++) {
              if (!best || Math.abs(xOf(lane.marks[m][0]) - x) < Math.abs(xOf(best[0]) - x)) best = lane.marks[m];
            }
            return { time: best ? best[0] : t, lane: lane, mark: best };
          }
          function describe(found) {
            var mark = found.mark;
            var text = format(mark[0]) + "  " + found.lane.name + "\n" + mark[2];
            if (mark[3]) text += "\n[" + mark[3] + "]";
            return text;
          }
          overlay.addEventListener("mousemove", function (event) {
            var found = markNear(event);
            if (!found.mark) { tooltip.hidden = true; return; }
            tooltip.textContent = describe(found);
            tooltip.style.left = Math.min(event.clientX + 14, window.innerWidth - 300) + "px";
            tooltip.style.top = (event.clientY + 14) + "px";
            tooltip.hidden = false;
          });
          overlay.addEventListener("mouseleave", function () { tooltip.hidden = true; });
          overlay.addEventListener("click", function (event) {
            var found = markNear(event);
            if (found.mark) detail.textContent = describe(found);
            setTime(found.time);
          });

          document.getElementById("title").textContent = data.title;
          drawLanes();
          // `#t=SECONDS` chooses the time, `&span=SECONDS` how much of the run is shown.
          var requested = /^#t=(-?[0-9.eE+-]+)(?:&span=([0-9.eE+-]+))?$/.exec(window.location.hash);
          if (requested && requested[2]) showAround(Number(requested[1]), Number(requested[2]));
          setTime(requested ? Number(requested[1]) : data.start);
          window.addEventListener("resize", function () { drawLanes(); drawOverlay(); });
          body.dataset.lanes = String(lanes.length);
          body.dataset.renderMs = String(Math.round(performance.now()));
          body.dataset.ready = "true";
        })();
        """#
}
