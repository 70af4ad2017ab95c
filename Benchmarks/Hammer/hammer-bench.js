// The peer figure of issue 17: Hammer.js 2.0.8 on the workload of `gesture-bench`'s
// `engine.move.N`, in Node.js with the smallest DOM Hammer needs.
//
//   node Benchmarks/Hammer/hammer-bench.js HAMMER_JS [N...]
//
// HAMMER_JS is the path of Hammer's built `hammer.js` (Benchmarks/hammer.sh finds
// one). For each N (1 and 10 by default), prints `hammer.move.N value ns` and
// `hammer.move.N.nested value ns`, in the format of gesture-bench (`name value unit`).
//
// The workload is `engine.move.N`'s: one finger down, then moves of 1 px every 8 ms,
// each timed move a touch event carrying that one finger; 200 moves of warm-up, after
// which every pan has begun; the median of nine runs after one warm-up run. Like the
// engine's, every pan recognizes together with the others (`recognizeWith`):
//
// - `hammer.move.N`: N pans on one element, one `Manager`. Hammer reads the input
//   once per event for all of them, so this is the harder comparison for gesturec,
//   whose recognizers each keep their own measurements.
// - `hammer.move.N.nested`: one pan on each of N nested elements, each its own
//   `Manager`, the event reaching each as it bubbles; the shape of `engine.move.N`
//   (one pan on each of N nested views).
//
// Each figure checks that the last move reached every pan, as gesture-bench checks
// that its last move sent N actions.
'use strict';

const path = require('path');

const [hammerPath, ...countArguments] = process.argv.slice(2);
if (!hammerPath) {
    console.error('usage: node hammer-bench.js HAMMER_JS [N...]');
    process.exit(2);
}
const counts = countArguments.length > 0 ? countArguments.map(Number) : [1, 10];

// The DOM Hammer touches: elements with listeners and a style, a document that
// makes elements, a window. Hammer reads `window` and `document` as globals when it
// loads, and feature-tests `ontouchstart` on the window.
class Element {
    constructor(parent) {
        this.parentNode = parent;
        this.style = {};
        this.listeners = new Map();
        this.ownerDocument = globalThis.document;
    }
    addEventListener(type, listener) {
        if (!this.listeners.has(type)) this.listeners.set(type, []);
        this.listeners.get(type).push(listener);
    }
    removeEventListener(type, listener) {
        const list = this.listeners.get(type) || [];
        const index = list.indexOf(listener);
        if (index >= 0) list.splice(index, 1);
    }
    // Bubbling, from this element up to the root, as a touch event does.
    dispatch(event) {
        for (let element = this; element; element = element.parentNode) {
            const list = element.listeners.get(event.type);
            if (list) for (const listener of list) listener(event);
        }
    }
}
globalThis.window = { ontouchstart: null, addEventListener() {}, removeEventListener() {}, navigator: { userAgent: '' } };
globalThis.document = {
    createElement: () => new Element(null),
    defaultView: globalThis.window,
};
globalThis.navigator = globalThis.window.navigator;
const Hammer = require(path.resolve(hammerPath));

function touchEvent(type, finger, target) {
    return {
        type,
        target,
        touches: type === 'touchend' ? [] : [finger],
        changedTouches: [finger],
        preventDefault() {},
    };
}

// Places `count` pans, returns the element the finger lands on and the counter of
// pan events the last move produced.
function setUp(count, nested) {
    const heard = { count: 0 };
    const listener = () => { heard.count += 1; };
    const options = { inputClass: Hammer.TouchInput, touchAction: 'none', recognizers: [] };
    const pans = [];
    let element = new Element(null);
    for (let index = 0; index < count; index++) {
        if (nested && index > 0) element = new Element(element);
        const manager = nested || index === 0 ? new Hammer.Manager(element, options) : pans[0].manager;
        const pan = new Hammer.Pan({ event: 'pan' + index, direction: Hammer.DIRECTION_ALL, threshold: 10 });
        manager.add(pan);
        manager.on('pan' + index, listener);
        pans.push(pan);
    }
    // Every pan recognizes with every other on its manager (on nested elements each
    // manager has one pan, and managers do not arbitrate with each other).
    if (!nested) for (const pan of pans) pan.recognizeWith(pans.filter((other) => other !== pan));
    return { target: element, heard };
}

function measure(count, nested, events) {
    const { target, heard } = setUp(count, nested);
    const finger = { identifier: 1, target, clientX: 10, clientY: 400, pageX: 10, pageY: 400 };
    target.dispatch(touchEvent('touchstart', finger, target));
    let x = 10;
    const move = () => {
        x += 1;
        if (x > 390) x = 10;
        finger.clientX = finger.pageX = x;
        target.dispatch(touchEvent('touchmove', finger, target));
    };
    for (let index = 0; index < 200; index++) move();
    const runs = [];
    for (let run = 0; run < 10; run++) {
        const start = process.hrtime.bigint();
        for (let index = 0; index < events; index++) move();
        const elapsed = Number(process.hrtime.bigint() - start);
        if (run > 0) runs.push(elapsed / events);
    }
    heard.count = 0;
    move();
    if (heard.count !== count) throw new Error(`the last move reached ${heard.count} of ${count} pans`);
    runs.sort((a, b) => a - b);
    return runs[Math.floor(runs.length / 2)];
}

for (const count of counts) {
    const events = Math.max(2000, Math.floor(200000 / count));
    console.log(`hammer.move.${count} ${measure(count, false, events).toFixed(1)} ns`);
    console.log(`hammer.move.${count}.nested ${measure(count, true, events).toFixed(1)} ns`);
}
