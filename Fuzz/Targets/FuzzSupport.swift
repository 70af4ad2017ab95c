// Shared by the fuzz targets that need a valid program: a gesture set where every
// standard kind and relation meets (the property tests' scene), compiled once.

import GestureCompiler
import GestureDSL
import GestureRuntime

let fuzzSpec = """
    gestures Fuzz {
      view window {
        view scroller { view photo { accessibilityLabel: "Photo"; view badge { control: button } } }
        view toolbar { exclusiveTouch: true; control: switch }
      }
      hook allowZoom
      recognizer single = tap on photo
      recognizer double = tap(taps: 2) on photo { accessibility: "Zoom in" }
      recognizer twoFinger = tap(touches: 2) on photo { accessibility: magicTap }
      recognizer press = longPress on badge { delaysTouchesBegan: true }
      recognizer drag = pan(maximumTouches: 2) on scroller {
        shouldBegin: allowZoom || touchCount <= 1; ignoresStationaryTouches: true; scrollPan: true; allowedScrollTypes: all
      }
      recognizer zoom = pinch on scroller { allowedTouchTypes: [direct, indirectPointer]; requiresExclusiveTouchType: false }
      recognizer sketch = pan on photo { allowedTouchTypes: pencil }
      recognizer spin = rotation on scroller { accessibility: scroll }
      recognizer flick = swipe(direction: left) on photo { accessibility: badge }
      recognizer edge = screenEdgePan on window { accessibility: escape }
      recognizer delay = touchDelay on scroller
      recognizer button = tap on toolbar { cancelsTouchesInView: false }
      recognizer toolbarDrag = pan on toolbar { allowedScrollTypes: discrete }
      single requires double to fail
      simultaneous zoom, spin
      press cannot prevent drag
    }
    """

/// The program of `fuzzSpec`; a spec that stops compiling stops the target at once.
let fuzzProgram: GestureProgram = {
    let compilation = Compilation.check(
        roots: [SourceFile(path: "fuzz.gdl", text: fuzzSpec)], loader: InMemorySourceLoader([:]), errorLimit: nil)
    let sets = compilation.lowered().sets
    guard !compilation.diagnostics.hasErrors, let program = sets.first?.program else {
        preconditionFailure("the fuzz spec does not compile: \(compilation.diagnostics.diagnostics.map(\.message))")
    }
    return program
}()

/// Every diagnostic's range, and its notes', lies inside its file.
func expectRangesInside(_ bag: DiagnosticBag, _ sources: SourceManager) {
    for diagnostic in bag.diagnostics {
        for range in [diagnostic.range] + diagnostic.notes.map(\.range) {
            let size = sources[range.file].bytes.count
            precondition(
                0 <= range.start && range.start <= range.end && range.end <= size,
                "diagnostic range \(range) outside a file of \(size) bytes: \(diagnostic.message)")
        }
    }
}

/// Reads the input a byte at a time; past its end, zeros (the engine's and the host's
/// targets).
struct ByteReader {
    var bytes: [UInt8]
    var position = 0
    var isAtEnd: Bool { position >= bytes.count }
    mutating func next() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }
}
