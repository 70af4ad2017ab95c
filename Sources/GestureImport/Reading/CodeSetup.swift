/// Where something was found: a file of the import and a byte in it.
public struct CodePlace: Hashable, Comparable, Sendable {
    /// The file's index in the import's list of files.
    public var file: Int
    public var offset: Int

    public init(file: Int, offset: Int) {
        self.file = file
        self.offset = offset
    }

    public static func < (a: CodePlace, b: CodePlace) -> Bool { (a.file, a.offset) < (b.file, b.offset) }
}

/// What an app's code sets up, type by type, as the reader found it. The draft writer
/// turns it into a spec; nothing here is the language's yet.
public struct CodeSetup: Sendable {
    public var screens: [Screen] = []
    /// What the reader saw and could not translate, kept so that nothing is dropped in
    /// silence.
    public var notes: [ImportNote] = []

    public init() {}
}

/// What one type of the app sets up: a view controller, a view, or a SwiftUI view.
/// Extensions and Objective-C's `@interface` and `@implementation` of one name are one
/// screen.
public struct Screen: Sendable {
    public enum Flavor: Sendable {
        /// A view controller: its `view` is the screen's root.
        case controller
        /// A view (a cell, a custom view): it is the root.
        case view
        /// A SwiftUI view: the root is its body.
        case swiftUI
    }

    public var name: String
    public var flavor: Flavor
    public var place: CodePlace
    /// The roles, the root first.
    public var roles: [Role] = []
    public var recognizers: [Recognizer] = []
    public var relations: [Relation] = []
    public var delegateMethods: [DelegateMethod] = []
    /// Prelude components used on roles (a scroll view's pan, a context menu).
    public var uses: [ComponentUse] = []
    /// The hooks the translation made, with what they stand for.
    public var hooks: [Hook] = []
    /// What the draft says in comments at the end of the set: TODOs and what was not
    /// understood, where it was seen.
    public var remarks: [ImportNote] = []

    public init(name: String, flavor: Flavor, place: CodePlace) {
        self.name = name
        self.flavor = flavor
        self.place = place
    }
}

/// A view role: a view the code names, attaches recognizers to, or knows as a control
/// or a scroll view.
public struct Role: Sendable {
    public var name: String
    /// The role it sits in; nil for the root.
    public var parent: String?
    /// A control's kind in the language (`button`, `slider`, …).
    public var control: String?
    /// Role properties the code decides (`shouldBegin`, from a view's override).
    public var properties: [Setting] = []
    public var place: CodePlace

    public init(name: String, parent: String?, control: String? = nil, place: CodePlace) {
        self.name = name
        self.parent = parent
        self.control = control
        self.place = place
    }
}

/// A recognizer the code makes, with what it sets on it.
public struct Recognizer: Sendable {
    public var name: String
    /// The prelude kind (`tap`, `pan`, …).
    public var kind: String
    /// The role it is added to; nil while the reader has not seen it added.
    public var role: String?
    /// Arguments of the kind in the language's spelling, in the order found
    /// (`taps: 2`, `minimumDuration: 500ms`).
    public var arguments: [Setting] = []
    /// Recognizer properties (`cancelsTouchesInView: false`).
    public var properties: [Setting] = []
    /// The type's delegate methods apply to it (`delegate = self`).
    public var delegatedToScreen = false
    public var place: CodePlace

    public init(name: String, kind: String, role: String?, place: CodePlace) {
        self.name = name
        self.kind = kind
        self.role = role
        self.place = place
    }
}

/// `label: value`, where it was set.
public struct Setting: Sendable, Equatable {
    public var label: String
    public var value: String
    public var place: CodePlace

    public init(label: String, value: String, place: CodePlace) {
        self.label = label
        self.value = value
        self.place = place
    }
}

public struct Relation: Sendable {
    public enum Form: Sendable, Equatable {
        /// `dependent requires required to fail`.
        case requires(dependent: String, required: String)
        case simultaneous(String, String)
    }

    public var form: Form
    public var place: CodePlace
    /// A condition in the language, for a relation that holds only sometimes.
    public var condition: String?

    public init(form: Form, place: CodePlace, condition: String? = nil) {
        self.form = form
        self.place = place
        self.condition = condition
    }
}

/// One of `UIGestureRecognizerDelegate`'s methods, as written.
public struct DelegateMethod: Sendable {
    public enum Question: String, Sendable {
        case shouldBegin
        case shouldRecognizeSimultaneously
        case shouldRequireFailure
        case shouldBeRequiredToFail
        case shouldReceiveTouch
        /// UIView's own `gestureRecognizerShouldBegin(_:)`, overridden in a view: the
        /// root role's `shouldBegin`, where the recognizer asked about is `other`.
        case viewShouldBegin
        /// `shouldReceive press` and `shouldReceive event`: not in the language.
        case other
    }

    public var question: Question
    /// The parameter names the body uses for the recognizer asked about, the other
    /// recognizer and the touch.
    public var recognizerName: String
    public var otherName: String?
    public var touchName: String?
    /// The body's tokens, braces excluded.
    public var body: Range<Int>
    public var file: Int
    public var place: CodePlace

    public init(
        question: Question, recognizerName: String, otherName: String?, touchName: String?, body: Range<Int>,
        file: Int, place: CodePlace
    ) {
        self.question = question
        self.recognizerName = recognizerName
        self.otherName = otherName
        self.touchName = touchName
        self.body = body
        self.file = file
        self.place = place
    }
}

/// `use component on role [as prefix]`.
public struct ComponentUse: Sendable, Equatable {
    public var component: String
    public var role: String
    public var prefix: String?
    public var place: CodePlace

    public init(component: String, role: String, prefix: String? = nil, place: CodePlace) {
        self.component = component
        self.role = role
        self.prefix = prefix
        self.place = place
    }
}

/// A hook the translation declared: app state a delegate reads, or a method it could
/// not translate.
public struct Hook: Sendable {
    public var name: String
    /// `false` where UIKit's answer by default is no (a simultaneity).
    public var defaultValue: Bool
    /// What it stands for, quoted from the code.
    public var quote: String
    public var todo: Bool
    public var place: CodePlace

    public init(name: String, defaultValue: Bool, quote: String, todo: Bool, place: CodePlace) {
        self.name = name
        self.defaultValue = defaultValue
        self.quote = quote
        self.todo = todo
        self.place = place
    }
}

/// What import tells its user about one place of the code.
public struct ImportNote: Sendable, Equatable {
    public enum Category: String, Sendable {
        /// Written into the draft as the code says.
        case translated
        /// Became a hook the app answers.
        case hook
        /// Became a hook with a TODO that quotes the code: a person must write it.
        case todo
        /// Seen and not written: the draft has a comment for it where it fits.
        case notUnderstood = "not understood"
    }

    public var category: Category
    public var message: String
    public var place: CodePlace

    public init(_ category: Category, _ message: String, at place: CodePlace) {
        self.category = category
        self.message = message
        self.place = place
    }
}
