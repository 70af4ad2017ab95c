// An example for `gesturec import` (docs/import.md), written for the project: a SwiftUI
// grid of photos, with each of SwiftUI's ways to attach a gesture.
import SwiftUI

struct PhotoGrid: View {
    @State private var scale: CGFloat = 1

    var magnify: some Gesture {
        MagnificationGesture()
            .onChanged { scale = $0 }
    }

    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    Image(photo.name)
                        .resizable()
                        .onTapGesture(count: 2) { like(photo) }
                        .onTapGesture { open(photo) }
                        .onLongPressGesture(minimumDuration: 0.3) { select(photo) }
                }
            }
            .simultaneousGesture(magnify)
        }
        .highPriorityGesture(DragGesture(minimumDistance: 30).onEnded { dismiss($0) })
    }
}
