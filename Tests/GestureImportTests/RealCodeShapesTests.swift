import Testing

@testable import GestureImport

/// Shapes met in open-source apps' code (docs/import.md), each drafted as UIKit reads
/// it, and each draft checked.
@Suite struct RealCodeShapesTests {
    @Test func aSettingChangedLaterKeepsItsFirstValueAndSaysSo() {
        let result = draft(
            """
            class Panel: UIView {
                let pan = UIPanGestureRecognizer(target: self, action: #selector(drag))
                func setUp() {
                    addGestureRecognizer(pan)
                    pan.isEnabled = false
                }
                func reset() {
                    pan.isEnabled = true
                }
            }
            """)
        #expect(result.setup.screens[0].recognizers[0].properties.map(\.value) == ["false"])
        #expect(result.setup.notes.contains { $0.message.contains("set again, to true: the draft keeps the first value, false") })
    }

    @Test func aViewsOwnShouldBeginIsItsRolesAndTheRecognizerIsOther() {
        let result = draft(
            """
            class ThumbnailCell: UICollectionViewCell {
                weak var collectionView: UICollectionView?
                let press = UILongPressGestureRecognizer(target: self, action: #selector(menu))
                func setUp() { contentView.addGestureRecognizer(press) }
                override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                    gestureRecognizer == press || gestureRecognizer == collectionView?.panGestureRecognizer
                }
            }
            """)
        let text = lines(result)
        // A cell sits inside the list it holds a reference to.
        #expect(text.contains("view collectionView {"))
        #expect(text.contains("view thumbnailCell {"))
        #expect(result.setup.screens[0].roles.first { $0.name == "thumbnailCell" }?.parent == "collectionView")
        // One expression: Swift's implicit return.
        #expect(text.contains("shouldBegin: other == press || other == collectionViewPan"))
    }

    @Test func delegateMethodsOfATypeThatMakesNoRecognizerAreNotedNotDrafted() {
        let result = draft(
            """
            final class Router: NSObject, UIGestureRecognizerDelegate {
                func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
            }
            """)
        #expect(result.setup.screens.isEmpty)
        #expect(result.setup.notes.contains { $0.message.contains("Router answers shouldBegin for recognizers it does not make") })
    }

    @Test func delegateMethodsApplyOnlyToTheRecognizersTheTypeIsTheDelegateOf() {
        let result = draft(
            """
            class BubbleCell: UIView {
                let tap = UITapGestureRecognizer(target: self, action: #selector(open))
                func setUp() { addGestureRecognizer(tap) }
                func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
                    if g is UILongPressGestureRecognizer { return true }
                    return false
                }
            }
            """)
        // The code never makes the cell the tap's delegate: `false` is not the tap's.
        #expect(result.setup.screens[0].recognizers[0].properties.isEmpty)
        #expect(result.draft.contains("// TODO"))
        #expect(result.summary.contains("shouldReceiveTouch is not applied: no recognizer the code makes has BubbleCell as its delegate"))
        // The note quotes the method, so that nothing of it is lost.
        #expect(result.summary.contains("if g is UILongPressGestureRecognizer { return true } return false"))
        #expect(!result.summary.contains("shouldReceiveTouch translated"))
    }

    @Test func testFilesAreNotRead() {
        let result = draft(
            """
            import XCTest
            final class GestureTests: XCTestCase {
                func testTap() { view.addGestureRecognizer(UITapGestureRecognizer(target: nil, action: nil)) }
            }
            """)
        #expect(result.setup.screens.isEmpty)
        #expect(result.summary.contains("a test file (it imports XCTest): not read"))
    }
}

@Suite struct OptionalsAndSubclassesTests {
    @Test func optionalRecognizersAndTheAppsScrollViews() {
        let result = draft(
            """
            class Pager: UIScrollView {}
            class Browser: UIViewController {
                var pan: UIPanGestureRecognizer?
                var tap: UITapGestureRecognizer!
                lazy var pager: Pager = Pager(frame: .zero)
                func setUp() {
                    pan = UIPanGestureRecognizer(target: self, action: #selector(f))
                    pan?.maximumNumberOfTouches = 2
                    tap = UITapGestureRecognizer(target: self, action: #selector(g))
                    tap!.require(toFail: pan!)
                    view.addGestureRecognizer(pan!)
                    view.addGestureRecognizer(tap)
                }
            }
            """)
        let text = lines(result)
        #expect(text.contains("recognizer pan = pan(maximumTouches: 2) on browserView"))
        #expect(text.contains("tap requires pan to fail"))
        // The app's UIScrollView subclass is a scroll view.
        #expect(text.contains("use scrollView on pager"))
    }
}

@Suite struct MoreCreationShapesTests {
    @Test func aListOfRecognizersAConfiguringClosureAndObjectiveCsNew() {
        let swift = draft(
            """
            class Board: UIView {
                let pan = UIPanGestureRecognizer(target: self, action: #selector(drag)).then { $0.maximumNumberOfTouches = 1 }
                let tap = UITapGestureRecognizer(target: self, action: #selector(pick)).then { tap in
                    tap.numberOfTapsRequired = 2
                }
                func setUp() { canvas.gestureRecognizers = [pan, tap] }
            }
            """)
        let text = lines(swift)
        #expect(text.contains("recognizer pan = pan(maximumTouches: 1) on canvas"))
        #expect(text.contains("recognizer tap = tap(taps: 2) on canvas"))
        let objectiveC = draft(
            """
            @implementation Board
            - (void)setUp {
                UILongPressGestureRecognizer *press = [UILongPressGestureRecognizer new];
                press.minimumPressDuration = 0.2;
                self.canvas.gestureRecognizers = @[press];
            }
            @end
            """, name: "Board.m")
        #expect(lines(objectiveC).contains("recognizer press = longPress(minimumDuration: 200ms) on canvas"))
    }
}
