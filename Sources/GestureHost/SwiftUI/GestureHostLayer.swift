#if canImport(SwiftUI) && canImport(UIKit)
    import GestureRuntime
    import SwiftUI
    import UIKit

    /// The SwiftUI adapter: a `GestureHostView` laid over SwiftUI content, which draws
    /// while the engine decides (docs/embedding.md, "SwiftUI"). SwiftUI hands a view
    /// no touches of several fingers, so the touches come from UIKit through the host
    /// view. The app makes the view once and keeps it (in its model), and registers its
    /// content with the host under keys of its own, with the frames the content reports
    /// (`host.register("photo-4", role: .photo, parent: "grid", frame: …)`, then
    /// `host.layout` as the geometry changes).
    ///
    ///     Gallery(model: model)
    ///         .gestureHost(model.hostView)
    public struct GestureHostLayer<Gestures: GestureSet>: UIViewRepresentable {
        public let hostView: GestureHostView<Gestures>

        public init(_ hostView: GestureHostView<Gestures>) {
            self.hostView = hostView
        }

        public func makeUIView(context: Context) -> GestureHostView<Gestures> { hostView }

        /// The host view lays itself out (`layoutSubviews`): nothing to update.
        public func updateUIView(_ uiView: GestureHostView<Gestures>, context: Context) {}
    }

    extension View {
        /// Lays `hostView` over this view, at its size: every touch on it goes to the
        /// gesture host.
        @MainActor
        public func gestureHost<Gestures: GestureSet>(_ hostView: GestureHostView<Gestures>) -> some View {
            overlay(alignment: .center) { GestureHostLayer(hostView) }
        }
    }
#endif
