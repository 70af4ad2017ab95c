// A stand-in for SwiftUI, for type-checking the adapters on a machine without it
// (scripts/check-adapters.sh): exactly the members Sources/GestureHost/SwiftUI uses,
// each declared as Apple's documentation gives it
// (developer.apple.com/documentation/swiftui, the page named on each). Compiled only
// into a module for that check, never linked or run; see StandIns/UIKit/UIKit.swift.

import UIKit

/// documentation/swiftui/view
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// documentation/swiftui/never (a view with no body: the primitive views')
extension Never: View {
    public typealias Body = Never
    public var body: Never { self }
}

/// documentation/swiftui/viewbuilder (the one block the adapter writes)
@resultBuilder
public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// documentation/swiftui/alignment
public struct Alignment: Sendable {
    /// documentation/swiftui/alignment/center
    public static let center = Alignment()
}

extension View {
    /// documentation/swiftui/view/overlay(alignment:content:). The current page builds
    /// the content with `ContentBuilder`, earlier ones with `ViewBuilder`; the adapter's
    /// one-view closure is the same under both.
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        self
    }
}

/// documentation/swiftui/uiviewrepresentable
@MainActor @preconcurrency
public protocol UIViewRepresentable: View where Self.Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>

    /// documentation/swiftui/uiviewrepresentable/makeuiview(context:)
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    /// documentation/swiftui/uiviewrepresentable/updateuiview(_:context:)
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    /// documentation/swiftui/uiviewrepresentable/makecoordinator()
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension UIViewRepresentable where Self.Coordinator == Void {
    /// documentation/swiftui/uiviewrepresentable/makecoordinator() (its default)
    public func makeCoordinator() {}
}

extension UIViewRepresentable {
    /// A representable's body is SwiftUI's business, never the app's; declared so that
    /// conforming types type-check as they do against SwiftUI. Never called: this
    /// module is not linked into anything.
    public var body: Never {
        fatalError("StandIns/SwiftUI declares SwiftUI for type-checking only")
    }
}

/// documentation/swiftui/uiviewrepresentablecontext
@MainActor @preconcurrency
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {}
