/// A gesture set compiled into an app: the namespace that `gesturec build --emit swift`
/// (or the build plugin) generates for each `gestures` block of a spec.
///
///     let engine = try GestureEngine(program: PhotoBrowser.program)
///     let photo = try engine.addView(role: PhotoBrowser.View.photo, parent: scroller)
///     try engine.bind(PhotoBrowser.Hook.allowZoom) { !slideshow.isPlaying }
///
/// The names are typed: a recognizer's name cannot be passed where a hook is expected,
/// and the engine refuses a name of another set (`EngineError.nameOfAnotherSet`).
public protocol GestureSet {
    associatedtype Recognizer: GestureRecognizerName where Recognizer.Owner == Self
    associatedtype View: GestureViewName where View.Owner == Self
    associatedtype Hook: GestureHookName where Hook.Owner == Self

    /// The compiled tables.
    static var program: GestureProgram { get }
}

/// A name the generated code gives to an id of a program: `rawValue` is the id.
public protocol GestureName: RawRepresentable<Int>, CaseIterable, Hashable, Sendable {
    /// The gesture set that declares the name.
    associatedtype Owner: GestureSet
}

/// A recognizer of a gesture set; `rawValue` indexes `program.recognizers`.
public protocol GestureRecognizerName: GestureName {}

/// A view role of a gesture set; `rawValue` indexes `program.views`.
public protocol GestureViewName: GestureName {}

/// A hook of a gesture set; `rawValue` indexes `program.hooks`.
public protocol GestureHookName: GestureName {}

extension GestureSet {
    /// Decodes a program shipped apart from the app (a binary or JSON file fetched
    /// with an update) that the app's compiled names can drive: the file must hold
    /// this set, with the same recognizers, view roles and hooks in the same order.
    /// Anything else may change: arguments, relations, predicates, kinds.
    ///
    /// Throws `ProgramError` for damaged bytes, another table format, a file without
    /// this set, or a set whose names differ (`interfaceMismatch`); the caller keeps
    /// `program`, the compiled-in one, in every such case.
    public static func decodeUpdate(_ bytes: [UInt8]) throws(ProgramError) -> GestureProgram {
        let name = program.name
        let update: GestureProgram
        if bytes.first == UInt8(ascii: "{") {
            update = try GestureProgram(json: bytes, named: name)
        } else {
            update = try GestureProgram(decoding: bytes, named: name)
        }
        try update.checkInterface(matches: program)
        return update
    }
}

extension GestureProgram {
    /// Throws `ProgramError.interfaceMismatch` unless this program has the same name
    /// and the same recognizer, view role and hook names, in the same order (so the
    /// same ids), as `other`: the names an app's code refers to.
    public func checkInterface(matches other: GestureProgram) throws(ProgramError) {
        guard name == other.name else {
            throw .interfaceMismatch("the set is named '\(name)', not '\(other.name)'")
        }
        try Self.compare("recognizers", recognizers.map(\.name), other.recognizers.map(\.name))
        try Self.compare("views", views.map(\.name), other.views.map(\.name))
        try Self.compare("hooks", hooks.map(\.name), other.hooks.map(\.name))
    }

    private static func compare(_ table: String, _ found: [String], _ expected: [String]) throws(ProgramError) {
        for index in 0..<max(found.count, expected.count) {
            let have = index < found.count ? "'\(found[index])'" : "nothing"
            let want = index < expected.count ? "'\(expected[index])'" : "nothing"
            if have != want {
                throw .interfaceMismatch("\(table)[\(index)] is \(have) where the app expects \(want)")
            }
        }
    }
}
