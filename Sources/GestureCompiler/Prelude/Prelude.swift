import GestureDSL

/// The standard recognizer kinds, written in the language itself and compiled into
/// every program (DESIGN §3.3). `gesturec prelude` prints this text.
///
/// It is embedded as source so that `gesturec` works from any directory and the
/// runtime contains no code specific to one kind.
public enum Prelude {
    /// The name diagnostics use for the prelude's file.
    public static let path = "<prelude>"

    /// The prelude as a source file, and its syntax, parsed once: it is file 0 of
    /// every compilation (`Compilation.check`), so the ranges hold in each. It
    /// parses without diagnostics (`PreludeTests`).
    static let file = SourceFile(path: path, text: source)
    static let syntax: FileSyntax = {
        var diagnostics = DiagnosticBag(errorLimit: nil)
        return Parser.parse(file, id: FileID(0), diagnostics: &diagnostics)
    }()

    public static let source = #"""
        // The standard recognizer kinds, compiled into every gesture program.
        //
        // Each kind reproduces a UIKit recognizer as docs/semantics.md says; rule numbers
        // (R63 …) point there, constants to its §0.2 and its Decisions. Values Apple
        // does not publish are the project's choices and say so with "(chosen)"; every one is
        // a parameter that a recognizer can override, e.g. `tap(interval: 250ms)`, within the
        // ranges its `require` lines state.
        //
        // Features (touchCount, movement, translation, …) are computed by the engine after it
        // has applied the event, so on a `down` the new touch is already counted.

        /// A tap: `touches` fingers tapping `taps` times (UITapGestureRecognizer, R63, R64).
        /// Discrete; fails on too much movement (a lift counts as the finger's last move), too
        /// many fingers, a tap held too long, a late next tap, or a next tap that lands too far
        /// from the first (R65: the taps of a sequence land at one spot). A next tap sooner than
        /// `minimumInterval` is a bounce: the sequence starts over from it. A tap never prevents
        /// a tap that needs more taps (R49).
        kind tap(taps: int = 1,
          touches: int = 1,
          interval: duration = 350ms,          // lift to the next touch-down (T_dt, §0.2)
          maximumDuration: duration = 1500ms,  // one tap held longer fails (§0.2)
          allowableMovement: distance = 45pt,  // (chosen) D_tap, above the pan's hysteresis
          // (chosen) a later tap's distance from the first, as for UITouch.tapCount (§0.2)
          allowableSeparation: distance = 45pt,
          minimumInterval: duration = 0ms  // lift to next touch-down (Flutter: 40ms from the first down)
        ) discrete {
          cannot prevent tap where other.taps > taps

          require taps >= 1
          require touches >= 1
          require interval > 0ms && maximumDuration > 0ms && minimumInterval >= 0ms
          require allowableMovement >= 0pt && allowableSeparation >= 0pt

          var tapsDone: int = 0         // taps completed so far
          var fingers: int = 0          // most fingers down at once during the current tap
          var liftedAt: duration = 0ms  // `elapsed` at the last tap's lift

          report location = startLocation  // R64: the location of the first tap

          possible {
            on down where touchCount > touches -> failed
            on down where tapsDone > 0 && length(location - startLocation) > allowableSeparation -> failed
            // A bounce: the touch is the first tap of a sequence that starts over.
            on down where tapsDone > 0 && elapsed - liftedAt < minimumInterval -> possible {
              restart
              tapsDone = 0
              fingers = touchCount
              stop timer next
              start timer hold after maximumDuration
            }
            on down -> possible {
              fingers = max(fingers, touchCount)
              stop timer next
              start timer hold after maximumDuration
            }
            on move, up where movement > allowableMovement -> failed
            on up where touchCount == 0 && fingers < touches -> failed
            on up where touchCount == 0 && tapsDone + 1 == taps -> recognized
            on up where touchCount == 0 -> possible {
              tapsDone += 1
              fingers = 0
              liftedAt = elapsed
              stop timer hold
              start timer next after interval
            }
            on cancel -> failed
            on timer next, timer hold -> failed
          }
        }

        /// A long press (UILongPressGestureRecognizer, R66, R67, R68). Continuous; begins once
        /// `touches` fingers have stayed down for `minimumDuration` within
        /// `allowableMovement` (screen coordinates), reports `changed` on every later move
        /// with no distance limit, and ends when a finger lifts. With `taps: 1` it is a
        /// "tap then press".
        kind longPress(minimumDuration: duration = 500ms,
          allowableMovement: distance = 10pt,
          taps: int = 0,
          touches: int = 1,
          interval: duration = 350ms  // between the taps, as for `tap`
        ) continuous {
          var tapsDone: int = 0

          require minimumDuration > 0ms && interval > 0ms
          require allowableMovement >= 0pt
          require taps >= 0
          require touches >= 1

          report location

          possible {
            on down where touchCount > touches -> failed
            on down where touchCount == touches && tapsDone == taps -> possible {
              stop timer next
              start timer press after minimumDuration
            }
            on down -> possible { stop timer next }
            on move where movement > allowableMovement -> failed
            on up where touchCount == 0 && tapsDone < taps -> possible {
              tapsDone += 1
              start timer next after interval
            }
            on up, cancel -> failed
            on timer next -> failed
            on timer press -> began
          }
          began, changed {
            on move -> changed
            on up -> ended
            on cancel -> cancelled
          }
        }

        /// A pan (UIPanGestureRecognizer, R69, R70). Continuous; begins when at least
        /// `minimumTouches` fingers are down and their centroid has moved `hysteresis`, mostly
        /// along `direction` (`horizontal`: it waits for sideways movement), changes on every
        /// move, ends when all lift. `translation` is cumulative from the first contact (R70, R76).
        /// A scroll view's pan whose content still glides begins at the touch-down: the
        /// finger catches the content (R81b, inferred). A pointer's scroll, which it takes when
        /// its `allowedScrollTypes` say so, begins it at its first movement with no
        /// hysteresis, changes it on every movement, and ends it when the scroll ends (R88).
        kind pan(minimumTouches: int = 1,
          maximumTouches: int = unlimited,
          hysteresis: distance = 10pt,                    // H_pan (§0.2)
          direction: direction = [left, right, up, down]  // `horizontal`, `vertical`: one axis
        ) continuous {
          require minimumTouches >= 1
          require minimumTouches <= maximumTouches
          require hysteresis >= 0pt
          report location
          report translation
          report velocity

          possible {
            on down where touchCount > maximumTouches -> failed  // Decision: too many fingers fail it
            // A scroll view's pan catches its gliding content at the touch-down (R81b).
            on down where gliding -> began
            on move where touchCount >= minimumTouches && length(translation) >= hysteresis
              && dominantDirection in direction -> began  // else it waits (R69)
            // A pointer's scroll begins it at its first movement (R88).
            on move where scrolling && length(translation) > 0pt && dominantDirection in direction -> began
            on up where touchCount == 0 -> failed
            on cancel -> failed
          }
          began, changed {
            // Decision: fingers beyond the maximum after it began are ignored (R25).
            on down where touchCount > maximumTouches { ignore beyond maximumTouches }
            on move where touchCount >= minimumTouches -> changed
            on move where scrolling -> changed  // R88
            on up where touchCount == 0 -> ended
            on cancel -> cancelled
          }
        }

        /// A swipe (UISwipeGestureRecognizer, R71). Discrete; recognizes when `touches`
        /// fingers have moved `minimumDistance` within `maximumDuration`, at `minimumSpeed` on
        /// average, and the larger component of the movement points in an allowed direction,
        /// which it reports. Apple's limits are private; these are the project's.
        kind swipe(direction: direction = right,
          touches: int = 1,
          minimumDistance: distance = 50pt,   // (chosen)
          maximumDuration: duration = 500ms,  // (chosen)
          minimumSpeed: speed = 300pt / 1s    // (chosen, Hammer.js's 0.3 px/ms): a slow drag is no swipe
        ) discrete {
          require touches >= 1
          require minimumDistance > 0pt && maximumDuration > 0ms && minimumSpeed >= 0
          report location = startLocation       // R71: the start point
          report direction = dominantDirection  // the one it recognized in
          possible {
            on down where touchCount > touches -> failed
            on down where touchCount == 1 -> possible { start timer limit after maximumDuration }
            on move where length(translation) >= minimumDistance && touchCount == touches
              && dominantDirection in direction && length(translation) >= minimumSpeed * elapsed -> recognized
            on move where length(translation) >= minimumDistance -> failed
            on up, cancel -> failed
            on timer limit -> failed
          }
        }

        /// A pinch (UIPinchGestureRecognizer, R72, R74, R76). Continuous, two fingers; begins
        /// when their distance has changed by `scaleThreshold` of its start (0: on any change),
        /// reports `scale` (1 at the start) and `velocity` in scale per second; changes only
        /// while both fingers are down (one finger moving alone changes nothing), ends when the
        /// last lifts. A finger that lands while only one is down joins it as the pair, and
        /// `scale` goes on from where it was (the measurements re-base on a new pair). A
        /// trackpad's pinch runs it alike, with the trackpad's scale and no touch (R89).
        kind pinch(scaleThreshold: number = 0.1  // (chosen) a 10% change of distance
        ) continuous {
          require scaleThreshold >= 0  // 0: on any change of distance
          receivesTransform: true

          report location
          report scale
          report velocity = scaleVelocity

          possible {
            on down where touchCount > 2 { ignore beyond 2 }  // R74: the first two touches only
            on move where touchCount == 2 && abs(scale - 1) >= scaleThreshold && scale != 1 -> began
            on move where transforming && abs(scale - 1) >= scaleThreshold && scale != 1 -> began  // R89
            on up where touchCount == 0 -> failed
            on cancel -> failed
          }
          began, changed {
            on down where touchCount > 2 { ignore beyond 2 }
            on move where touchCount == 2 -> changed  // R72, R73: while both fingers are down
            on move where transforming -> changed     // R89
            on up where touchCount == 0 -> ended
            on cancel -> cancelled
          }
        }

        /// A rotation (UIRotationGestureRecognizer, R73, R74, R76). Continuous, two fingers;
        /// begins after `angleThreshold` (0deg: on any turn), reports `rotation` in radians
        /// (positive is clockwise on screen) and `velocity` in radians per second; changes
        /// only while both fingers are down, ends when the last lifts; a finger that lands
        /// while one is down joins it, and `rotation` goes on from where it was. A trackpad's
        /// rotation runs it alike, with the trackpad's angle and no touch (R89).
        kind rotation(angleThreshold: angle = 5deg  // (chosen)
        ) continuous {
          require angleThreshold >= 0deg  // 0deg: on any turn
          receivesTransform: true

          report location
          report rotation
          report velocity = rotationVelocity

          possible {
            on down where touchCount > 2 { ignore beyond 2 }  // R74
            on move where touchCount == 2 && abs(rotation) >= angleThreshold && rotation != 0deg -> began
            on move where transforming && abs(rotation) >= angleThreshold && rotation != 0deg -> began  // R89
            on up where touchCount == 0 -> failed
            on cancel -> failed
          }
          began, changed {
            on down where touchCount > 2 { ignore beyond 2 }
            on move where touchCount == 2 -> changed  // R72, R73: while both fingers are down
            on move where transforming -> changed     // R89
            on up where touchCount == 0 -> ended
            on cancel -> cancelled
          }
        }

        /// A hover (UIHoverGestureRecognizer, R90). Continuous; begins when the pointer, or a
        /// hovering Apple Pencil (`allowedTouchTypes` tells them apart), comes over its view,
        /// changes as it moves there, and ends when it leaves the view or the screen. Having
        /// ended, it lets the hover go, so that it begins again when the pointer comes back.
        /// It holds no touch: a click is a touch, which other recognizers take, and a hover
        /// prevents none of the prelude's other kinds, as UIKit pauses it for them (a kind of
        /// your own says `cannot be prevented by hover`).
        kind hover continuous {
          receivesHover: true
          cannot prevent tap
          cannot prevent longPress
          cannot prevent pan
          cannot prevent swipe
          cannot prevent pinch
          cannot prevent rotation
          cannot prevent screenEdgePan
          cannot prevent touchDelay

          report location

          possible {
            on down, move where pointerInside -> began
            on up, cancel -> failed
          }
          began, changed {
            on move where pointerInside -> changed
            on move -> ended { ignore }  // off its view: it begins again when the pointer is back
            on up -> ended
            on cancel -> cancelled
          }
        }

        /// A pan that starts within `edgeWidth` of one of the window's `edges` and slides in
        /// from it (UIScreenEdgePanGestureRecognizer, R75, R75a): once the finger has moved
        /// `hysteresis`, it begins if the movement points mostly inwards, away from the edge
        /// it started at (within 45 degrees of the inward direction: the larger component
        /// points inwards, chosen), and fails otherwise, along the edge or outwards. It
        /// holds the content's touch-down until it fails, as UIKit creates it
        /// (`delaysTouchesBegan`). Every touch after the first is ignored (R75).
        kind screenEdgePan(edges: direction = left,
          edgeWidth: distance = 20pt,  // (chosen)
          hysteresis: distance = 10pt
        ) continuous {
          require edgeWidth > 0pt && hysteresis >= 0pt
          delaysTouchesBegan: true

          report location
          report translation
          report velocity

          possible {
            on down where touchCount > 1 { ignore beyond 1 }
            on down where !(left in edges && startLocation.x <= edgeWidth
              || right in edges && startLocation.x >= windowSize.x - edgeWidth
              || up in edges && startLocation.y <= edgeWidth
              || down in edges && startLocation.y >= windowSize.y - edgeWidth) -> failed
            on move where length(translation) >= hysteresis
              && (left in edges && startLocation.x <= edgeWidth && dominantDirection in right
              || right in edges && startLocation.x >= windowSize.x - edgeWidth && dominantDirection in left
              || up in edges && startLocation.y <= edgeWidth && dominantDirection in down
              || down in edges && startLocation.y >= windowSize.y - edgeWidth && dominantDirection in up) -> began
            on move where length(translation) >= hysteresis -> failed
            on up, cancel -> failed
          }
          began, changed {
            on down { ignore }
            on move -> changed
            on up -> ended
            on cancel -> cancelled
          }
        }

        /// Holds content touches back briefly so that a fast pan never highlights them
        /// (UIScrollView's delayed-touches recognizer, R77, R78, R81). It never recognizes:
        /// it fails when its timer fires or the touch ends, which releases the touches.
        kind touchDelay(delay: duration = 150ms) discrete {
          require delay > 0ms

          delaysTouchesBegan: true
          cancelsTouchesInView: false

          possible {
            on down -> possible { start timer hold after delay }
            on up, cancel -> failed
            on timer hold -> failed
          }
        }

        /// UIKit's UIScrollView as it handles touches (R77): a pan that only moving touches
        /// drive, so a resting thumb does not stop it (R80), that leaves a touch to a control
        /// already tracking it (R79), and a touch delay that holds the content's touch-down
        /// 150 ms (delaysContentTouches, R78, R81). `use scrollView on
        /// list` gives the set `listPan` and `listDelay`.
        component scrollView(content) {
          /// The scroll view's pan.
          recognizer pan = pan on content { ignoresStationaryTouches: true; scrollPan: true; allowedScrollTypes: all }
          /// Holds the content's touch-down until a scroll is ruled out.
          recognizer delay = touchDelay on content
        }

        /// A scroll view that zooms (R77): `scrollView`'s pan and touch delay, and a pinch
        /// that recognizes with the pan, so two fingers zoom and scroll at once.
        component zoomingScrollView(content) {
          /// The scroll view's pan.
          recognizer pan = pan on content { ignoresStationaryTouches: true; scrollPan: true; allowedScrollTypes: all }
          /// The scroll view's zoom.
          recognizer zoom = pinch on content
          /// Holds the content's touch-down until a scroll is ruled out.
          recognizer delay = touchDelay on content

          simultaneous pan, zoom
        }

        // Recognizers the app does not own: UIKit or a framework makes them, and a spec
        // declares what is known of them so that its relations can name them. Apple
        // publishes none of their figures; these are the standard kinds' defaults
        // (chosen, docs/controls.md).

        /// A context menu (UIContextMenuInteraction) on `host`: its long press. `use
        /// contextMenu on cell` gives `cellMenu`.
        component contextMenu(host) {
          /// The context menu's press, not the app's.
          recognizer menu = longPress on host { foreign: true }
        }

        /// A text view's selection (UITextView): a tap places the caret once a double tap
        /// is ruled out, a double tap selects a word, a long press shows the loupe.
        /// `use textSelection on note` gives `noteCaret`, `noteWord` and `noteLoupe`.
        component textSelection(host) {
          /// Places the caret, not the app's.
          recognizer caret = tap on host { foreign: true }
          /// Selects a word, not the app's.
          recognizer word = tap(taps: 2) on host { foreign: true }
          /// Shows the loupe and selects, not the app's.
          recognizer loupe = longPress on host { foreign: true }

          caret requires word to fail
        }

        /// A sheet's dismiss pan (UISheetPresentationController): a drag down the sheet.
        /// `use sheetDismiss on sheet` gives `sheetDismiss`.
        component sheetDismiss(host) {
          /// Drags the sheet down to dismiss it, not the app's.
          recognizer dismiss = pan(direction: down) on host { foreign: true }
        }

        /// A web view's taps (WKWebView): a tap follows a link once a double tap, which
        /// zooms, is ruled out. `use webView on page` gives `pageLink` and `pageZoom`.
        component webView(host) {
          /// Follows a link, not the app's.
          recognizer link = tap on host { foreign: true }
          /// Zooms, not the app's.
          recognizer zoom = tap(taps: 2) on host { foreign: true }

          link requires zoom to fail
        }

        /// A navigation controller's back swipe (interactivePopGestureRecognizer) on
        /// `host`, its root view: a drag from the left edge. `use navigationBack on
        /// screen` gives `screenBack`.
        component navigationBack(host) {
          /// Goes back a screen, not the app's.
          recognizer back = screenEdgePan(edges: left) on host { backSwipe: true; foreign: true }
        }

        """#
}
