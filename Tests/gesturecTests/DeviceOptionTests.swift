import Testing

@testable import gesturec

/// `--device` of `simulate`, `lint` and `test` (docs/devices.md).
@Suite("gesturec --device")
struct DeviceOptionTests {
    static let tray = "gestures Tray {\n  view window\n  recognizer openTray = screenEdgePan(edges: down) on window\n}\n"
    static let scene = #"{"views": [{"id": "w", "role": "window", "frame": [0, 0, 390, 844]}]}"#
    static let swipe = "0 down 1 at (200, 830)\n0.05 move 1 at (200, 800)\n0.1 up 1 at (200, 800)\n"

    @Test("simulate: the system's home swipe takes a bottom-edge swipe on iphone-14; without a device the app has it")
    func simulate() {
        let harness = Harness(files: ["t.gdl": Self.tray, "s.json": Self.scene, "t.trace": Self.swipe])
        #expect(harness.run("simulate", "t.gdl", "--scene", "s.json", "--trace", "t.trace", "--device", "iphone-14") == .success)
        #expect(harness.out.contains("home@system"))
        #expect(!harness.out.contains("openTray@w"))
        let alone = Harness(files: ["t.gdl": Self.tray, "s.json": Self.scene, "t.trace": Self.swipe])
        #expect(alone.run("simulate", "t.gdl", "--scene", "s.json", "--trace", "t.trace") == .success)
        #expect(alone.out.contains("openTray@w  began"))
    }

    @Test("an unknown device is a usage error with a suggestion; a profile file's mistake is located")
    func mistakes() {
        let harness = Harness(files: ["t.gdl": Self.tray])
        #expect(harness.run("lint", "t.gdl", "--device", "iphone14") == .usageOrIO)
        #expect(harness.err.contains("no device 'iphone14'"))
        #expect(harness.err.contains("did you mean 'iphone-14'?"))
        let file = Harness(files: ["t.gdl": Self.tray, "my.json": #"{"name": "m", "platform": "ios", "window": [1, 1], "systemGestures": [{}]}"#])
        #expect(file.run("lint", "t.gdl", "--device", "my.json") == .inputErrors)
        #expect(file.err.contains("my.json:1:"))
        #expect(file.err.contains("a system gesture needs a field 'name'"))
    }

    @Test("lint --device all: each built-in device; with a scene, only the devices of its size")
    func lintAll() {
        let harness = Harness(files: ["t.gdl": Self.tray])
        #expect(harness.run("lint", "t.gdl", "--device", "all") == .success)
        for device in ["iphone-se", "iphone-14", "iphone-15-pro-max", "ipad-pro-11", "pixel-7"] {
            #expect(harness.out.contains("on \(device):") || harness.err.contains("on \(device):"), "\(device)")
        }
        let scene = Harness(files: ["t.gdl": Self.tray, "s.json": Self.scene])
        #expect(scene.run("lint", "t.gdl", "--scene", "s.json", "--device", "all") == .success)
        let said = scene.out + scene.err
        #expect(said.contains("on iphone-14:"))
        #expect(!said.contains("on pixel-7:") && !said.contains("on iphone-se:"))
    }

    @Test("test --device puts every test's scene on the device")
    func test() {
        let tests = """
            spec t.gdl
            view w: window [0 0 390 844]

            test "the tray opens from the bottom edge"
              0 down 1 at (200, 830)
              0.05 move 1 at (200, 800)
              0.1 up 1 at (200, 800)
              expect openTray began
            """
        let harness = Harness(files: ["t.gdl": Self.tray, "t.gdltest": tests])
        #expect(harness.run("test", "t.gdltest") == .success)
        let onDevice = Harness(files: ["t.gdl": Self.tray, "t.gdltest": tests])
        #expect(onDevice.run("test", "t.gdltest", "--device", "iphone-14") == .inputErrors)
        #expect(onDevice.out.contains("got openTray never sent began"))
    }
}
