// libFuzzer target: `GestureHost` driven by arbitrary bytes as a platform would drive
// it, over `fuzzSpec`: views registered, laid out, scrolled and unregistered (with
// their subviews), touches with reused keys (as Android's pointer ids) in events that
// begin, move, end and cancel several at once, sometimes with a location or a time
// that is not finite or a view the host does not know, ticks, interruptions, VoiceOver's
// requests, and handlers that call the host back. Host mistakes are thrown and ignored; a trap, or a
// broken invariant, is a bug:
//
// - the touches the host holds as down are exactly those the platform has begun and
//   not ended, cancelled or interrupted, and the engine has as many down;
// - an event the host or the engine refuses in one piece (no touch twice in it, none
//   beginning again) leaves the host's touches and the engine's state as they were;
// - the views the host knows are exactly those registered and not removed, by
//   themselves or with a view they were inside;
// - a view's touch handler hears of a touch's moves and end only after its `began`:
//   never of a touch of a view registered before it under the same key (a handler that
//   unregisters a view and registers another under its key, as a list recycles a
//   cell, while the old view's deliveries are still due, and the engine gives the new
//   view the old one's slot).

import GestureHost
import GestureRuntime

/// The fuzz spec's names, as `gesturec build` would generate them: one type of name
/// per table, each an index into it.
enum FuzzSet: GestureSet {
    typealias Recognizer = FuzzName<RecognizerTable>
    typealias View = FuzzName<ViewTable>
    typealias Hook = FuzzName<HookTable>
    static var program: GestureProgram { fuzzProgram }
}

protocol FuzzTable { static var count: Int { get } }
enum RecognizerTable: FuzzTable { static var count: Int { fuzzProgram.recognizers.count } }
enum ViewTable: FuzzTable { static var count: Int { fuzzProgram.views.count } }
enum HookTable: FuzzTable { static var count: Int { fuzzProgram.hooks.count } }

struct FuzzName<Table: FuzzTable>: GestureRecognizerName, GestureViewName, GestureHookName {
    typealias Owner = FuzzSet
    var rawValue: Int
    init?(rawValue: Int) {
        guard (0..<Table.count).contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }
    static var allCases: [Self] { (0..<Table.count).compactMap(Self.init(rawValue:)) }
}

typealias Host = GestureHost<FuzzSet, Int, Int>

/// The touches a view's handler has heard begin and not yet end, by platform touch: a
/// key may be down twice for a moment (its end held back while it begins again).
final class HeardTouches: @unchecked Sendable {
    var open: [Int: Int] = [:]
}

/// What the platform believes: the views in its window, with their parents, and the
/// touches down.
struct PlatformModel {
    var parents: [Int: Int?] = [:]
    var down: Set<Int> = []

    /// A view and everything inside it leave.
    mutating func remove(_ view: Int) {
        var gone: Set<Int> = [view]
        var changed = true
        while changed {
            changed = false
            for (child, parent) in parents where !gone.contains(child) {
                if let parent, gone.contains(parent) {
                    gone.insert(child)
                    changed = true
                }
            }
        }
        for view in gone { parents[view] = nil }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHost(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = ByteReader(bytes: Array(UnsafeBufferPointer(start: data, count: min(size, 4096))))
    guard let host = try? Host(windowSize: Point(x: 400, y: 800)) else { return 0 }
    var model = PlatformModel()
    var time = 0.0
    // A handler that calls the host back, now and then: a touch that begins and is
    // cancelled at once, so that the platform's touches are as they were whether the
    // host takes the calls or refuses them; never a trap.
    var reentrant = false
    // How each key was last registered, and the key a handler recycles, now and then:
    // the view leaves and another takes its place under the key.
    var registered: [Int: (role: FuzzSet.View, parent: Int?, frame: Rect)] = [:]
    var recycled: Int?
    // The host is a parameter, not captured: the handlers that call this are the host's.
    func listen(_ host: Host, to key: Int) {
        let heard = HeardTouches()
        host.onTouches(of: key) { delivery in
            for (touch, _) in delivery.touches {
                if delivery.phase == .began {
                    heard.open[touch, default: 0] += 1
                    continue
                }
                precondition(heard.open[touch, default: 0] > 0, "view \(key) heard touch \(touch) \(delivery.phase) before it began")
                if delivery.phase == .ended || delivery.phase == .cancelled { heard.open[touch]? -= 1 }
            }
        }
    }
    for recognizer in FuzzSet.Recognizer.allCases {
        host.onAction(of: recognizer) { [unowned host] _ in
            if let key = recycled, let old = registered[key] {
                recycled = nil
                if (try? host.unregister(key, timestamp: time)) != nil { model.remove(key) }
                if (try? host.register(key, role: old.role, parent: old.parent, frame: old.frame)) != nil {
                    model.parents[key] = .some(old.parent)
                    listen(host, to: key)
                }
            }
            guard reentrant, (try? host.handle([.init(99, .began, at: Point(x: 1, y: 1))], timestamp: time)) != nil else { return }
            do {
                try host.handle([.init(99, .cancelled, at: Point(x: 1, y: 1))], timestamp: time)
            } catch {
                preconditionFailure("a touch the host took from a handler could not be cancelled")
            }
        }
    }
    for hook in FuzzSet.Hook.allCases { try? host.answer(hook) { [unowned host] in host.touchesDown.count % 2 == 0 } }

    func number(_ byte: Int) -> Double {
        switch byte {
        case 255: .nan
        case 254: .infinity
        default: Double(byte) * 4
        }
    }

    while !input.isAtEnd {
        let operation = input.next() % 8
        switch operation {
        case 0, 1:
            // Register a view of some role inside some known view (or as a root).
            let key = input.next() % 16
            let role = input.next() % fuzzProgram.views.count
            let parentByte = input.next()
            let parent = parentByte % 17 == 16 ? nil : Optional(parentByte % 16)
            guard let name = FuzzSet.View(rawValue: role) else { continue }
            let frame = Rect(x: number(input.next()), y: number(input.next()), width: number(input.next()), height: number(input.next()))
            do {
                try host.register(key, role: name, parent: parent, frame: frame)
                model.parents[key] = .some(parent)
                registered[key] = (name, parent, frame)
                listen(host, to: key)
            } catch {}
        case 2:
            let key = input.next() % 16
            do {
                try host.unregister(key, timestamp: time)
                model.remove(key)
            } catch {}
        case 3:
            let key = input.next() % 16
            try? host.layout(key, frame: Rect(x: number(input.next()), y: number(input.next()), width: 200, height: 200))
            try? host.scroll(key, to: Point(x: number(input.next()), y: number(input.next())))
        case 4, 5:
            // One platform event of one to four touches.
            let count = 1 + input.next() % 4
            var inputs: [Host.TouchInput] = []
            for _ in 0..<count {
                let key = input.next() % 6
                let phase: Host.TouchInput.Phase = [.began, .moved, .moved, .ended, .cancelled, .stationary][input.next() % 6]
                let viewByte = input.next()
                let view = phase == .began && viewByte < 200 ? Optional(viewByte % 18) : nil
                let type = TouchType.allCases[input.next() % TouchType.allCases.count]
                // Now and then a pointer's scroll or transform (R88, R89), with its values.
                let pointerByte = input.next()
                let pointer = pointerByte < 48 ? PointerInput.allCases[Int(pointerByte) % PointerInput.allCases.count] : nil
                inputs.append(
                    .init(
                        key, phase, at: Point(x: number(input.next()), y: number(input.next())), view: view, touchType: type,
                        pointer: pointer, scale: pointer == .transform ? 1 + number(input.next()) / 1000 : 1))
            }
            time += Double(input.next() % 64) / 100
            let stamp = input.next() == 255 ? Double.nan : time
            reentrant = input.next() % 8 == 0
            let recycling = input.next()
            recycled = recycling < 32 ? recycling % 16 : nil
            let before = host.touchesDown
            var engineBefore = Hasher()
            host.engine.hashExplorationState(into: &engineBefore)
            let whole = before
            // In one piece: no touch twice, none beginning while down.
            let keys = inputs.filter { $0.phase != .stationary }.map(\.touch)
            let onePiece = Set(keys).count == keys.count && !inputs.contains { $0.phase == .began && whole.contains($0.touch) }
            do {
                try host.handle(inputs, timestamp: stamp)
                for change in inputs {
                    switch change.phase {
                    case .began: model.down.insert(change.touch)
                    case .ended, .cancelled: model.down.remove(change.touch)
                    case .moved, .stationary: break
                    }
                }
            } catch {
                if onePiece {
                    precondition(host.touchesDown == before, "a refused event changed the host's touches")
                    var engineAfter = Hasher()
                    host.engine.hashExplorationState(into: &engineAfter)
                    precondition(engineAfter.finalize() == engineBefore.finalize(), "a refused event changed the engine")
                } else {
                    // The parts before the refused one stand: the platform's view is the host's.
                    model.down = host.touchesDown
                }
            }
            reentrant = false
            recycled = nil
        case 6:
            time += Double(input.next()) / 50
            try? host.tick(at: time)
        default:
            if input.next() % 4 == 0 {
                do {
                    try host.interrupt(timestamp: time)
                    model.down = []
                } catch {}
            } else {
                // VoiceOver lists the elements and performs a request: neither changes the
                // host's touches or the engine, and every element is a view the host knows.
                var engineBefore = Hasher()
                host.engine.hashExplorationState(into: &engineBefore)
                let elements = host.accessibilityElements()
                for element in elements { precondition(host.contains(element.view), "an element of a view the host does not know") }
                let label = elements.first { !$0.customActions.isEmpty }?.customActions.first?.label ?? "none"
                let requests: [AccessibilityRequest] = [.activate, .custom(label: label), .escape, .scroll([.down]), .magicTap]
                let stamp = input.next() == 255 ? Double.nan : time
                host.performAccessibility(requests[input.next() % requests.count], on: input.next() % 16, timestamp: stamp)
                var engineAfter = Hasher()
                host.engine.hashExplorationState(into: &engineAfter)
                precondition(engineAfter.finalize() == engineBefore.finalize(), "an accessibility action changed the engine")
            }
        }
        precondition(host.touchesDown == model.down, "the host holds \(host.touchesDown) down; the platform, \(model.down)")
        precondition(host.engine.touchesDown == model.down.count, "the engine has \(host.engine.touchesDown) touches down")
        for key in 0..<16 {
            precondition(host.contains(key) == (model.parents[key] != nil), "the host's view \(key) is not the platform's")
        }
    }
    return 0
}
