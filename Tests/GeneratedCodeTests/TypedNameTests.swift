import GeneratedSets
import GestureCompiler
import GestureDSL
import GestureRuntime
import Testing

/// The generated names drive the engine (`GestureSet`, `GestureName`) and guard the
/// programs an app loads at run time (`GestureSet.decodeUpdate`).
@Suite("Typed names")
struct TypedNameTests {
    @Test("views, hooks and recognizers are reached by their generated names")
    func engineByName() throws {
        let engine = try GestureEngine(program: PhotoBrowser.program)
        let window = try engine.addView(role: PhotoBrowser.View.window, parent: nil)
        let scroller = try engine.addView(role: PhotoBrowser.View.scroller, parent: window)
        let photo = try engine.addView(role: PhotoBrowser.View.photo, parent: scroller)
        #expect(engine.role(of: photo) == PhotoBrowser.View.photo.rawValue)

        let doubleTap = try #require(try engine.recognizer(PhotoBrowser.Recognizer.doubleTap, on: photo))
        #expect(try engine.name(of: doubleTap, as: PhotoBrowser.Recognizer.self) == .doubleTap)
        #expect(try engine.recognizer(PhotoBrowser.Recognizer.zoom, on: photo) == nil, "zoom is the scroller's")

        var asked = 0
        try engine.bind(PhotoBrowser.Hook.allowZoom) {
            asked += 1
            return false
        }
        // Two fingers spreading on the scroller: the pinch asks allowZoom to begin.
        try engine.touchDown(1, at: Point(x: 100, y: 100), time: 0, view: scroller)
        try engine.touchDown(2, at: Point(x: 200, y: 200), time: 0.01, view: scroller)
        try engine.touchMove(2, to: Point(x: 260, y: 260), time: 0.05)
        #expect(asked > 0)
        let zoom = try #require(try engine.recognizer(PhotoBrowser.Recognizer.zoom, on: scroller))
        #expect(engine.state(of: zoom) == .failed, "allowZoom said no (R59)")
    }

    @Test("a set without hooks still has a Hook type, with no names")
    func emptyNames() {
        #expect(Pieces.Hook.allCases.isEmpty)
        #expect(Pieces.Hook(rawValue: 0) == nil)
        #expect(Pieces.program.hooks.isEmpty)
    }

    @Test("a name of another set is refused, not taken as a bare id")
    func nameOfAnotherSet() throws {
        let engine = try GestureEngine(program: Pieces.program)
        #expect(throws: EngineError.nameOfAnotherSet(name: "PhotoBrowser.window", program: "Pieces")) {
            try engine.addView(role: PhotoBrowser.View.window, parent: nil)
        }
        #expect(throws: EngineError.nameOfAnotherSet(name: "PhotoBrowser.allowZoom", program: "Pieces")) {
            try engine.bind(PhotoBrowser.Hook.allowZoom) { true }
        }
        let board = try engine.addView(role: Pieces.View.board, parent: nil)
        let move = try #require(engine.recognizers(on: board).first)
        #expect(throws: EngineError.nameOfAnotherSet(name: "PhotoBrowser.Recognizer", program: "Pieces")) {
            try engine.name(of: move, as: PhotoBrowser.Recognizer.self)
        }
        #expect(throws: EngineError.nameOfAnotherSet(name: "PhotoBrowser.singleTap", program: "Pieces")) {
            try engine.recognizer(PhotoBrowser.Recognizer.singleTap, on: board)
        }
    }

    /// The action of the last call of the piece's `movePiece` pan.
    private func movePieceAction(_ engine: GestureEngine, on piece: ViewInstance) throws -> GestureAction {
        let move = try #require(try engine.recognizer(Pieces.Recognizer.movePiece, on: piece))
        return try #require(
            engine.outputs.lazy.compactMap { output -> GestureAction? in
                guard case .action(let action) = output, action.recognizer == move else { return nil }
                return action
            }.first)
    }

    /// A finger on a piece moving 20 pt right in 0.1 s: the piece's pan begins (its
    /// hysteresis is 10 pt, R69) with the action's values in the order of `report`.
    private func panBegins(_ program: GestureProgram) throws -> (GestureEngine, GestureAction) {
        let engine = try GestureEngine(program: program)
        let board = try engine.addView(role: Pieces.View.board, parent: nil)
        let piece = try engine.addView(role: Pieces.View.piece, parent: board)
        try engine.touchDown(1, at: Point(x: 10, y: 10), time: 0, view: piece)
        try engine.touchMove(1, to: Point(x: 30, y: 10), time: 0.1)
        let action = try movePieceAction(engine, on: piece)
        #expect(action.phase == .began)
        return (engine, action)
    }

    @Test("an action's values read as the struct generated for its kind")
    func reportedValues() throws {
        let (engine, action) = try panBegins(Pieces.program)
        let values = try #require(engine.reportedValues(of: action, as: Pieces.PanValues.self))
        // The pan reports where the finger is and how far it went from where it landed (R70).
        #expect(values.location == Point(x: 30, y: 10))
        #expect(values.translation == Point(x: 20, y: 0))
        let raw = engine.values(of: action)
        #expect(values.velocity == Point(x: raw[4], y: raw[5]))
        #expect(Pieces.PanValues.reports.map(\.name) == ["location", "translation", "velocity"])
        // Another kind's struct, or another set's, reads nothing.
        #expect(engine.reportedValues(of: action, as: Pieces.PinchValues.self) == nil)
        #expect(engine.reportedValues(of: action, as: PhotoBrowser.PanValues.self) == nil)
        // Nor does an action kept past the next call, whose values are gone.
        try engine.touchUp(1, at: Point(x: 30, y: 10), time: 0.2)
        #expect(engine.reportedValues(of: action, as: Pieces.PanValues.self) == nil)
    }

    @Test("a reported location reads in the coordinates of the recognizer's view, as location(in:) gives it")
    func locationInView() throws {
        let engine = try GestureEngine(program: Pieces.program)
        // Frames are in the parent's coordinates: the piece's corner is at (110, 220) on screen.
        let board = try engine.addView(role: Pieces.View.board, parent: nil, frame: Rect(x: 10, y: 20, width: 400, height: 800))
        let piece = try engine.addView(role: Pieces.View.piece, parent: board, frame: Rect(x: 100, y: 200, width: 50, height: 50))
        try engine.touchDown(1, at: Point(x: 120, y: 230), time: 0)
        try engine.touchMove(1, to: Point(x: 140, y: 230), time: 0.1)
        let action = try movePieceAction(engine, on: piece)
        let values = try #require(engine.reportedValues(of: action, as: Pieces.PanValues.self))
        let view = try #require(engine.view(of: action.recognizer))
        #expect(values.location == Point(x: 140, y: 230))
        #expect(engine.location(values.location, in: view) == Point(x: 30, y: 10))
        #expect(engine.location(values.location, in: board) == Point(x: 130, y: 210))
        #expect(engine.location(values.location, in: ViewInstance(99)) == nil)
    }

    @Test("values are not read from a program whose kind reports something else")
    func reportedValuesOfAnUpdate() throws {
        var update = Pieces.program
        update.kinds[0].reports.removeLast()  // the pan no longer reports its velocity
        let (engine, action) = try panBegins(update)
        #expect(engine.values(of: action).count == 4)
        #expect(engine.reportedValues(of: action, as: Pieces.PanValues.self) == nil)
    }

    @Test("reported directions, views and recognizers read as their types")
    func reportedShapes() {
        #expect(GestureDirections(reported: 5) == [.left, .up])
        #expect(GestureDirections(reported: 2.5) == [])
        #expect(GestureDirections(reported: -1) == [])
        #expect(Pieces.View(reported: 1) == .piece)
        #expect(Pieces.View(reported: 7) == nil)
        #expect(Pieces.Recognizer(reported: .nan) == nil)
    }

    @Test("an update with the same names decodes, from binary and from JSON")
    func decodeUpdate() throws {
        var update = PhotoBrowser.program
        update.recognizers[0].arguments[2] = 0.25  // a shorter tap interval
        let binary = BinaryEmitter.emit([Pieces.program, update])
        #expect(try PhotoBrowser.decodeUpdate(binary) == update)
        let json = Array(JSONEmitter.emit([update]).utf8)
        #expect(try PhotoBrowser.decodeUpdate(json) == update)
    }

    @Test("an update whose names differ, damaged bytes, or another set are refused")
    func refusedUpdates() throws {
        var renamed = PhotoBrowser.program
        renamed.recognizers[1].name = "twoTaps"
        #expect(throws: ProgramError.interfaceMismatch("recognizers[1] is 'twoTaps' where the app expects 'doubleTap'")) {
            try PhotoBrowser.decodeUpdate(BinaryEmitter.emit([renamed]))
        }
        var more = PhotoBrowser.program
        more.hooks.append(more.hooks[0])
        more.hooks[1].name = "allowSpin"
        #expect(throws: ProgramError.interfaceMismatch("hooks[1] is 'allowSpin' where the app expects nothing")) {
            try PhotoBrowser.decodeUpdate(BinaryEmitter.emit([more]))
        }
        var otherName = PhotoBrowser.program
        otherName.name = "Browser"
        #expect(throws: ProgramError.interfaceMismatch("the set is named 'Browser', not 'PhotoBrowser'")) {
            try otherName.checkInterface(matches: PhotoBrowser.program)
        }
        #expect(throws: ProgramError.noSuchProgram(name: "PhotoBrowser", available: ["Pieces"])) {
            try PhotoBrowser.decodeUpdate(BinaryEmitter.emit([Pieces.program]))
        }
        var damaged = BinaryEmitter.emit([PhotoBrowser.program])
        damaged[damaged.count / 2] ^= 0x40
        #expect(throws: ProgramError.self) { try PhotoBrowser.decodeUpdate(damaged) }
        #expect(throws: ProgramError.self) { try PhotoBrowser.decodeUpdate([]) }
    }
}
