// Generated from docs/semantics.md, docs/diagnostics.md, Grammar.md and docs/controls.md; do not edit.
// `RECORD=1 swift test --filter ReferenceTests` writes it anew after a change to them.

/// The project's reference documents, compiled into the tool for `gesturec explain`
/// and the meanings of built-in names in hovers.
enum ReferenceText {
    static let semantics = ##"""
# Semantics: the rules gesturec reproduces

gesturec's runtime behaves as UIKit's gesture machinery does. This page states each
rule the engine implements, in gesturec's terms, with the id every output cites:
diagnostics, lint findings, timelines, the prelude's comments and the generated
code's doc comments say "R53" or "Decision 5", and `gesturec explain R53` prints the
entry. Each entry says what happens, gives a small example, and names the sources it
rests on (keys at the end). Rules marked *(inferred)* are the project's reading where
the sources are silent; the Decisions at the end settle what they leave open.

A test checks that every rule id and decision any output or document cites has an
entry here (`ReferenceTests`).

## §0.2 · Constants

Apple publishes few of the numbers; the prelude's kinds take these, each a parameter
that a recognizer can override (Decision 1).

| constant | value | where |
|---|---|---|
| tap: taps, touches | 1, 1 | `tap(taps:, touches:)`, R63 |
| tap: interval from a lift to the next touch-down | 350 ms | `tap(interval:)`; Apple's is private |
| tap: longest one tap | 1.5 s | `tap(maximumDuration:)` |
| tap: allowable movement, and a later tap's distance from the first | 45 pt (chosen: above the pan's hysteresis) | `tap(allowableMovement:, allowableSeparation:)` |
| long press: duration, movement, taps, touches | 500 ms, 10 pt, 0, 1 | `longPress(…)`, R66 |
| pan: touches, hysteresis | 1 to unlimited, 10 pt | `pan(minimumTouches:, maximumTouches:, hysteresis:)`, R69 |
| swipe: direction, touches, distance | right, 1, 50 pt (chosen) | `swipe(…)`, R71 |
| pinch and rotation thresholds | the project's (`gesturec prelude` prints them) | R72, R73 |
| touch delay | 150 ms | `touchDelay`, R78, R81 |
| alpha under which a view is not hit | 0.01 | R1 |
| comfortable touch target | 44 × 44 pt | R7; lint GDL211, GDL214 |

## §0.3 · The order of one event

The engine processes each input event, and each timer's deadline, as one step, in
this order *(inferred as a whole; each part rests on the rules cited)*:

1. **Hit-test new touches**, bind each to its view, and collect its recognizers: on
   its view and every ancestor, enabled, not decided, accepted by
   `shouldReceiveTouch`; deepest first, newest first on one view (R1–R7, R18–R23).
2. **Feed the recognizers** the event's touch phases in that order (R22, R23).
   Timers are steps of their own at their deadlines.
3. **Resolve the transitions asked for**: hold those with a requirement not yet
   decided (R53–R58); ask `shouldBegin` of the recognizer and the views (R45, R59);
   exclude in tie-break order, minding simultaneity and prevention (R46–R52); cascade
   (a failure releases those held for it; a win fails those that required it to fail).
4. **Cancel** the views' touches of every recognizer that began or recognized and
   cancels touches, and drop their held phases (R38, R41).
5. **Act**: send the actions (R29–R31, R35) (Decision 2).
6. **Deliver** the remaining phases to the views, holding back what a recognizer
   still `possible` delays (R40–R42).
7. **Reset** the decided recognizers whose touches are all over, linked ones together
   (R32, R34).

## A. Hit testing: which view a touch lands on

### R1 · Hidden, non-interactive and transparent views are skipped

A view that is hidden, not interactive, or has an alpha under 0.01 is skipped by hit
testing with everything inside it; the touch lands on what is behind.

Example: `view overlay { interactive: false }` over a card lets the card's tap see the
touch. Lint's GDL212, and with a scene GDL203 (starved), report recognizers that can never be reached this way.

Sources: DOC:uiview/hittest(_:with:), DOC:uiview/isuserinteractionenabled, SEED-11-118.

### R2 · Outside the parent is never hit

A view first checks whether the point is inside its own touch target; if not, it
answers nothing without looking at its subviews, so the parts of a subview that stick
out of its parent are never hit, whether or not they are drawn.

Example: a 60 pt button placed 150 pt down in a 100 pt toolbar gets no touch: lint
`--scene` says "it lies outside its parent" (GDL203, starved).

Sources: DOC:uiview/hittest(_:with:), SEED-14-235 (00:15:41, 00:52:46), SEED-14-235-SL.

### R3 · Containment is half-open

A point is inside a rectangle when it lies on or after the minimum edges and before
the maximum edges; an empty rectangle contains nothing.

Example: a view with frame `[0, 0, 100, 100]` is hit at (0, 0) and at (99.9, 50), not
at (100, 50).

Sources: DOC:uiview/point(inside:with:), CoreGraphics `CGRectContainsPoint`.

### R4 · Front-most subview first

Subviews are tried from the front (the last added) to the back; the first that takes
the point wins, and if none does the view itself is the answer.

Example: in a scene, a badge added after a cell, overlapping it, takes the touches
where they overlap (lint `--scene`: GDL203, starved of that part).

Sources: SEED-14-235 (00:16:50), SEED-14-235-SL, DOC:uiview/hittest.

### R5 · A touch stays with its view

Hit testing runs once, when a touch goes down. The deepest view that takes it is the
touch's view for its whole life, even when the finger moves outside it.

Example: a finger that lands on `photo` and drags onto `toolbar` is still delivered
to `photo` (the timeline's `touches moved` lines stay on `photo`). The same holds
when the view moves or scrolls away from under the finger (`setFrame(_:of:)`,
`setBoundsOrigin(_:of:)`; the scenario `cell-scrolls-away-under-the-finger`).

Sources: DOC:"Using responders and the responder chain", SEED-11-118, SEED-BNR.

### R6 · Transparent where empty

A view can be hit only through its subviews: where none of them takes the point, it
answers nothing and the search goes on behind it.

Example: `view drawer { transparentWhenEmpty: true }`, the overlay scroll view of
`Examples/DotsDrawer.gdl`: its dots are hit, the map behind it is hit between them.

Sources: SEED-14-235 (00:19:59), SEED-14-235-SL.

### R7 · Touch targets can be bigger than the view

A view's touch target can grow without changing its drawing: `hitSlop` adds points on
every side, `minimumTarget` grows it to at least that width and height, centred. 44 pt
is the rule-of-thumb minimum.

Example: `view infoButton { hitSlop: 12pt }` makes a 20 pt button take touches in
44 × 44 pt.

Sources: SEED-14-235 (00:50:40–00:52:46), SEED-11-118, W17-219 (00:15:15).

### R8 · Image views and labels are not interactive

`UIImageView` and `UILabel` do not take touches until told to, and neither do their
recognizers. A role that stands for one says `interactive: false`; the spec makes it
`interactive: true` to use its recognizers.

Example: `view photo { interactive: true }` in `Examples/PhotoBrowser.gdl`.

Sources: DOC:uiimageview/isuserinteractionenabled, DOC:uilabel/isuserinteractionenabled,
SEED-10-120 (00:50:20), W17-219.

### R9 · Animating views do not take touches

A view being animated is not interactive unless the animation allows it. The host
says so by setting the view's properties while it animates
(`GestureEngine.setProperties(_:of:)`): `animating: true` for the animation, and
`animationAllowsInteraction: true` when it runs with `.allowUserInteraction`. Hit
testing skips an animating view and its subtree unless the animation allows
interaction, as it skips one that is not interactive (R1).

Example: while a banner slides in, the host sets `animating: true` on it; a tap
lands on the list behind it, and its close button takes nothing
(Tests/Scenarios/banner-that-animates-takes-no-tap).

Sources: DOC:uiview/isuserinteractionenabled, SEED-11-118.

### R10 · A touch that hits nothing is dropped

A touch for which hit testing finds no view reaches no view and no recognizer.

Example: a touch outside every view of the scene gives no timeline line at all.

Sources: follows from R5 and R18 *(inferred)*.

## B. Delivering touches to views

### R11 · A view gets every phase, and one end

The touch's view receives its phases (`began`, `moved`, `ended`, `cancelled`), and a
touch whose `began` reached a view ends there with exactly one `ended` or one
`cancelled`.

Example: a timeline shows `touches began 1` then either `touches ended 1` or `touches
cancelled 1` on the same view, never both.

Sources: SEED-BNR, SEED-10-120 (00:42:22), SEED-11-118.

### R12 · Touches that change together arrive together

Touches that change in one input event reach a view in one delivery; touches that
change at different moments arrive separately.

Example: two fingers lifted in one event: `touches ended 1 (…), 2 (…)` on one line.

Sources: SEED-BNR.

### R13 · Views forward touches up; recognizers are not in that chain

A view that does not handle a touch passes it to its superview, up to the window;
recognizers are not part of this forwarding. gesturec models the views' deliveries,
not what an app's views do with them.

Example: nothing to write in a spec; the engine delivers to the touch's view only.

Sources: DOC:"Using responders and the responder chain", SEED-11-118, W10-121 (00:17:41).

### R14 · One touch per view unless multiple touch is on

A view with `multipleTouch: false` (the default) receives only the first touch of a
sequence that starts in it; its recognizers still receive every touch.

Example: two fingers land on `photo`: the pinch on it sees both, `photo` is delivered
touch 1 only (the by-hand trace's HTML timeline shows it).

Sources: DOC:uiview/ismultipletouchenabled, HDR, SEED-BNR, W17-219 (00:16:24), NEU4.

### R15 · Exclusive touch

While a view with `exclusiveTouch: true` tracks a touch, touches that start in other
views are not delivered to them, and it gets no new touch while another view tracks
one. Recognizers ignore the property.

Example: `view tabCard { exclusiveTouch: true }` in `Examples/BrowserPage.gdl`: a
second card touched during a drag gets no delivery.

Sources: DOC:uiview/isexclusivetouch, EHG, SGR-README.

### R16 · Interruptions cancel everything

A system interruption (a call, an alert) cancels every touch in progress: views and
recognizers are told `cancelled`, and a recognizer that had begun is cancelled.

Example: a trace line `1.000 interrupt` cancels a running pan (`cancelled` action)
and the views' touches (`touches cancelled`).

The project applies the view side of this rule to a view that leaves its window while
fingers are on it (`GestureEngine.removeView(_:time:)`, a trace's `removeView`): the
touches bound to it or its subviews are cancelled for those views, which leave, and
bound to no view from then on, as a touch that recognition took from its view is
(§0.3 step 4; UIKit's `UITouch.view` is nil); the recognizers attached to the removed
views end, cancelled if they had begun, failed otherwise (the scenario
`screen-popped-while-panning`). Removal ends only what the removed subtree holds: the
recognizers of views still in the window keep the touch, its moves and its lift, so a
list keeps scrolling while the cell under the finger is deleted (the scenario
`list-scrolls-on-while-its-cell-is-deleted`).

Sources: DOC:"About the Gesture Recognizer State Machine", SEED-BNR, SEED-11-118, SEED-10-120.

### R17 · Delayed touches keep their time

A touch delivered late (R41) keeps its original timestamp, so speeds and durations are
computed from touch times, never from delivery times.

Example: the timeline writes `touches began 1 (150, 250) at 0.000` on a line at
0.150: delivered late, stamped early.

Sources: W10-121 (00:14:15).

## C. Which recognizers see a touch

### R18 · A recognizer sees touches in its view's subtree

A recognizer receives exactly the touches whose view is its view or inside it: not
those of sibling views, nor of views it contains that are not on the touch's path.

Example: `recognizer zoom = pinch on scroller` sees the touches that land on `photo`
inside `scroller`; a tap on `toolbar` beside it never reaches it.

Sources: DOC:uiview/addgesturerecognizer(_:), HDR, SEED-10-120 (00:15:01).

### R19 · Recognizers are collected when a touch begins

A touch's recognizers are gathered once, when it goes down, from its view up to the
window. A recognizer enabled while the touch is down never receives it.

Example: a trace's `enable pan on scroller` while finger 1 is down: the pan sees the
next finger, not finger 1.

Sources: SEED-11-118, W17-219 (00:17:41), SEED-14-235 (00:36:54).

### R20 · shouldReceiveTouch

A recognizer's `shouldReceiveTouch` predicate is asked once for each new touch; false
hides every phase of that touch from it.

Example: `back.shouldReceiveTouch: touchedView != backButton`: the edge pan never
sees a touch that lands on the back button.

Sources: HDR, DOC:uigesturerecognizerdelegate/gesturerecognizer(_:shouldreceive:),
SEED-10-120 (00:25:37), W17-219 (00:17:55).

### R21 · Disabled recognizers see nothing

A recognizer with `enabled: false`, or disabled by the app, receives no touch and is
not collected.

Example: `recognizer slideshowPan = pan on window { enabled: false }` takes part in
nothing until the app enables it.

Sources: HDR, DOC:uigesturerecognizer/isenabled.

### R22 · Recognizers before views

For every phase of every touch, all the touch's recognizers receive it before its
view does.

Example: on a lift, a tap recognizes, and only then is the view's `touches ended` or
`touches cancelled` written.

Sources: DOC:uigesturerecognizer, HDR, W10-121 (00:03:18), W17-219.

### R23 · Deepest view first, newest first

Recognizers are fed from the deepest view outwards, and on one view the most recently
added first. In a spec, a recognizer declared later was added later.

Example: a pan on `photo` is fed before a pan on `scroller` that contains it.

Sources: SEED-11-118, GESTOUCH; the order on one view *(inferred)* from R50.

### R24 · A decided recognizer hears no more

A recognizer that failed, recognized, ended or was cancelled receives no more phases
of its current touches, not even their end, and is reset when they are over.

Example: after `failed` for a tap that moved too far, its rows see nothing until
`reset`.

Sources: HDR, DOC:uigesturerecognizer/reset(), W10-121 (00:06:22, 00:28:36), W17-219.

### R25 · Ignoring a touch

A recognizer that ignores a touch (`ignore` in a kind's row) stops receiving it, never
cancels it on the view, and no longer holds back its delivery.

Example: the pan's `on down where touchCount > maximumTouches { ignore beyond
maximumTouches }`: a third finger is ignored, not failed.

Sources: HDR, DOC:uigesturerecognizer/ignore(_:for:), W10-121 (00:29:38), W17-219 (00:21:25).

### R26 · Recognizers are not responders

Recognizers do not forward touches anywhere: what one receives, no other object
receives through it.

Example: nothing to write; each recognizer is fed by the engine directly.

Sources: W10-121 (00:17:41), DOC:uigesturerecognizer.

## D. The recognizer state machine

### R27 · The states

A recognizer is `possible`, `began`, `changed`, `ended`, `cancelled` or `failed`;
`recognized` is another name for `ended`. A kind's own states show one of `possible`,
`began` or `changed` outwardly (`holding as possible`).

Example: `kind tapAndDrag` in `Examples/Shared/OneFingerZoom.gdl` has states `armed`
and `pressed` that show `possible`.

Sources: HDR.

### R28 · Discrete and continuous paths

A discrete kind goes from `possible` to `recognized` or `failed`. A continuous kind
goes `possible → began → changed* → ended | cancelled`, or fails from `possible`; once
begun it can only end or be cancelled, never fail. Returning to `possible` is the
engine's doing (reset), never a row's.

Example: the checker rejects `began { on move -> failed }` in a kind.

Sources: DOC:uigesturerecognizer, DOC:"About the Gesture Recognizer State Machine",
W10-121 (00:21:30–00:24:47).

### R29 · Which transitions send actions

Entering `began`, every `changed`, entering `ended` or `recognized`, and entering
`cancelled` each send the recognizer's action; entering `possible` or `failed` never
does.

Example: a pan's timeline has `began`, `changed` lines and `ended`; a failed tap has
no action line, only the decision.

Sources: HDR, DOC:"About the Gesture Recognizer State Machine", W10-121 (00:31:58).

### R30 · Changed on every update

A begun continuous recognizer sends `changed` for every event that updates it, though
its state stays `changed`.

Example: each move of a pan's finger gives one `changed` line with the new
translation.

Sources: DOC:"About the Gesture Recognizer State Machine", W10-121 (00:31:58).

### R31 · A discrete recognizer acts once

A discrete recognizer sends one action when it recognizes: clients read `recognized`
inside it and `possible` after.

Example: a double tap gives one `recognized` line, on the second lift.

Sources: HDR, DOC:"Handling tap gestures", SEED-10-120 (00:20:47), PCK-117.

### R32 · Reset after the sequence

A recognizer stays in its final state until its touch sequence is over; then it is
reset to `possible`, its variables back to their initial values.

Example: the timeline's `reset: its sequence is over` after the last finger of a
recognized tap lifts.

Sources: DOC:"About the Gesture Recognizer State Machine", HDR.

### R32a · A sequence is over per recognizer

A recognizer's sequence is over when every touch it received has ended or been
cancelled, judged for each recognizer, not for the whole window: a failed recognizer
takes no new finger while one of its old fingers is down *(inferred)*.

Example: a long press wins on finger 1; a second finger cannot start the failed pan
while finger 1 stays down.

Sources: SEED-14-235 (00:32:13), R60.

### R33 · Every recognizer must decide

A recognizer that received touches must reach a final state, because one stuck in
`possible` blocks those waiting for it to fail and the touches it delays. The engine
fails a recognizer still `possible` when every touch is over and no timer of it runs.

Example: the timeline's `failed: no touch or timer left to move it (R33)`; lint's
GDL201 and GDL207 find kinds that could stay stuck.

Sources: W10-121 (00:20:40, 00:24:47), W17-219 (00:20:46).

### R34 · Linked recognizers reset together

When `a requires b to fail`, `a` is not reset when it is done; both are reset
together once `b` is decided too.

Example: a single tap that failed when the double tap recognized resets on the same
line time as the double tap.

Sources: W10-121 (00:27:47), NST-GR.

### R35 · Simultaneous actions have no promised order

When several recognizers act in one pass, their order is not something to rely on.
gesturec sends them in a fixed order (its timelines are deterministic), but a spec
must not depend on it.

Example: a pinch and a rotation in one group both `began` on one line time.

Sources: W17-219 (00:10:12).

### R36 · Read the state inside the action

A recognizer's state is meaningful to clients inside its action; elsewhere its inner
state may differ from what was announced (a held recognizer, R54).

Example: the engine's `GestureAction` carries the phase; hosts use it rather than
asking for a state later.

Sources: W17-219 (00:12:57).

### R37 · Actions in the event's pass

Actions are sent while the event is processed, before the touch reaches the view, in
the order of §0.3 (Decision 2).

Example: at a tap's lift, the view's `touches cancelled` (R38) comes first, then the
tap's `recognized`, then the other deliveries, all at one time.

Sources: HDR, W17-219 (00:04:13), a third-party log *(inferred)*.

## E. How recognizers change what views receive

### R38 · Recognizing cancels the view's touches

With `cancelsTouchesInView: true` (the default), a recognizer that begins or recognizes
has its touches cancelled on their views, just before its action, and nothing more of
those touches is delivered.

Example: a pan that begins writes `touches cancelled 1` on the photo, then `began`.

Sources: HDR, DOC:uigesturerecognizer/cancelstouchesinview, W10-121 (00:05:33),
SEED-11-118, SEED-14-235 (00:24:58, 00:38:54).

### R39 · …unless told not to

With `cancelsTouchesInView: false`, the views receive the whole sequence, `ended`
included, beside the recognizer's actions.

Example: `recognizer drag = pan on scroller { cancelsTouchesInView: false }`: the
photo still gets `touches ended`.

Sources: DOC:uigesturerecognizer/cancelstouchesinview, W10-121 (00:07:44), SEED-14-235 (00:25:21).

### R40 · Ends held back

With `delaysTouchesEnded: true` (the default), a touch that lifts while a recognizer
tracking it is still `possible` has its `ended` held until that recognizer fails
(then delivered) or recognizes (then cancelled).

Example: after the first tap of a double tap, the photo's `ended` waits; when the
double tap fails 350 ms later it is delivered.

Sources: HDR, DOC:uigesturerecognizer/delaystouchesended, W10-121 (00:09:08–00:11:45).

### R41 · Beginnings held back

With `delaysTouchesBegan: true`, the view gets nothing of a touch while the recognizer
is `possible`: if it recognizes, the view never hears of the touch; if it fails, the
view gets `began` with the original time and one `moved` to where the finger is now.

Example: the touch-delay kind of the prelude holds a content touch 150 ms (R81).

Sources: DOC:uigesturerecognizer/delaystouchesbegan, W10-121 (00:11:59), SEED-14-235 (00:44:51).

### R42 · Several delayers

When several recognizers delay one touch, a held phase is released only once every
one of them still tracking it has failed or ignored it *(inferred)*.

Example: a touch-delay and a double tap on one view: the view's `began` waits for
both.

Sources: generalises R40, R41; SEED-14-235.

### R43 · Not cancelling, still delaying

A recognizer that delays ends but does not cancel touches, recognizing while it holds
an `ended`, lets the `ended` through instead of cancelling it *(inferred)*.

Example: `tap { cancelsTouchesInView: false }` with the default `delaysTouchesEnded`:
the view gets `touches ended` when the tap recognizes.

Sources: R39, DOC:uigesturerecognizer/delaystouchesended.

### R44 · Controls beat recognizers above them

A control's own action (a button's tap, a slider's drag) wins over recognizers on the
views around it; a recognizer on the control itself wins over the control. In a spec,
a control is a role with `control: button` (or another control): the compiler lists
the recognizers on its ancestors whose gesture is its default action, as Apple names
them (a single-finger single tap on a button, switch, stepper, segmented control or
page control; a single-finger swipe along a slider; a single-finger pan along a
switch's knob), and such a recognizer fails when it would begin on a touch that began
on the control. A swipe or pan counts only when its movement lies along the control's
axis. A custom control claims nothing; its role's `shouldBegin` says what it keeps
(R45). docs/controls.md has the table.

Example: `view save { control: button }` under a panel with `tap on panel`: a tap on
the button is `vetoed: control save's own action takes the touch (R44)`, and the button
sends `touchUpInside` (Tests/Scenarios/button-keeps-its-tap-from-the-panel).

Sources: DOC:"Attaching gesture recognizers to UIKit controls", EHG.

### R45 · Views can veto

A view's `shouldBegin` predicate is asked when a recognizer is about to leave
`possible`, of the recognizer's own view and of the views its touches landed on
(Decision 6); false fails the recognizer.

Example: the timeline's `vetoed: view scrubber's shouldBegin answered false`.

Sources: DOC:uiview/gesturerecognizershouldbegin(_:) *(which views are asked: inferred)*.

## F. Relationships between recognizers

### R46 · One gesture per interaction

By default, the first recognizer to begin or recognize wins, and the others still
`possible` that compete with it fail: exclusion.

Example: a swipe and a pan on one view: the pan begins first and the swipe is
`excluded by pan`.

Sources: SEED-10-120 (00:34:05), DOC:"Coordinating multiple gesture recognizers",
W17-219 (00:06:27), SEED-11-118.

### R47 · Who competes

Exclusion reaches recognizers still `possible` on the winner's view, on a view inside
it or on a view that contains it; recognizers on sibling views never exclude each
other, and a begun recognizer is never excluded. Recognizers related by the view
hierarchy exclude each other even when their touches differ (Decision 5).

Example: a pan on a cell and a pan on a sibling cell run at once under two fingers.

Sources: SEED-10-120 (00:51:45), SEED-14-235 (00:31:55), SEED-11-118, W17-219, GESTOUCH, NST-GR.

### R48 · Simultaneity

A pair that would exclude may both go on when they are in one `simultaneous` group,
when a `shouldRecognizeSimultaneously` predicate of either answers true, or when a
prevention rule says the winner cannot prevent the other. It is asked again whenever
either changes state.

Example: `simultaneous zoom, spin, drag`: pinch, rotation and pan move the photo
together.

Sources: HDR, DOC:uigesturerecognizerdelegate/…shouldrecognizesimultaneouslywith,
W17-219 (00:08:19, 00:09:48), W10-121 (00:39:09).

### R48a · Simultaneity across views

The simultaneity question is asked for every pair that would exclude, on one view or
on views inside one another, not only on one view.

Example: a dot's long press and its drawer's pan in `Examples/DotsDrawer.gdl`.

Sources: DOC:"Allowing the simultaneous recognition of multiple gestures", SEED-14-235 (00:32:55).

### R49 · A tap does not prevent a tap of more taps

A recognized single tap does not exclude a double tap; a recognized double tap does
exclude a single tap. In the prelude: `cannot prevent tap where other.taps > taps`.

Example: with no requirement, a double tap gives a single tap's `recognized` on the
first lift and a double tap's on the second (lint: GDL208).

Sources: HDR, DOC:uigesturerecognizer/canprevent(_:), SEED-10-120 (00:37:14).

### R50 · Ties: deeper, then newer

When several recognizers would leave `possible` on the same input step, the one on
the deeper view wins, and on one view the one added last (declared last).

Example: two identical taps on one view: the later declaration recognizes, the
earlier is excluded (lint: GDL203).

Sources: SEED-10-120 (00:35:05), W10-121 (00:58:09), NST-GR.

### R51 · Ties with prevention rules

In a same-step tie, a recognizer that can prevent the other, which cannot prevent it,
wins whatever the depth or order *(inferred)*.

Example: on a double tap's second lift, the double tap beats a single tap whatever
their order.

Sources: needed for R49's behaviour in SEED-10-120.

### R52 · Continuous beats discrete on one view

Continuous recognizers usually recognize earlier than discrete ones, so a swipe on a
view with a pan never wins unless it is made to wait.

Example: lint's GDL203 reports such a swipe as starved by the pan: it never wins.

Sources: DOC:"Coordinating multiple gesture recognizers", DOC:"Implementing a discrete
gesture recognizer".

### R53 · Failure requirements

`a requires b to fail` keeps `a` looking `possible` until `b` is decided: if `b` fails,
`a` goes on to the state it asked for; if `b` begins or recognizes, `a` fails.

Example: `singleTap requires doubleTap to fail`; the timeline: `held: waiting for
doubleTap on photo to fail`, then `released` and `recognized`.

Sources: DOC:uigesturerecognizer/require(tofail:), HDR, SEED-10-120 (00:38:17).

### R54 · Held recognizers keep going inside

A held recognizer keeps running its rows: when released, its first action is `began`
(or `recognized`) even if it had moved on inside; if the required recognizer wins, it
sends nothing.

Example: a pan held by a requirement starts with `began` at release, with the
translation it has reached.

Sources: W17-219 (00:10:54, 00:12:57, 00:13:40).

### R55 · Requirements cost time

A failure requirement delays the dependent's action until the other fails: a single
tap waiting for a double tap acts the tap interval after the lift. Prefer actions
that can stack; require failure only where they cannot.

Example: lint's GDL202 measures the delay (`held up to 350ms`) and GDL208 finds
stacked taps; `gesturec diff` reports a changed interval as `150 ms later`.

Sources: SEED-10-120 (00:38:17–00:39:41), LB-85.

### R56 · Conditional requirements

A requirement can hold only when a condition does: `a requires b to fail where
condition`, asked at each attempt to recognize. A requirement once in force is not
dropped by a later false answer.

Example: `tapPin requires drag to fail where pinsLocked`.

Sources: HDR, DOC:uigesturerecognizerdelegate/…shouldrequirefailureof, DOC:"Preferring
one gesture over another", W17-219 (00:10:39).

### R57 · Requirements chain; cycles are errors

Requirements compose: `a` waiting on `b` waiting on `c` proceeds only after `b` does.
A cycle is rejected by the checker (GDL310) *(inferred)*.

Example: `a requires b to fail` and `b requires a to fail` is an error.

Sources: *(inferred)*.

### R58 · A held recognizer can still lose

A held recognizer is still `possible`: a third recognizer that wins meanwhile can
exclude it, and it excludes nobody until released *(inferred)*.

Example: a single tap held for a double tap is excluded when a pan begins.

Sources: follows from R53 and R46.

### R59 · shouldBegin

A recognizer's `shouldBegin` predicate is asked when it tries to leave `possible`
(for a held one, when it is released); false fails it, which counts as failing for
those that require it to.

Example: `zoom.shouldBegin: allowZoom` with the hook false: `vetoed: its shouldBegin
answered false`.

Sources: HDR, DOC:uigesturerecognizerdelegate/gesturerecognizershouldbegin(_:),
SEED-10-120 (00:25:19), W17-219 (00:18:31).

## G. Enabling, disabling, attaching

### R60 · Disabling

Disabling a begun recognizer cancels it (one `cancelled` action); disabling a
`possible` one fails it silently. Either way it lets go of its touches and stops
delaying them, and when enabled again it joins only touches that begin afterwards.

Example: a trace's `disable drag on scroller` during a pan: `cancelled`.

Sources: HDR, DOC:uigesturerecognizer/isenabled, SEED-14-235 (00:36:29), W17-219 (00:18:54).

### R61 · Disable and enable to let go

Disabling and at once enabling a recognizer is the sanctioned way to make it give up a
touch it shares with another.

Example: the 2014 session's fix for one finger both dragging a dot and scrolling
(Tests/Scenarios/dragging-while-scrolling-fix).

Sources: SEED-14-235, SEED-14-235-SL.

### R62 · A recognizer has one view

A recognizer belongs to one view role; moving it to another role re-scopes it to that
subtree.

Example: the 2014 session moves a scroll view's pan to its superview to catch drags
where the scroll view is not hit: `recognizer scroll = pan on container`.

Sources: DOC:uiview/addgesturerecognizer(_:), SEED-14-235 (00:12:13, 00:23:32).

## H. Built-in recognizers

### R63 · tap

`tap(taps:, touches:)` is discrete and recognizes when `touches` fingers have tapped
`taps` times; it fails on too much movement, too many fingers, a tap held too long or
a late next tap. The limits are parameters with the project's values (§ Constants).
The project adds `minimumInterval` (0 by default, as UIKit has none): a next tap that
goes down sooner after a lift is a bounce, and the sequence starts over from it.
Flutter's double tap restarts too, but counts its 40 ms from the first tap's
touch-down; the project counts from the lift, which is what a bounce follows.

Example: `tap(taps: 2)`: a double tap; `tap(taps: 2, minimumInterval: 40ms)` ignores a
bouncing finger (the scenario `tap-bounce-restarts-the-sequence`).

Sources: HDR, DOC:"Handling tap gestures", NST-TAP, OR-32467085.

### R64 · A tap's location is its first tap's

A tap reports the location of the first tap of its sequence, the centroid of its
fingers when it needs several.

Example: a double tap whose second tap lands 20 pt away reports the first point.

Sources: HDR, DOC:uitapgesturerecognizer, SEED-10-120.

### R65 · Tap count

A touch's tap count counts quick taps at one spot; the taps of one sequence land near
each other (`allowableSeparation`).

Example: the timeline writes `tapCount 2` on the second touch of a double tap.

Sources: DOC:uitouch/tapcount, SEED-BNR, W10-121.

### R66 · longPress

`longPress` is continuous: 500 ms, 10 pt, no taps, one finger by default; with
`taps: 1` it is a tap then a press.

Example: `longPress(minimumDuration: 300ms)`.

Sources: HDR, DOC:uilongpressgesturerecognizer, SEED-10-120 (00:27:12).

### R67 · How a long press runs

A long press begins once its fingers have stayed down `minimumDuration` within
`allowableMovement` (moving further or lifting sooner fails it), then reports
`changed` on every move with no distance limit, and ends when a finger lifts.

Example: the timeline's `began` at 0.500 on a hold, `changed` on each later move.

Sources: HDR, DOC:uilongpressgesturerecognizer, DOC:"Handling long-press gestures".

### R68 · Measured on the screen

A long press measures movement in screen coordinates, so one inside a scrolling view
fails while the finger drags, and keeps going while content scrolls under a finger
that stays still; custom kinds decide in screen coordinates too, and convert only
the values they report.

Example: the engine's features (`movement`, `translation`) are in window coordinates,
whatever `setBoundsOrigin(_:of:)` does to the views under the finger; an app asks
`location(_:in:)` for a point in a view's own coordinates. The scenario
`long-press-in-scrolling-content` has both cases.

Sources: W10-121 (00:41:33), HDR.

### R69 · pan

`pan(minimumTouches:, maximumTouches:, hysteresis:, direction:)` is continuous: it
begins when enough fingers have moved `hysteresis` (10 pt by default) together,
changes as they move, and ends when all lift. The project adds `direction` (every
direction by default): the larger component of the movement must point in one of
them, and until it does the pan waits, neither begun nor failed. Hammer.js's
`direction` and Flutter's horizontal and vertical drags wait too, but begin once the
component along their axis passes the threshold, whatever the other; the project asks
for the larger component, as a scroll view's direction lock does.

Example: `pan(maximumTouches: 2)` in `Examples/PhotoBrowser.gdl`; `pan(direction:
horizontal)` for a row that slides sideways in a list that scrolls (the scenario
`pan-waits-for-its-axis`).

Sources: HDR, DOC:uipangesturerecognizer, DOC:"Handling pan gestures", OR-13336558.

### R70 · Translation and velocity

A pan's `translation` is counted from where its fingers first touched, not from the
last event; `velocity` is in points per second. At `began`, the translation is
already about the hysteresis.

Example: a pan's `began` line reports `translation (10, 0)` or more.

Sources: DOC:uipangesturerecognizer/translation(in:), …/velocity(in:), SEED-10-120.

### R71 · swipe

`swipe(direction:, touches:)` is discrete and recognizes when the fingers have moved
far enough, fast enough, mostly in an allowed direction; its limits are the
project's: 50 pt within 500 ms, at 300 pt/s on average since the finger landed
(`minimumSpeed`, the figure of Hammer.js's 0.3 px/ms), so a slow drag is no swipe,
tested at the move that reaches the distance; Hammer tests its speed at the lift, over
the whole gesture. It reports where
it started and the direction it recognized in.

Example: `swipe(direction: left)`; `swipe(direction: horizontal)` reports `left` or
`right` (the scenario `swipe-needs-speed`).

Sources: HDR, DOC:uiswipegesturerecognizer, DOC:"Handling swipe gestures".

### R72 · pinch

`pinch` is continuous with two fingers: it begins once their distance has changed
enough, and reports `scale` relative to the starting distance (1 at the start),
`velocity` in scale per second and the midpoint as location.

Example: a pinch outwards reports `scale` above 1.

It changes only while both fingers are down, and ends when both have lifted: once one
lifts, the other moving alone sends nothing, and `ended` comes at the last lift, at
that finger's place (`Tests/Scenarios/pinch-first-finger-lifts`). A finger that lands
while only one is down is not a third (R74): it joins the one down as the pair, and
`scale` goes on from where it was, the measurements re-basing on the new pair so that
nothing jumps (`pinch-a-finger-joins-after-one-lifts`).

**Decision.** Apple's class reference says the gesture "changes when a finger moves
(with both fingers remaining pressed)" and "ends when both fingers lift"; "Handling
pinch gestures" calls the action as the distance between the fingers changes, which
one finger cannot change. Third-party answers report `numberOfTouches == 1` inside
pinch handlers after a lift, which fits an action at `ended` (or at the lift with
`numberOfTouches` already one), not a `changed` from one finger's moves. The project
follows the documentation. Flutter's scale recognizer likewise goes on with a new
pair without a jump.

Sources: HDR, DOC:uipinchgesturerecognizer, DOC:"Handling pinch gestures", SEED-10-120.

### R73 · rotation

`rotation` is continuous with two fingers: it begins after enough turning and reports
`rotation` in radians from the first finger line (positive clockwise on screen) and
its velocity.

Example: a quarter turn clockwise reports about 1.57.

Like the pinch (R72), it changes only while both fingers are down and ends when both
have lifted; a finger that lands while one is down joins it, and `rotation` goes on
from where it was (`Tests/Scenarios/rotation-first-finger-lifts`).

Sources: HDR, DOC:uirotationgesturerecognizer *(sign convention: inferred)*.

### R74 · Two fingers, ignore the rest

Pinch and rotation use the first two touches and ignore others (`ignore beyond 2`)
rather than failing.

Example: a third finger on a pinching photo gives `ignored touch 3`.

Sources: DOC:"Handling pinch gestures", W10-121 (00:29:38).

### R75 · screenEdgePan uses one touch

`screenEdgePan` ignores every touch after the first.

Example: `screenEdgePan(edges: left)` in `Examples/BrowserPage.gdl`.

Sources: DOC:uiscreenedgepangesturerecognizer.

### R75a · screenEdgePan slides in, and holds its content's touches

A screen-edge pan recognizes only a finger that slides *in* from the edge it watches.
Once the finger has moved `hysteresis`, the pan begins if the movement points mostly
inwards (the larger of its components points away from the edge the touch started
at: a window of 45 degrees either side of the inward direction, **chosen**, since
Apple publishes no figure), and fails otherwise: along the edge, or outwards. It is
created with `delaysTouchesBegan: true`, as UIKit creates it, so the content under
the edge gets its touch-down only once the edge pan has failed (R40, R41), and never
when it begins.

Examples: `Tests/Scenarios/screen-edge-pan` (a slide in: the window never hears of
the touch), `screen-edge-pan-along-the-edge` (a button under the edge gets its
touch-down when the pan fails), `screen-edge-pan-outward`.

Sources: HDR `UIScreenEdgePanGestureRecognizer.h` ("only recognizes if the user
slides their finger in from the bezel"); the angle window and `delaysTouchesBegan =
YES` as logged by third parties (`interactivePopGestureRecognizer`'s description).

### R76 · Cumulative values

Pan, pinch and rotation report values from the start of the gesture; a client that
wants deltas subtracts the last value.

Example: successive `changed` lines of a pan grow: `translation (20, 0)`, `(40, 0)`.

Sources: SEED-10-120, DOC:"Handling pinch gestures", DOC:"Handling rotation gestures".

## I. Scroll views and the touch-delay recognizer

### R77 · A scroll view's recognizers

A scroll view is a pan, a pinch when it zooms, and a touch-delay recognizer that never
recognizes but holds content touches back briefly.

Example: a scroller role with `pan`, `pinch` and `touchDelay` recognizers.

Sources: SEED-14-235 (00:41:15–00:42:38), GODOT.

### R78 · The content-touch delay

A scroll view that delays content touches postpones their `began` about 150 ms, until
it can tell a scroll from a touch.

Example: `touchDelay` in the prelude, whose delay is 150 ms.

Sources: DOC:uiscrollview/delayscontenttouches, SEED-14-235 (00:43:38), GODOT.

### R79 · Cancelling content touches

A scroll view that begins scrolling cancels the touches its content was tracking,
except in controls. In a spec: the scroll pan (`scrollPan: true`, which the prelude's
`scrollView` sets) with its default `cancelsTouchesInView: true`. Before it begins it
asks each view already tracking one of its touches (delivered `began`)
`touchesShouldCancel(in:)`, the role's `touchesShouldCancel` property, false for a
control: a view that answers no keeps the touch, and the pan fails, so the scroll
view does not scroll. With `cancelsTouchesInView: false` (`canCancelContentTouches`
false) the pan fails once any view tracks its touch.

Example: a drag on a cell: `touches cancelled` on the cell when the pan begins. A
button held past the touch delay, then dragged: `vetoed: view save tracks the touch
and keeps it from the scroll (R79)`
(Tests/Scenarios/button-held-in-a-list-keeps-the-drag).

Sources: DOC:uiscrollview/cancancelcontenttouches, …/touchesshouldcancel(in:).

### R80 · A resting thumb does not stop scrolling

A scroll view's pan considers only moving touches, so a still finger does not keep a
second from scrolling. In a spec: `ignoresStationaryTouches: true` on the pan.

Example: Tests/Scenarios/scroll-pan-ignores-a-resting-thumb.

Sources: SEED-14-235, HDR.

### R81 · The touch-delay recognizer

A touch-delay recognizer delays touch beginnings, starts a 150 ms timer when a finger
goes down and fails on the timer or a lift: quick taps reach the content at the lift,
fast pans never reach it.

Example: the prelude's `touchDelay`.

Sources: SEED-14-235 (00:42:14–00:46:30), SEED-14-235-SL.

### R81a · A scroll view at its end hands the drag on

Since iOS 17.4 a scroll view whose content is at the end of its axis hands a drag
that pushes past that end to the scroll view around it
(`transfersVerticalScrollingToParent`, `transfersHorizontalScrollingToParent`, both
true by default). Before 17.4, or with the property false, the inner scroll view
keeps the drag.

In a spec: the host gives a scroll view's content size (`contentWidth`,
`contentHeight`, `ViewProperties` and a scene's view fields) and keeps its bounds
origin as its content offset (`setBoundsOrigin`, a trace's `scroll`). The feature
`cannotScroll` of a recognizer is then the set of finger directions in which its
view's content can scroll no further (`down` at the top), and the inner scroll's pan
hands such drags on with `shouldBegin: !(dominantDirection in cannotScroll)`: vetoed
(R59), it fails, and the pan around it, asking to begin on the same move, begins.
The decision is made as the drag begins, as UIKit's is. An app that targets an
earlier iOS leaves the predicate out, or puts it behind a hook
(`!(transfersScrolling && dominantDirection in cannotScroll)`), which is how both
behaviours are tested. A view whose content size is unknown has an empty
`cannotScroll`, so the predicate never vetoes it.

Example: Tests/Scenarios/scroll-at-its-end-hands-the-drag-on and
scroll-keeps-the-drag-before-ios-17-4.

Sources: DOC:uiscrollview/transfersverticalscrollingtoparent,
DOC:uiscrollview/transfershorizontalscrollingtoparent (iOS 17.4).

### R81b · Scrolling that glides

A scroll view released from a drag at speed keeps its content moving and slows it
down (`isDecelerating`), unless the finger rested before it lifted, when scrolling
"stops immediately upon touch-up" (`scrollViewDidEndDragging(_:willDecelerate:)`). A
finger that lands while the content glides stops it, and the content under the finger
gets no tap: the touch is the scroll view's.

In a spec: when a scroll view's pan (`scrollPan`) ends, its view's content glides for
a time that follows the release speed, the pan's velocity at its last move. Content
keeps `decelerationRate` (0.998, `UIScrollView.DecelerationRate.normal`) of its speed
each millisecond, so released at `v` points per second it still has
`v / 1000 · 0.998 / 0.002` points to travel, the projection Apple gives for this rate;
the glide is over once less than half a point is left. A flick at 1875 pt/s glides
3.76 s, one at 300 pt/s 2.85 s. A lift more than 100 ms after the finger last moved
starts no glide. While its view glides, the pan's feature `gliding` is true, and the
prelude's `pan` has the row `on down where gliding -> began`: the finger catches the
content, the pan begins at the touch-down and excludes the recognizers competing for
the touch (R46), and the touch delay still holds the content's touch-down (R41, R78),
so no view below sees it, no tap recognizes and no control tracks it. The caught
content drags on with the finger, its translation counted from the touch-down. A pan
that begins or is cancelled ends the glide; one that ends starts the next from its own
release speed.

Inferred and chosen: Apple documents that content decelerates, and the rate, but not
how a touch stops it. That the pan begins at the touch-down is inferred from what
users see: the content stops under the finger as it lands, the tap under it never
fires, and a drag that follows moves the content at once, with no pan hysteresis to
cross; a pan that begins at the touch-down is the one mechanism that gives all three,
with the rules already here. The rate
per millisecond is the reading of the projection's formula. The half point at which
a glide ends and the 100 ms rest are chosen. A spec cannot set `.fast`, a pager's
snap to its page is not told from a glide, and a glide is not cut short at the end of
the content (where UIKit bounces and stops sooner); the content offset is the host's
(`scroll`), the engine does not move it. Lint's search puts fingers down after
others lift, so it meets caught glides; what it finds on every example, recipe and
case of the conflict corpus is what it found before this rule.

Example: Tests/Scenarios/tap-catches-a-gliding-list; GlideTests.

Sources: DOC:uiscrollview/isdecelerating,
DOC:uiscrollviewdelegate/scrollviewdidenddragging(_:willdecelerate:),
DOC:uiscrollview/decelerationrate-swift.struct, W18-803.

## J. Miscellaneous

### R82 · Ignoring interaction

An app can stop all touch delivery for a while. In gesturec the host simply does not
feed the engine, or interrupts it (R16).

Example: nothing to write; a trace with a pause has no events in it.

Sources: SEED-11-118.

### R83 · Dispatch follows views, not responders

Which recognizers see a touch depends only on which views contain which, never on
who handles actions.

Example: hooks and actions are wired by the host; recognizers are found by R18.

Sources: SEED-11-118.

### R84 · Highlight flashes

A pan that begins while its view shows touch-down feedback makes the feedback flash
on and off; a touch-delay recognizer (R81) or delaying beginnings removes it.

Example: Tests/Scenarios/pan-cancels-the-dot-highlight.

Sources: SEED-14-235 (00:38:35).

### R85 · Recognizers on the deepest view that makes sense

Deeper recognizers compete with fewer others.

Example: lint's GDL208 (doubled) finds a pair on nested views that one finger drives.

Sources: W17-219 (00:14:14).

### R86 · Configuration lives on views and recognizers

Hit-testing and delivery settings belong to views and recognizers, never to touches:
view roles carry their properties, recognizers their flags, relations and predicates.

Example: a spec's `view` and `recognizer` declarations.

Sources: *(inferred)*.

### R87 · Recognizers take the touch types they allow

Every touch has a type, UIKit's `UITouch.TouchType`: a finger on the screen is
`direct`, Apple Pencil `pencil`, a mouse's or trackpad's click `indirectPointer` (in
an app that takes pointer input as such), a finger on a remote's surface `indirect`.
A recognizer receives a touch only if its `allowedTouchTypes` holds the touch's type
(all four by default); a touch it does not take passes it by as if it were not there,
before `shouldReceiveTouch` is asked (R20), and still reaches its view. Where a
recognizer `requiresExclusiveTouchType` (the default), the type of the first touch it
receives in a sequence is the only one it receives until it resets: a finger landing
while a recognizer follows the pencil is not its touch. Views and controls receive
every type. A predicate reads the type as `touchType` (in `shouldReceiveTouch`, the
touch asked about), as a delegate reads `touch.type`.

Example: `draw = pan on canvas { allowedTouchTypes: pencil }` under a scroll view: the
pencil draws and the finger scrolls, each reaching one of the two
(Tests/Scenarios/pencil-draws-finger-scrolls).

Sources: DOC:UIGestureRecognizer/allowedTouchTypes, DOC:UIGestureRecognizer/requiresExclusiveTouchType,
DOC:UITouch/TouchType; *(inferred)*: the type is checked before the delegate is asked.

### R88 · A pointer's scroll drives the pans that allow it

In an app that takes pointer input as such (`UIApplicationSupportsIndirectInputEvents`,
which apps built for iOS 17 and later do by default), a scroll wheel's notches
(`discrete`) and a trackpad's or Magic Mouse's two-finger scroll (`continuous`) are not
touches. A scroll is a sequence of its own, from its start to its end, at the pointer. It
reaches the recognizers of the view under the pointer and of its ancestors whose
`allowedScrollTypes` (UIKit's `allowedScrollTypesMask`) hold its type: none by default,
both for a scroll view's pan. Their `allowedTouchTypes` and touch counts play no part.
It reaches no view, and no `shouldReceiveTouch` is asked, for there is no touch. A
recognizer that follows a scroll counts no touch (`touchCount` is 0, as UIKit's
`numberOfTouches`) and `scrolling` is true for it; its `translation` is how far the
scroll has gone, signed as a finger dragging the content would move, and its `location`
is the pointer. A recognizer follows touches or one scroll, not both, until it resets: a
scroll that starts while it follows a finger passes it by, and so does a finger that
lands while it follows a scroll.

The prelude's pan begins at the scroll's first movement, with no hysteresis, changes on
each movement and ends when the scroll ends. A trackpad's scroll ends when its fingers
lift, at the velocity they had; UIKit's pan reports no momentum of its own, and a scroll
view's content glides from that velocity (R81b). A wheel's single notch begins and ends
the pan with no change between; notches in quick succession make one scroll, whose start
and end the platform draws.

Example: a trackpad scroll over a card with a drag in a scroll view moves the scroll
view, and the card's drag never hears of it (Tests/Scenarios/trackpad-scroll-moves-the-scroll-view).

Sources: DOC:UIPanGestureRecognizer/allowedScrollTypesMask, DOC:UIScrollTypeMask,
DOC:UIApplicationSupportsIndirectInputEvents (`numberOfTouches` is 0; scroll events reach
gesture recognizers only), DOC:TN3210; *(observed)*: GH-UTM-223 (a pan's mask is empty by
default), POINTER-CLIENTS (the phases, a notch's began–ended, no momentum, the translation
per notch), NST-SCROLL (a scroll view's pan takes both types); *(inferred)*: a scroll and
touches never share a recognizer's sequence; *(chosen)*: no hysteresis.

### R89 · A trackpad's pinch and rotation drive the recognizers that take transforms

In the same apps, a pinch or a rotation on a trackpad is a transform: a sequence at the
pointer, with a scale (1 at its start) and an angle (0 at its start, radians, positive
clockwise) that the trackpad measures from its start. It reaches, on the view under the
pointer and its ancestors, the recognizers that `receivesTransform`, which UIKit's pinch
and rotation recognizers do and the prelude's `pinch` and `rotation` say, whatever their
touch types, as for a scroll. It reaches no view. As with a scroll (R88), a recognizer following a transform counts no touch
(`touchCount` 0), `transforming` is true for it, and it follows nothing else until it
resets. Its `scale` and `rotation` are the trackpad's; their velocities are measured as
for fingers. The prelude's pinch and rotation begin, change and end as with two fingers,
their thresholds alike. One transform reaches a pinch and a rotation together; they
exclude each other as with fingers unless they may recognize simultaneously (R47, R48).

Example: Tests/Scenarios/trackpad-pinch-zooms-and-turns-with-no-touch.

Sources: DOC:UIApplicationSupportsIndirectInputEvents (pinch and rotation driven by
transform events; `numberOfTouches` 0), DOC:UIPinchGestureRecognizer/scale,
DOC:UIRotationGestureRecognizer/rotation, DOC:TN3210; *(observed)*: GH-MAPBOX-1744,
GH-RNGH-3864 (`numberOfTouches` 0 with a scale and a velocity); *(inferred)*: the location
is the pointer's, and touch types play no part; *(chosen)*: the thresholds are the two-finger ones.

### R90 · A hover follows the pointer over the views it comes to

In the same apps, the pointer moving over the screen with nothing pressed is a hover, and
so is Apple Pencil held just above it (its touch type is then `pencil`, else
`indirectPointer`). A hover is a sequence from the pointer's coming onto the screen to
its leaving it. It reaches the recognizers that `receivesHover` (UIKit's hover
recognizer; the prelude's `hover`) and take its touch type, on the view under the
pointer and its ancestors, and, as it moves, on each view it comes over: it is found
again under the pointer at every move. It reaches no view. `pointerInside` is true while
the pointer is over the recognizer's view or inside it; a hover's recognizer counts its
one touch (`touchCount` 1: UIKit's hover event carries one `UITouch`) at the pointer's
`location`. The prelude's `hover` begins
when the pointer comes over its view, changes as it moves there and ends when it leaves
the view (then lets the hover go, so that it begins again on coming back) or the screen.
A hover's recognizer takes no touch: a click is a touch of type `indirectPointer`, which
the other recognizers take, and the prelude's hover prevents none of the prelude's other
kinds, so that a click's tap recognizes while the highlight goes on. While a button is
pressed UIKit sends no hover, and the hover's recognizers are as they were: the platform
pauses them, the engine has nothing to do. Hover recognizers on nested views exclude one
another as any do (R47), unless they may recognize simultaneously.

Example: Tests/Scenarios/hover-follows-the-pointer-over-a-button.

Sources: DOC:UIHoverGestureRecognizer (began on entering the view, changed as it moves,
ended on leaving; paused while a button is pressed), DOC:UIHoverGestureRecognizer/zOffset
(Apple Pencil's hover), HDR (`UIHoverGestureRecognizer.h`); *(observed)*: WebKit's
`WKMouseGestureRecognizer` (a hover recognizer receives no click's touch; a hover event
carries one touch), LiveCharts2
PR 2193 (a hover is no exception to exclusion); *(inferred)*: a hover prevents no click's
recognizer while paused for it; a view is found under the pointer by hit testing.

## K. The system's gestures (with a device)

These hold only with a device (`--device`, a scene's `device`, docs/devices.md); without
one the app has the window to itself. The system's gestures are not UIKit recognizers
the app can see (except the back swipe, S5): they run around the app, before its
engine, in `SystemGestures` (GestureSimulation).

### S1 · The system's edge gestures take swipes from their zones

A touch that goes down alone in a system gesture's zone (within its depth of the edge,
on its part of the edge) and travels the gesture's distance inwards, more inwards than
along the edge, is the system's: the app's touches are all cancelled (R16), and the
touches then down reach the app no more until they lift. A touch that moves otherwise
first, lifts first, or is joined by a second finger is the app's. On iOS: the home
swipe up from the bottom edge of a device without a home button, Control Center up from
it with one; Notification Center down from the top edge, Control Center from its right
part. On Android with gesture navigation: back inwards from the left and right edges,
home up from the bottom.

Example: Tests/Scenarios/home-swipe-takes-the-sheets-drag.

Sources: DOC:uiviewcontroller/preferredscreenedgesdeferringsystemgestures;
AND:gesturenav ("Ensure compatibility with gesture navigation"), AND:WindowInsets
(`getSystemGestureInsets`). The zones' figures are in docs/devices.md, most (chosen).

### S2 · iOS holds a touch in its zones while it decides

On iOS the app's touch-down in a zone is held back while the system may still take the
touch: it reaches the app (with its first location) when the system gives up (S1), at
most the profile's `delay` after it went down (1 s, as developers report). A tap there
begins in the app when the finger lifts. Android delivers the touch at once, and a
cancel if the system takes it.

Example: Tests/Scenarios/bottom-edge-tap-begins-at-the-lift.

Sources: DEV-KULMAN, SO-19799961 (developers' reports; Apple documents neither the hold
nor its length); AND:WindowInsets ("simple taps are guaranteed to reach the window").

### S3 · Deferral gives the app the first swipe

While a view whose role has `defersSystemGestures` is on screen, a swipe from a deferred
edge (iOS, `preferredScreenEdgesDeferringSystemGestures`) is the app's, held by no one;
once such a swipe has travelled the gesture's distance, a second swipe from the same
edge within the profile's `secondSwipe` (3 s, chosen) is the system's again. Hiding the
home indicator (`prefersHomeIndicatorAutoHidden`) changes nothing of this.

Example: Tests/Scenarios/deferred-edge-second-swipe-goes-home.

Sources: DOC:uiviewcontroller/preferredscreenedgesdeferringsystemgestures,
DOC:uiviewcontroller/prefershomeindicatorautohidden, UYL-EDGES.

### S4 · Exclusions: within 200 dp an edge, never in the mandatory insets

On Android the views whose role has `excludesSystemGestures` claim their frames from the
back gesture: a touch that starts in a claimed part is the app's. The system honours at
most `exclusionLimit` (200 dp) of claims in vertical extent on each edge, the lowest
kept (chosen), and none inside the mandatory system gesture insets (the home swipe's
zone, whose gesture is not `excludable`).

Example: Tests/Scenarios/exclusion-past-the-budget-goes-back.

Sources: AND:setSystemGestureExclusionRects, AND:WindowInsets
(`getMandatorySystemGestureInsets`, "a limit of 200dp on the vertical extent").

### S5 · The back swipe: the app's recognizer on iOS, the system's on Android

On iOS the back swipe of a pushed screen is a recognizer the app sees, the navigation
controller's `interactivePopGestureRecognizer` (a screen-edge pan of the left edge): a
spec declares it, `backSwipe: true`, and it competes by R46–R53 like any other (a
scroll view requires it to fail). On a device whose system owns the back swipe
(Android's gesture navigation), a `backSwipe` recognizer stands aside (it runs
disabled), and the system's back gesture (S1) takes its place.

Example: Tests/Scenarios/android-back-replaces-the-back-recognizer.

Sources: DOC:uinavigationcontroller/interactivepopgesturerecognizer; AND:gesturenav.

### S6 · A still touch in Android's gesture insets is the app's

On Android a touch in a back or home zone that has not travelled the gesture's distance
after the profile's `hold` (0.5 s, the long-press timeout, chosen) is the app's: the
system stops watching it.

Example: Tests/Scenarios/android-long-press-at-the-edge-stays.

Sources: FLT:systemGestureInsets ("taps and swipe gestures that begin with a long-press
are delivered to the app").

## Decisions

Where the sources are silent or disagree, gesturec decides.

### Decision 1 · Numbers

The prelude's constants: tap interval 350 ms from a lift to the next touch-down, tap
maximum duration 1.5 s, tap allowable movement 45 pt (chosen), long press 500 ms and
10 pt, pan hysteresis 10 pt, touch delay 150 ms; swipe, pinch and rotation thresholds
are the project's. Every one is a parameter a recognizer can override.

Example: `tap(interval: 250ms)`.

### Decision 2 · Order within one event

Within one input event: cancel the views' touches, then send actions, then deliver to
views (R37, R38).

Example: a tap's lift: `touches cancelled` (if it cancels), `recognized`, then other
deliveries, at one time.

### Decision 3 · Reset per recognizer

A recognizer resets once every touch it received is over (R32a); recognizers linked
by a failure requirement reset together (R34).

Example: Tests/Scenarios/failed-recognizer-waits-for-its-touches.

### Decision 4 · A held discrete recognizer ignores new touches

While a discrete recognizer is held by a requirement, touches that begin are not given
to it.

Example: a single tap held for a double tap does not see the double tap's second
finger as a new tap.

### Decision 5 · Exclusion across disjoint touches

Recognizers related by the view hierarchy exclude each other even when they track
different touches (R47): a child's winning pan stops a parent's pinch that a later
finger would start.

Example: Tests/Scenarios/deeper-pan-excludes-outer-pan.

### Decision 6 · Which views are asked shouldBegin

A view's `shouldBegin` is asked of the recognizer's own view and of the views its
touches landed on (R45); a recognizer's `shouldBegin` is asked when it leaves
`possible`, and for a held one when it is released (R59).

Example: `view scrubber { shouldBegin: … }` vetoes an ancestor's pan whose touch landed
on the scrubber.

### Decision 7 · The rest

A finger joining a begun recognizer, a pan past its maximum touches (more fingers
before it began fail it; after, they are ignored, R25), the reference points of scale
and rotation (re-based when their pair of touches changes), and a view without
multiple touch whose first `ended` is held back: decided as the README's "Semantics
decisions" table says, and tested.

Example: the prelude's pan: `on down where touchCount > maximumTouches -> failed` in
`possible`, `ignore beyond maximumTouches` once begun.

## Sources

| key | what it is |
|---|---|
| SEED-10-120 | WWDC 2010 session 120, "Simplifying Touch Event Handling with Gesture Recognizers" (transcript; times as hh:mm:ss) |
| SEED-14-235, SEED-14-235-SL | WWDC 2014 session 235, "Advanced Scrollviews and Touch Handling Techniques": transcript, and slide text |
| SEED-11-118 | WWDC 2011 session 118, "Making the Most of Multi-Touch on iOS" |
| SEED-BNR | Big Nerd Ranch, *iOS Programming*, chapter "Touch Events" |
| W10-121 | WWDC 2010 session 121, "Advanced Gesture Recognition" |
| W17-219 | WWDC 2017 session 219, "Modern User Interaction on iOS" |
| W18-803 | WWDC 2018 session 803, "Designing Fluid Interfaces": the projection of a release velocity under a deceleration rate, `v / 1000 · r / (1 − r)` |
| HDR | UIKit's public headers (`UIGestureRecognizer.h` and the recognizers', `UIView.h`) and their comments |
| DOC:x | Apple's UIKit reference or article *x* on developer.apple.com |
| SGR-README | Apple's "SimpleGestureRecognizers" sample, its ReadMe |
| EHG | Apple's former *Event Handling Guide for iOS*, as quoted by third parties |
| NEU4 | Matt Neuburg, *Programming iOS 4*, "Touch Delivery" |
| OR-13336558, OR-32467085 | OpenRadar reports asking for the pan's hysteresis and the tap interval to be public |
| NST-TAP, NST-GR | Class-dumped private UIKit headers (names only) |
| GODOT | The Godot engine's iOS view, which uses a 150 ms touch delay |
| GESTOUCH | Gestouch, a UIKit-modelled gesture library: exclusion and tap timings |
| PCK-117 | PivotalCoreKit PR 117: a discrete recognizer reads `recognized` in its action |
| LB-85 | Lightbox PR 85: the single-tap delay when a double tap must fail |
| AND:x | Android's developer reference or guide *x* on developer.android.com (`WindowInsets`, `View.setSystemGestureExclusionRects`, "gesturenav") |
| FLT:x | Flutter's API reference *x* (api.flutter.dev), which states Android's behaviour |
| DEV-KULMAN | Igor Kulman, "Why is there a lag in iOS gesture detection near the edges of the screen?" (blog.kulman.sk) |
| SO-19799961 | Stack Overflow question 19799961, "UISystemGestureGateGestureRecognizer and delayed taps near bottom of screen" |
| UYL-EDGES | useyourloaf.com, "Avoiding Conflicts with System Gestures at Screen Edges" |
| GH-UTM-223 | UTM's GitHub report 223: a pan receives no scroll until its `allowedScrollTypesMask` is set |
| GH-MAPBOX-1744, GH-RNGH-3864 | GitHub reports 1744 of mapbox-maps-ios and 3864 of react-native-gesture-handler: a trackpad's pinch reaches a pinch recognizer with no touch |
| POINTER-CLIENTS | Open-source UIKit clients that handle pointer scrolls: Uno Platform's pointer source, Avalonia PR 19342, SDL PR 6412, moonlight-ios's stream view (their comments on phases, notches and momentum) |
| NST-SCROLL | Class-dumped UIKit (`UIScrollViewPanGestureRecognizer` sets its scroll mask to all) |
"""##

    static let diagnostics = ##"""
# Diagnostics

Every diagnostic has a stable id. Once released, an id keeps its meaning; a retired
id is not reused. The text form is swiftc's, so Xcode and editors pick it up:

```text
Examples/Invalid/Names.gdl:13:22: error: unknown recognizer 'dubleTap' [GDL103]
  singleTap requires dubleTap to fail
                     ^~~~~~~~
Examples/Invalid/Names.gdl:8:14: note: did you mean 'doubleTap'?
  recognizer doubleTap = tapp(taps: 2) on photo
             ^~~~~~~~~
```

Columns count bytes from 1; the caret line counts characters and keeps tabs, so it
lines up with the source line above it. With `--diagnostics-format json` the same
reports are printed as one JSON document:

```text
{"diagnostics":[{"path":"…","line":13,"column":22,"end":{"line":13,"column":30},
  "severity":"error","id":"GDL103","message":"unknown recognizer 'dubleTap'",
  "notes":[{"path":"…","line":8,"column":14,"end":{"line":8,"column":23},
  "message":"did you mean 'doubleTap'?"}]}],"suppressedErrors":0}
```

`end` is exclusive. `suppressedErrors` counts the errors past the limit (20 unless
`--all-errors`) that were counted but not stored. A note that proposes a
repair (a misspelled name, a missing unit, UIKit's name for a parameter or property)
carries it as `"fix": {"path", "line", "column", "end", "text"}`: the range to replace
and the text to put there, as swiftc's fix-its.

Fix-its never change what a quantity means. A distance has one unit, so `45` gets
the one repair `45pt`; a duration, an angle or a rate has several, so `0.8` gets two
notes, `write '0.8ms' for milliseconds` and `write '0.8s' for seconds`, each with
its fix, and the author chooses (an editor offers both as quick fixes). UIKit's
parameter names carry UIKit's unit: `longPress(minimumPressDuration: 0.8)` is
repaired to `minimumDuration: 0.8s`, the label and the value together.

`gesturec check --fix` applies the repair of every diagnostic that it shows (the
error limit applies; `--all-errors` lifts it) and that proposes exactly one, to the
files named, in a few rounds, since a repair can reveal the next (a kind's name
fixed, its argument's unit is found). It prints one line per repair, `gesturec:
fixed a.gdl:3:31: MESSAGE: wrote 'TEXT'`, and one per diagnostic that offers a
choice, `gesturec: not fixed …: its notes offer several repairs; choose one`, then
reports what is left. Files are written as `docs/limits.md` says ("Writing files"). Lint's JSON and SARIF carry
the same repairs (`fix`, and SARIF's `fixes`). Text goes to standard error; `check
--diagnostics-format json` writes its JSON to standard output, which carries nothing
else, so a pipe reads it (`gesturec check --diagnostics-format json a.gdl | jq`);
`build` and `lint`, whose standard output carries their output, write it to standard
error.
Colour is used only when standard error is a terminal and `NO_COLOR` is unset.

Messages are lowercase and have no final period. A fix, when there is one, is a
separate note ("did you mean …?", found by edit distance and pointing at the
declaration it suggests).

## Lexical (GDL001–GDL019)

| id | message | cause |
|---|---|---|
| GDL001 | unexpected character 'X' | a character that starts no token outside comments and strings |
| GDL002 | invalid UTF-8 | a byte sequence that is not well-formed UTF-8 (RFC 3629) |
| GDL003 | unexpected NUL byte | one or more NUL bytes |
| GDL004 | unterminated string literal | a string reaching the end of the file |
| GDL005 | invalid escape sequence '\X' in string | escapes other than `\"` and `\\` |
| GDL006 | unterminated '/*' comment | a block comment (they nest) never closed |
| GDL007 | unknown unit 'X' | a number suffix other than `ms s pt deg rad` |
| GDL008 | string literal cannot span lines | a newline inside a string |
| GDL009 | invalid number 'X' | an integer above 2147483647 or a number that is not finite |

## Syntax (GDL020–GDL099)

| id | message | cause |
|---|---|---|
| GDL020 | expected X, found Y | a token other than the one the grammar requires. A `}` left out is reported once, as `expected '}' to close view 'V'`, at the end of the file or where a declaration the block cannot hold begins (a `recognizer` in a view's body), with a note at the brace left open and, when a `}` inside it is indented as that brace's line is, a note that the block it closes may be the one left open; UIKit's `require(toFail:)` in a recognizer's body gets a note with the language's line |
| GDL021 | expected 'gestures' or 'kind' declaration, found X | something else at the top level |
| GDL022 | expected a view, recognizer, hook or relation, found X | something else in a gesture set |
| GDL023 | expected a state, 'var', 'report', prevention rule or property, found X | something else in a kind |
| GDL024 | expected a property or nested view, found X | something else in a view's body |
| GDL025 | expected an expression, found X | a missing operand; Swift's `.left` gets a note and a fix: the language writes a value as a bare word, `left` |
| GDL026 | expected an event (…), found X | after `on`, a word that is not an event |
| GDL027 | expected an action (…), found X | in a transition's block, something that is not an action |
| GDL028 | unknown declaration 'X' | a misspelled declaration word (`recogniser`) |
| GDL029 | nesting is too deep (the limit is 64 levels) | parentheses, lists, unary operators or views nested too deeply |
| GDL030 | imports must come before all declarations | an `import` after a set or kind |
| GDL031 | comparisons cannot be chained; combine them with '&&' | `a < b < c` |
| GDL032 | a transition needs a target state ('-> STATE') or an action block, or both | `on down` alone |
| GDL033 | this expression has more than 256 operators; split it with a hook or a variable | a machine-made chain `h && h && …`: every later stage walks an expression as deep as it is long, so the length is bounded like nesting |
| GDL034 | a spec may be at most 2147483647 bytes; split it into files that import each other | a file of 2 GiB or more, which only a raised `GESTUREC_MAX_FILE_SIZE` lets through: the syntax tree keeps offsets in 32 bits |

## Names and structure (GDL100–GDL199)

| id | message | cause |
|---|---|---|
| GDL100 | cannot import 'X': reason | the imported file cannot be read |
| GDL101 | import cycle: a -> b -> a | files importing each other; reported where the cycle closes |
| GDL102 | invalid redeclaration of W 'X' | a second kind, set, view role, recognizer, hook, parameter, variable, state or reported value of one name |
| GDL103 | unknown W 'X' | a name that does not resolve: kind, view role, recognizer, state, timer, type, variable, function or name |
| GDL104 | W has no property 'X' | a property a view role, recognizer or kind does not have; the notes map UIKit's names (`isUserInteractionEnabled` is `interactive`), say how the language does what a UIKit setting did (`delaysContentTouches`: a `touchDelay` recognizer), point a property written on the wrong owner to the right one (a recognizer's `hitSlop` to its view role, a view role's `cancelsTouchesInView` to a recognizer on it), or give the closest name, and list the properties with their types |
| GDL105 | property 'X' is set more than once | in a body, or in a body and a `name.property:` line |
| GDL106 | kind 'K' has no parameter 'X' | an argument label the kind does not declare; the notes give UIKit's name mapped to the kind's (`numberOfTapsRequired` is `taps`) or the closest parameter, and the kind's parameters with their types and defaults |
| GDL107 | argument 'X' is given more than once | |
| GDL108 | missing argument 'X' for kind 'K' | a parameter without a default, not given |
| GDL109 | 'X' is a built-in name and cannot be declared | a declaration named like a feature, constant or `other` |
| GDL110 | 'X' is W, not V | a view role where a recognizer is needed, and so on |
| GDL111 | view roles contain each other: a -> b -> a | a cycle through nesting and `in` |
| GDL112 | view role 'X' cannot be its own parent | `view a in a` |
| GDL113 | kind 'K' has no 'possible' state | every kind starts in `possible` |
| GDL114 | 'X' is a final state and cannot have transitions | a state block for `recognized`, `ended`, `cancelled` or `failed` |
| GDL115 | 'X' is not a state a recognizer can show while running | `as` followed by something other than `possible`, `began` or `changed` |
| GDL116 | 'X' is a UIKit state and cannot be shown as another | `began as changed` |
| GDL117 | cannot assign to W 'X' | assigning to a parameter or a built-in value |
| GDL118 | 'F' takes N arguments, found M | a call with the wrong number of arguments |
| GDL119 | 'other' is only available in prevention rules and shouldRecognizeSimultaneously | |
| GDL120 | W has no member 'X' | `velocity.z`, `other.tap`, a member of a value that has none |
| GDL121 | 'X' is not a function | calling something that is not a function |
| GDL122 | a component holds recognizers and their relations, not … | a view role, a hook or a `use` inside a component (Grammar.md, "Components") |
| GDL123 | a component's recognizers are on its view 'V' | a recognizer of a component on another role; the fix names the component's view |
| GDL124 | 'P' is a property of C, and 'V' is not one | a control's property (`axis` on a slider or a switch, `trackingMargin` on any control) on a view role that is not such a control; the note makes it one (docs/controls.md) |
| GDL125 | 'V' is not a control, so it cannot stand for a gesture with VoiceOver | a recognizer's `accessibility` names a view role that is no control; the notes say what it may name (docs/accessibility.md) |
| GDL126 | 'accessibility: action' takes its label from the doc comment, and 'R' has none | the note offers a label in quotes or a `///` comment (docs/accessibility.md) |

## Lint (GDL200–GDL299)

`gesturec lint` reports these as warnings on specs that check clean (`--strict`
makes them fail). `docs/lint.md` explains how each is found;
`gesturec lint --explain ID` prints its explanation with a spec that triggers it and
one that does not.

| id | name | finds |
|---|---|---|
| GDL201 | requirement-never-resolves | `a requires b to fail` where b's kind cannot fail while a finger is down (R33) |
| GDL202 | latency-budget | opt-in (`--latency-budget`, `--enable`): failure requirements holding a recognizer's action longer than the budget, measured through whole chains |
| GDL203 | starved | a participant that acts alone on a class of inputs (every input, a place, a direction, a rest, a hook value) but never with the others, to a rival that wins by default (a tie, R50; a rival inside it that starts first, for a one-finger drag); a gesture of several fingers a rival began from moving fingers before it could; a view whose plain taps never end (R38, R39); with `--scene`, a place the scene keeps from a view (R1, R2, R4) |
| GDL205 | unreachable-state | a kind's state no row enters; a kind that can never recognize |
| GDL206 | dead-row | a row after an unguarded one for the same state and event; a row on a timer never started |
| GDL207 | stuck-state | a kind's state with no path to `ended`, `cancelled` or `failed` |
| GDL208 | doubled | two participants that both act on one touch sequence with no declaration that both may (a single and a double tap with no requirement, R55); a simultaneous pair on nested views that one finger drives |
| GDL221 | delivery-changed | a view that acts on its own touches whose touch, under one finger, gets `began` as it goes down and `cancelled` under 150 ms later (a highlight that flashes, R39, R78, R81), or `touches ended` after a drag a recognizer around it began with and left it (R38, R39) |
| GDL222 | late | a participant that acts later with the others than alone by a wait no declaration bounds: a recognizer held until the finger lifts, or 100 ms or more, by recognizers that did not fail by their own timers (R53); a view whose plain tap gets `touches ended` 100 ms or more after the lift (R40) |
| GDL210 | many-fingers-or-taps | opt-in (`--enable`): a gesture of 3 or more fingers or taps |
| GDL211 | small-hit-target | a view role's `minimumTarget` under 44 pt |
| GDL212 | non-interactive-role | a recognizer on a role that is not interactive, hidden or transparent (R1, R8) |
| GDL213 | delayed-began-waits-long | `delaysTouchesBegan` on a recognizer whose timers run over 250 ms |
| GDL214 | scene-small-target | with `--scene`: a view with recognizers whose touch target is under 44 × 44 pt as placed (R7) |
| GDL215 | no-accessible-alternative | opt-in (`--enable GDL215`): an app's recognizer whose action nothing reaches while VoiceOver or Switch Control runs: no `accessibility`, not a one-finger single tap, not foreign, not the back swipe, not a scroll view's pan or touch delay (docs/accessibility.md) |
| GDL224 | system-takes-the-swipe | on a device (`--device`, a scene's `device`): a recognizer that only an edge can start, whose swipe from that edge the system's gesture takes (S1, S2) |
| GDL225 | wins-only-by-deferral | on a device: a recognizer that only an edge can start, which wins there because the edge is deferred, so the system's gesture takes a second swipe (S3) |
| GDL226 | back-swipe-conflict | on a device: a recognizer that takes the back swipe from the app's `backSwipe` recognizer (iOS), or that only an edge swipe starts and loses to the system's back (Android) (S5) |
| GDL227 | exclusion-not-honoured | on a device, with `--scene`: an exclusion area past the 200 dp an edge the system honours, or inside the mandatory gesture insets (S4) |
| GDL228 | deferral-unneeded | on an iOS device: an edge deferred where no recognizer needs a swipe from it, or where the device has no system gesture (S3) |
| GDL229 | target-in-delay-zone | on an iOS device, with `--scene`: a view with recognizers whose touch target reaches into a zone where the system holds touches back, with the delay a tap met (S2) |
| GDL220 | fragile | which participant acts first changes within a hand's ordinary variation (a rest of up to 100 ms before moving, fingers landing up to 100 ms apart, 5 pt of drift), or an `allowableMovement` within 5 pt of a related `hysteresis` or `minimumDistance` |
| GDL204 | shared-touch-hazard (former) | now part of GDL208 doubled (docs/lint.md, "The classes of difference"); a suppression, `--disable` or `--explain` naming it names that class |
| GDL215 | scene-unreachable (former) | now part of GDL203 starved (docs/lint.md, "The classes of difference"); a suppression, `--disable` or `--explain` naming it names that class |
| GDL216 | scene-covered (former) | now part of GDL203 starved (docs/lint.md, "The classes of difference"); a suppression, `--disable` or `--explain` naming it names that class |
| GDL217 | lost-by-place (former) | now part of GDL203 starved (docs/lint.md, "The classes of difference"); a suppression, `--disable` or `--explain` naming it names that class |
| GDL218 | second-finger-too-late (former) | now part of GDL203 starved (docs/lint.md, "The classes of difference"); a suppression, `--disable` or `--explain` naming it names that class |
| GDL219 | touches-never-end (former) | now part of GDL203 starved (docs/lint.md, "The classes of difference"); a suppression, `--disable` or `--explain` naming it names that class |
| GDL223 | end-after-drag (former) | now part of GDL221 delivery-changed (docs/lint.md, "The classes of difference"); a suppression, `--disable` or `--explain` naming it names that class |
| GDL290 | suppression-without-reason | a `// lint off` comment without a reason (it silences nothing) |
| GDL291 | unused-suppression | a `// lint off` comment that silences no finding |
| GDL292 | exploration-bounded | a note: lint searched the places of only the first roles of a set (docs/limits.md), or a recognizer no explored input reached, with the bound that cut it |

## Types, ranges, relations and state machines (GDL300–GDL399)

| id | severity | message | cause |
|---|---|---|---|
| GDL300 | error | W must be T, found U | a value of the wrong type: an argument, property, guard, condition, requirement, assignment or operand |
| GDL301 | error | W is a T and needs a unit | a bare number where a duration, distance, angle or a rate of one is needed; the note gives the fixed literal (`write '250ms'`, `write '100pt / 1s'` beside a speed) |
| GDL302 | error | 'op' cannot combine T and U | operands of different dimensions (`elapsed > movement`) or types; a quantity beside its rate (`velocity.y > 100pt`) gets a note: `write '100pt / 1s'` |
| GDL303 | error | kind 'K' requires C, but X is V | arguments, or a kind's own defaults, that break one of its `require` lines |
| GDL305 | error | 'P' must be R, found V | a view property out of range (`alpha` outside 0…1, negative `minimumTarget`), an accessibility label with no word in it |
| GDL306 | error | argument 'a' is out of range: V is beyond the largest value the tables hold, 2147483647 | a constant argument, literal or expression, that the tables cannot hold: infinite, beyond 2³¹ − 1 in its base unit (seconds, points, radians), or an `int` with a fraction (`taps: 1000000000 * 1000000000`) |
| GDL307 | error | the unit of this 'op' has a power of time, length or angle beyond 127 | a product or quotient whose unit would be a distance to the 128th power or the like (`translation.x * translation.x * …` 128 times): no quantity has it, and the checker's dimensions stop there |
| GDL310 | error | failure requirements form a cycle: a -> b -> a; … | `requires … to fail` edges that loop (R57); notes at each edge |
| GDL311 | error | 'a' cannot require itself to fail | |
| GDL312 | error | 'a' appears twice in one simultaneity group | |
| GDL313 | warning | 'a' (on 'r') and 'b' (on 's') never see the same touch, so this relation never applies | a relation between recognizers on roles that are not on one ancestor chain (R18) |
| GDL320 | error | a discrete kind cannot enter 'S' | a discrete kind entering `began`, `changed` or `cancelled` (R28) |
| GDL321 | error | a continuous kind must begin before it can enter 'S' | `ended`, `recognized` or `cancelled` from a state that has not begun (R28) |
| GDL322 | error | a continuous kind cannot enter 'S' from 'T' | failing, or returning to a possible state, once begun (R28) |
| GDL323 | error | a recognizer cannot begin twice | entering a `began` state from a state that has already begun (R28) |
| GDL324 | warning | timer 'T' is started but no transition handles it | |
| GDL325 | error | timer 'T' is started after D when a timer fires, so it would fire again at the same instant, forever | an `on timer` row that starts a timer with a constant delay of 0 or less; a delay the checker cannot know is caught when it runs (`EngineError.timerDoesNotAdvance`) |
| GDL326 | warning | hook 'H' is declared, but nothing reads it | a hook that no predicate (`shouldBegin`, `shouldReceiveTouch`, `shouldRecognizeSimultaneously`, a view's `shouldBegin`) or relation condition reads: the state a spec meant to test and forgot. The app's answer changes nothing |
| GDL900 | error | internal compiler error: …; please report it | `gesturec build` could not lower something the checks accepted, or produced tables that fail validation. It is a bug in gesturec, reported at the construct instead of crashing |

## Scenes and traces (GDL500–GDL599)

Reported by `gesturec simulate` at the JSON value that is wrong (docs/traces.md).

| id | severity | message | when |
|---|---|---|---|
| GDL500 | error | malformed JSON: … (or, in the text form, what was expected) | the file is not JSON (RFC 8259), or a line of the text form does not parse; for `gesturec convert`, a WebDriver Actions body or a trace's touches it cannot read (a pointer lifted that is not down, an element origin, …) |
| GDL501 | error | W must be T, found U | a field of the wrong type, a frame that is not four numbers, a field given twice |
| GDL502 | error | O has no field 'F' | an unknown field; a note suggests the closest known one. A recording's hit view (`on VIEW`, `"view"`) on a touch that is not going down |
| GDL503 | error | O needs a field 'F' | a required field is missing |
| GDL504 | error | unknown view role / view / recognizer / hook 'N'; recognizer 'R' is attached to 'A' views, and view 'V' is a 'B' | a name the spec or the scene does not declare; a `setEnabled` or a recording's `saw` naming a recognizer with a view of another role (a note names a view of the right role); an unknown recognizer state in a `saw` |
| GDL505 | error | view 'V' is declared twice | two views with one id |
| GDL506 | error | view 'V' names parent 'P', which is not declared before it; views form a parent cycle: … | parents come first; a cycle is reported once |
| GDL507 | error | view 'V' of role 'R' cannot sit in a view of role 'P' | the role's declared parents do not include the parent's role |
| GDL508 | error | time goes backwards: … | an event earlier than the one before |
| GDL509 | error | W must be a finite number | a time or coordinate the engine refuses as not finite (a number too large for a double is already malformed JSON, GDL500) |
| GDL510 | error | touch N is not down | a move, lift or cancel of a touch that is not down |
| GDL511 | error | touch N is already down | a second `down` of a touch still down |
| GDL512 | error | touch N changes twice in one event | one event lists a touch twice |
| GDL513 | error | more than 64 touches down at once | |
| GDL514 | error | unknown touch phase 'P' | a phase other than down, move, up, cancel |
| GDL515 | error | an event needs one of 'touches', 'setEnabled', 'setHook', 'setProperties', 'addView', 'removeView', 'setFrame', 'setParent', 'scroll', 'interrupt' or 'saw' | an event with nothing to do |
| GDL517 | error | W must be R, found V | a trace time beyond ±10⁹ s, or a frame's value or a scroll's coordinate beyond ±10⁹ pt (`docs/limits.md`) |
| GDL518 | error | view 'V' was removed earlier in the trace | an event names a view that an earlier `removeView` removed, or that was in one it removed; the note points at that event |
| GDL516 | error | a timer of R fired again at T s, the instant it fired: its kind restarts it with no delay; the simulation stops here | a custom kind whose `on timer` row restarts a timer with a delay of 0 from its arguments, or one the clock cannot add at that time (GDL325 catches constant delays) |
| GDL519 | warning | touch N lands on no view at (X, Y), so nothing sees it (R10); K later touches land on none too | a touch goes down where no view of the scene takes it: outside every frame, or on views hidden, not interactive or transparent there (R1–R4). Reported once per run, at the first such touch. `gesturec test` fails a test none of whose touches lands on a view (GDL607) |
| GDL520 | error | touch N goes down on a scene with no views, so nothing can see it; the simulation stops here | a trace with touches and no scene (`simulate` without `--scene` or `view` lines; a test file without `scene` or `view` lines); the note says where the views go |
| GDL530 | error | 'R' on V S at T s in the recording, and not in the engine; … in the engine, and not in the recording; … in the recording, and at T′ s in the engine | `gesturec verify`: a state an app's recognizer reached in a recording (`saw`) that the engine's did not reach within the tolerance, or the reverse, or both at times further apart than the tolerance (docs/recording.md). What the engine did with the recognizer until then follows |

## Test files (GDL600–GDL699)

`gesturec test` reads `.gdltest` files (`docs/testing.md`); a mistake stops the tests
it concerns. Mistakes in a test's trace are the trace reader's (GDL5xx), located in the
test file.

| ID | severity | message | cause |
|---|---|---|---|
| GDL600 | error | expected W, found 'X' (and other reading mistakes) | a line that is not a header, a view, `test`, an event, `until` or a well-formed `expect` |
| GDL601 | error | W belongs to a test: write it after a 'test "name"' line | an event, `until` or `expect` before the first test |
| GDL602 | error | 'K' is given twice; the scene is given twice | two `spec`, `set` or `scene` lines, or a `scene` file and `view` lines |
| GDL603 | error | a test file with no test | a file without a `test` line |
| GDL604 | error | two tests are named "N" | test names are unique in a file |
| GDL605 | error | no recognizer in S 'R'; did you mean 'Q'? | an expectation names a recognizer the set lacks, or a view the scene lacks |
| GDL606 | error | test "N" expects nothing, so it cannot fail; add an 'expect' line | a test without an expectation |
| GDL607 | error | test "N" cannot fail: none of its touches lands on a view of the scene, so nothing sees them (R10) | every touch of the test goes down where no view takes it (GDL519 says where) |
| GDL608 | error | 'expect never …' cannot fail: no touch of the test reaches R (R18); its touches land on … | a `never` about a recognizer on none of the views the test's touches land on or their parents, about a view no touch lands on, or about control events of a view that is no control: it holds whatever the spec does |
| GDL610 | error | test "N" failed: expected 'E'; got A | not a mistake of the file: the first expectation of the test that does not hold, with what happened |


## Import (GDL700–GDL799)

`gesturec import` reads an app's code and never fails on it: what it cannot read is in
its summary, by file and line (docs/import.md). Its own inputs can be wrong:

| ID | severity | message | cause |
|---|---|---|---|
| GDL701 | error | this scene cannot nest the draft: R | the file given to `--scene` is not JSON, or not an object with a `views` array whose views have an `id` |


GDL304 was used during development and is retired. Ids GDL2xx are reserved for
`gesturec lint`, GDL9xx for internal errors.

A name that exists but is not a constant where one is needed (a hook or a feature in
`enabled`, a delivery flag, a default or a prevention condition) is reported as
GDL103 `unknown constant 'x'`, with a note saying what `x` is.
"""##

    static let grammar = ##"""
# The `.gdl` language

This is the reference for gesture description files (`*.gdl`): their lexical
structure, every production of the grammar in EBNF, what each construct means, and
how names are resolved. Every production has an example. Each example is a complete
file: a test (`DocumentationTests`) parses and checks every `gdl` block of this page
and of the README, so the examples cannot drift from the compiler.

Semantics that the runtime gives these constructs are in `docs/semantics.md` (rules
R1–R87), cited as "R53" and so on. The standard kinds (`tap`, `pan`, …) are written in
this language too; `gesturec prelude` prints them.

Contents: [Notation](#notation) · [Lexical structure](#lexical-structure) ·
[Files and imports](#files-and-imports) · [Gesture sets](#gesture-sets) ·
[View roles](#view-roles) · [Recognizers](#recognizers) · [Hooks](#hooks) ·
[Relations](#relations) · [Kinds](#kinds) · [Expressions](#expressions) ·
[Types and units](#types-and-units) · [Names and scopes](#names-and-scopes) ·
[Design notes](#design-notes) ·
[The whole grammar](#the-whole-grammar)

## Notation

```ebnf
Production = Alternative { "|" Alternative } .   (* Wirth's EBNF, as in Go's spec *)
[ x ]      (* x is optional *)
{ x }      (* x repeats zero or more times *)
( x | y )  (* grouping *)
"word"     (* a keyword or punctuation, spelled exactly *)
```

Newlines carry no meaning: a declaration may span lines, and several may share one.
A `;` may separate members anywhere and is ignored.

## Lexical structure

A file is a sequence of bytes, read as UTF-8. Comments and strings may hold any valid
UTF-8; everywhere else only ASCII is allowed. Invalid UTF-8, NUL bytes and other
unexpected characters are reported once per run, and reading goes on after them.

```ebnf
Identifier = Letter { Letter | Digit } .
Letter     = "a" … "z" | "A" … "Z" | "_" .
Digit      = "0" … "9" .
Number     = Digit { Digit } [ "." Digit { Digit } ] [ Unit ] .
Unit       = "ms" | "s" | "pt" | "deg" | "rad" .
String     = '"' { character other than '"', '\' or newline | '\"' | '\\' } '"' .
```

- **Comments.** `// …` runs to the end of the line. `/* … */` may span lines and
  nests, as in Swift. `/// …` is a *doc comment*. Consecutive `///` lines document
  the declaration that follows (a gesture set, view role, recognizer, hook or kind),
  and `gesturec build` carries them into generated code: each line without its `///`,
  one space after it and its trailing whitespace.
- **Layout** (spaces, tabs, line breaks) separates tokens and means nothing else;
  `gesturec format` writes the canonical one (`docs/editors.md`).
- **Numbers** are decimal, with an optional fraction and an optional unit written
  directly after the digits: `2`, `0.5`, `350ms`, `0.35s`, `45pt`, `30deg`,
  `0.5rad`. A number without a decimal point is an integer and may be an `int`;
  integers are at most 2147483647. An unknown suffix (`45px`) is an error with the
  closest unit suggested.
- **Strings** appear only as import paths. The escapes are `\"` and `\\`.
- **Reserved words**, which cannot be identifiers: `import gestures kind view
  recognizer hook simultaneous var report on where in as true false`.
- **Contextual words** are ordinary identifiers with a meaning in one position:
  `requires to fail cannot prevent be prevented by` in relations and prevention
  rules, `require` in kinds, `discrete continuous` after a kind's parameters (elsewhere
  they are scroll types, R88), `down move up cancel timer` after `on`, `start stop timer after ignore beyond restart`
  in actions, `component` at the start of a declaration, and `use` at the start of a
  set member.
- **Punctuation and operators**: `{ } ( ) [ ] , : ; . -> = += -= + - * / ! == != <
  <= > >= && ||`.

## Files and imports

```ebnf
File   = { Import } { GestureSet | KindDecl } .
Import = "import" String .
```

A file holds imports, then any number of gesture sets and kinds, in any order. An
import names another `.gdl` file by a path relative to the importing file (`..` and
`.` allowed), and brings all its kinds and gesture sets into reach. Imports are
followed transitively. A file imported twice is read once. An import cycle is an
error reported where it closes, with a note at each import along it. The prelude is
imported implicitly by every file.

```gdl
// Shared kinds come from another file; this one adds its own gesture set.
import "Examples/Shared/OneFingerZoom.gdl"

gestures Map {
  view window
  recognizer zoom = tapAndDrag on window
}
```

## Gesture sets

```ebnf
GestureSet = "gestures" Identifier "{" { SetMember } "}" .
SetMember  = ViewDecl | RecognizerDecl | HookDecl | Use
           | Requirement | Simultaneity | Prevention | PropertyAssignment .
```

A gesture set describes one screen or component: its view roles, the recognizers on
them, the relations between those recognizers, and the hooks the app answers. A file
may hold several sets, and set names are unique across all files of a compilation.
Each set becomes one namespace in generated code (`PhotoBrowser.Recognizer.zoom`).

```gdl
/// The list screen.
gestures List {
  view window
  recognizer refresh = pan on window
}

/// The detail screen, in the same file.
gestures Detail {
  view window
  recognizer close = swipe(direction: down) on window
}
```

## View roles

```ebnf
ViewDecl = "view" Identifier [ "in" IdentifierList ] [ "{" { Property | ViewDecl } "}" ] .
Property = Identifier ":" Expr .
IdentifierList = Identifier { "," Identifier } .
```

A *view role* stands for the views that play one part in the hierarchy. At run time
a role can have many instances (25 dots, each with its own long press). A nested
`view` is a child of the view around it. `in` names further possible parents, so a
role may appear in several places. A role may not contain itself, directly or
through others.

| property | type | default | meaning |
|---|---|---|---|
| `interactive` | bool | `true` | `isUserInteractionEnabled`: when false, hit testing skips the view and its subtree (R1, R8) |
| `hidden` | bool | `false` | hidden views are skipped by hit testing (R1) |
| `alpha` | number 0…1 | `1` | below 0.01 the view is skipped by hit testing (R1) |
| `hitSlop` | distance | `0pt` | grows (or, negative, shrinks) the touch target on every side (R7) |
| `minimumTarget` | distance | `0pt` | grows the touch target to at least this width and height, centred (R7) |
| `transparentWhenEmpty` | bool | `false` | hit testing passes through where no subview is hit (R6) |
| `multipleTouch` | bool | `false` | the view receives every touch, not only the first (R14) |
| `exclusiveTouch` | bool | `false` | while it tracks a touch, other views get none, and the reverse (R15) |
| `defersSystemGestures` | direction | `[]` | while a view of the role is on screen, the system's gestures at these edges (named by the direction they face: `down` is the bottom edge, as `screenEdgePan(edges:)`) give the app the first swipe; a second is the system's (S3, `preferredScreenEdgesDeferringSystemGestures`) |
| `excludesSystemGestures` | bool | `false` | the role's views claim their frames from the system's back gesture (S4, Android's exclusion rectangles, 200 dp an edge) |
| `shouldBegin` | predicate | `true` | `gestureRecognizerShouldBegin`: asked when a recognizer on this view, or holding a touch that began on it, leaves `possible`; `other` is that recognizer, and features are its own; false fails it (R45) |
| `control` | a control's name | none | the role is a control: `button`, `switch`, `slider`, `stepper`, `segmentedControl`, `pageControl` or `custom` (a `UIControl` of the app's). It sends control events from its touches, and its default action beats the recognizers around it that would take it over (R44; docs/controls.md) |
| `axis` | direction | `horizontal` | a `slider`'s track and a `switch`'s knob: `horizontal` or `vertical` |
| `trackingMargin` | distance | `70pt` | on a control: how far outside its frame a finger still counts as inside, for `touchDragExit`, `touchDragEnter` and `touchUpInside` (the figure is chosen, docs/controls.md) |
| `touchesShouldCancel` | bool | `false` on a control, else `true` | `UIScrollView.touchesShouldCancel(in:)` asked about the role's views: whether a scroll view's pan (`scrollPan`) may begin, and take the touch, once the view tracks it (R79) |
| `accessibilityLabel` | string | none | what VoiceOver reads for a view of the role, as an accessibility element, unless the app gives the view one of its own (`GestureHost.setAccessibilityLabel`, docs/accessibility.md) |

The hit-testing and delivery properties are constants; the host may override them per
view instance. `defersSystemGestures` and `excludesSystemGestures` are constants too,
compiled into the tables and reported to the host for the views on screen; they matter
on a device (docs/devices.md). Edges are named by the direction they face (`down` is the
bottom edge), so that `top` and `bottom` stay free as role names; written as edges, they
get a note whose fix writes `up` or `down`. `shouldBegin` is a predicate like a recognizer's (a slider keeping the
drags that start on it: `shouldBegin: other != scroll`). `control` names one of the
controls above, a word of its own rather than an expression (`control: UIButton` is
answered with `button`); `axis` and `trackingMargin` are only for the controls that
have them (GDL124), and the four are constants.

```gdl
gestures Layout {
  view window {
    view scroller {
      transparentWhenEmpty: true
      view photo { interactive: true; multipleTouch: true }
    }
    view infoButton { control: button; hitSlop: 12pt }
  }
  /// A badge can sit on a photo or on the info button.
  view badge in photo, infoButton { alpha: 0.9 }
}
```

## Recognizers

```ebnf
RecognizerDecl = "recognizer" Identifier "=" Identifier [ Arguments ] "on" Identifier
                 [ "{" { Property } "}" ] .
Arguments      = "(" [ Argument { "," Argument } [ "," ] ] ")" .
Argument       = Identifier ":" Expr .
```

A recognizer is an instance of a kind, with arguments for the kind's parameters,
attached to a view role. Every view of that role gets its own copy at run time. An
argument overrides the parameter's default. A parameter without a default must be
given.

| property | type | default | meaning |
|---|---|---|---|
| `enabled` | bool | `true` | a disabled recognizer receives no touches (R21, R60) |
| `cancelsTouchesInView` | bool | the kind's, else `true` | recognition cancels the touches in the views (R38, R39) |
| `delaysTouchesBegan` | bool | the kind's, else `false` | views get nothing while the recognizer is possible (R41) |
| `delaysTouchesEnded` | bool | the kind's, else `true` | a touch's end waits until the recognizer fails (R40) |
| `ignoresStationaryTouches` | bool | the kind's, else `false` | a touch counts (in `touchCount`, `location`, `translation`, …) only once it has moved, as a scroll view's pan does (R80) |
| `shouldBegin` | predicate | `true` | asked when the recognizer leaves `possible`; false fails it (R59) |
| `shouldReceiveTouch` | predicate | `true` | asked once per new touch; false hides that touch from it (R20) |
| `shouldRecognizeSimultaneously` | predicate | `false` | asked of an excluding pair; `other` is the other recognizer (R48) |
| `backSwipe` | bool | `false` | the recognizer is the navigation controller's back swipe (`interactivePopGestureRecognizer`); where the system answers the back swipe (Android), it stands aside (S5) |
| `foreign` | bool | `false` | the recognizer is not the app's: UIKit or a framework makes it (a context menu's press, a text view's selection, a sheet's dismiss pan, a web view's taps). It runs as declared, relations name it like any other, and lint's findings that name it say it is not the app's, so the fix lies in the app's relations to it (docs/controls.md) |
| `scrollPan` | bool | `false` | the recognizer is a scroll view's pan: before it begins it asks each view already tracking one of its touches `touchesShouldCancel(in:)`, and fails if one answers no, or if its `cancelsTouchesInView` (UIKit's `canCancelContentTouches`) is false (R79). When it ends at speed, its view's content glides, and while it does the pan's `gliding` is true (R81b). The prelude's `scrollView` and `zoomingScrollView` set it |
| `accessibility` | accessibility action | a one-finger single tap: `activate`; else none | what reaches the recognizer's action when VoiceOver or Switch Control runs and its gesture cannot be made (docs/accessibility.md): a label in quotes (`"Like"`) lists it in the element's rotor as a custom action; `action` does too, labelled by the first sentence of the recognizer's doc comment; `activate` makes it the element's default action (VoiceOver's double tap); `escape` VoiceOver's two-finger scrub, `scroll` its three-finger swipe and `magicTap` its two-finger double tap, looked for from the focused element up its parents; a control role's name says that control does the same. `gesturec lint --enable GDL215` reports the gestures nothing reaches |
| `allowedTouchTypes` | touch types | every type | the touch types the recognizer receives (UIKit's `allowedTouchTypes`): `direct` (a finger on the screen), `pencil` (Apple Pencil), `indirectPointer` (a mouse's or trackpad's click) and `indirect` (a finger on a remote's surface), one or a list (`[direct, indirectPointer]`). A touch of another type passes it by before `shouldReceiveTouch` is asked, and still reaches its view (R87). UIKit's old `stylus` is answered with `pencil` |
| `requiresExclusiveTouchType` | bool | `true` | the recognizer receives, until it resets, only touches of the type its sequence began with: a finger that lands while it follows the Pencil is not its touch (R87) |
| `allowedScrollTypes` | scroll types | `[]` | the pointer's scrolls the recognizer receives (UIKit's `allowedScrollTypesMask`): `discrete` (a scroll wheel), `continuous` (a trackpad's or Magic Mouse's two-finger scroll), a list of them, or `all`. A scroll reaches it whatever its touch types, and reaches no view; while it follows one, `touchCount` is 0 and `scrolling` true (R88). The prelude's scroll views set `all` |
| `receivesTransform` | bool | the kind's, else `false` | the recognizer receives a trackpad's pinches and rotations, with their `scale` and `rotation` and no touch (R89). The prelude's `pinch` and `rotation` set it |
| `receivesHover` | bool | the kind's, else `false` | the recognizer receives the pointer's hover, and Apple Pencil's, of the touch types it allows, on every view the pointer comes over, and no touch (R90). The prelude's `hover` sets it |

`enabled`, the three delivery flags, `ignoresStationaryTouches`, `backSwipe`, `scrollPan`, `foreign`, `accessibility`, the two touch-type properties and the three pointer properties are constants:
they are fixed in the compiled tables, and the app changes `enabled` at run time
through the engine. A hook there is an error. The predicates are compiled to bytecode and may read features and hooks.

```gdl
gestures Photos {
  view window { view photo { interactive: true } }

  /// Zooms in around the tap.
  recognizer doubleTap = tap(taps: 2, interval: 300ms) on photo { accessibility: "Zoom in" }
  recognizer drag = pan(maximumTouches: 2) on photo {
    accessibility: scroll
    cancelsTouchesInView: false
    shouldBegin: abs(velocity.x) > abs(velocity.y)
    shouldRecognizeSimultaneously: other == doubleTap
  }
}
```

## Hooks

```ebnf
HookDecl = "hook" Identifier [ "=" Expr ] .
```

A hook is a boolean that the app answers at run time, by binding a closure to its
typed name. It can stand in any predicate or relation condition. Its default, a
constant, is used until the app answers. Without one, a hook answers `true`, like
the delegate's `gestureRecognizerShouldBegin(_:)`. Declare `= false` for questions
whose UIKit default is no. The app's closure is told who asks and where the touch is
(the view under the finger and its location, docs/engine.md), so a question about
what is under the finger ("a link there", "an item that can move") is one hook.

```gdl
gestures Zooming {
  view window
  /// The app turns zooming off while a slideshow plays.
  hook allowZoom
  /// Off unless the app says so.
  hook allowTogether = false
  recognizer zoom = pinch on window { shouldBegin: allowZoom }
  recognizer spin = rotation on window { shouldRecognizeSimultaneously: allowTogether }
}
```

## Relations

```ebnf
Requirement        = Identifier "requires" Identifier "to" "fail" [ "where" Expr ] .
Simultaneity       = "simultaneous" IdentifierList [ "where" Expr ] .
Prevention         = Identifier "cannot" "prevent" Identifier .
PropertyAssignment = Identifier "." Property .
```

- **`a requires b to fail`** keeps `a` in `possible` until `b` fails. If `b`
  recognizes, `a` fails (R53–R58). With `where`, the requirement exists only while
  its condition holds: a dynamic failure requirement, asked once per recognition
  attempt (R56). `a requires b` with `to fail` (or `fail`) left out is an error
  reported where the words are missing, with them as its fix-it; the parser reads the
  line as meant and goes on.
- **`simultaneous a, b, c`** lets every pair of the group recognize together instead
  of excluding each other (R48). With `where`, only while the condition holds.
- **`a cannot prevent b`** is explicit priority: when `a` recognizes, it does not
  exclude `b` (UIKit's `canPrevent(_:)` answering false, R48).
- **`a.property: value`** sets a recognizer property outside the recognizer's body.
  It is useful next to the relations it belongs with. Setting a property twice, in
  either place, is an error.

A cycle of failure requirements (`a` waits for `b`, which waits for `a`) is an
error: none of them could ever recognize (R57). The error names the whole cycle and
puts a note at each requirement. So is a recognizer that requires itself, or that
appears twice in one group. A relation between recognizers whose roles are not on
one ancestor chain gets a warning. A touch reaches only the recognizers of its
hit-test view and that view's ancestors (R18), so two such recognizers never see the
same touch, and the relation never applies.

```gdl
gestures Relations {
  view window { view photo { interactive: true } }
  hook slideshow = false

  recognizer singleTap = tap on photo
  recognizer doubleTap = tap(taps: 2) on photo
  recognizer zoom = pinch on window
  recognizer spin = rotation on window
  recognizer drag = pan on window
  recognizer press = longPress on photo

  singleTap requires doubleTap to fail
  press requires drag to fail where !slideshow
  simultaneous zoom, spin, drag
  simultaneous press, drag where touchCount > 1
  doubleTap cannot prevent press
  zoom.shouldBegin: !slideshow
}
```

## Components

```ebnf
ComponentDecl = "component" Identifier "(" Identifier ")" "{" { SetMember } "}" .
Use           = "use" Identifier "on" Identifier [ "as" Identifier ] .
```

A *component* is recognizers that go together on one view, with their relations,
declared once and brought into any set by `use`. UIKit's scroll view is one: not one
recognizer but a pan, a touch delay and, where it zooms, a pinch (R77). The prelude
declares two:

| component | brings (for `use … on list`) |
|---|---|
| `scrollView(content)` | `listPan = pan on list { ignoresStationaryTouches: true; scrollPan: true; allowedScrollTypes: all }` (R80, R79; it catches its gliding content, R81b; a wheel or a trackpad scrolls it, R88), `listDelay = touchDelay on list` (R78, R81) |
| `zoomingScrollView(content)` | the same, and `listZoom = pinch on list`, with `simultaneous listPan, listZoom` |
| `contextMenu(host)` | `cellMenu = longPress on cell { foreign: true }`: a context menu's press |
| `textSelection(host)` | `noteCaret = tap`, `noteWord = tap(taps: 2)`, `noteLoupe = longPress`, all `foreign`, with `noteCaret requires noteWord to fail`: a text view's selection |
| `sheetDismiss(host)` | `sheetDismiss = pan(direction: down) on sheet { foreign: true }`: a sheet's dismiss pan |
| `webView(host)` | `pageLink = tap`, `pageZoom = tap(taps: 2)`, both `foreign`, with `pageLink requires pageZoom to fail`: a web view's taps |
| `navigationBack(host)` | `screenBack = screenEdgePan(edges: left) on screen { backSwipe: true; foreign: true }`: the navigation's back swipe |

The last five are recognizers the app does not own (`foreign`, below): UIKit or a
framework makes them, and the spec declares what is known of them so that its
relations can name them (`open requires cellMenu to fail`). Apple publishes none of
their figures; they take the standard kinds' defaults (docs/controls.md).

```gdl
/// Two swipes on one view, declared once.
component swiper(host) {
  recognizer left = swipe(direction: left) on host
  recognizer right = swipe(direction: right) on host
}

gestures Inbox {
  view window { view list { view message } }

  use scrollView on list          // listPan, listDelay
  use swiper on message as card   // cardLeft, cardRight
  recognizer open = tap on message

  open requires listPan to fail
  listPan.shouldBegin: !editing
  hook editing
}
```

- **The component's view.** The name in parentheses stands for the view role a use
  names; every recognizer of the component is on it (GDL123 otherwise, with the fix).
- **Members.** Recognizers and their relations (requirements, simultaneity,
  prevention, `name.property:` lines), which name the component's own recognizers.
  A view role, a hook or another `use` belongs to the set (GDL122). Kinds, arguments,
  properties and conditions are checked in each set that uses the component, where
  they are the set's; a predicate in a component sees the set's hooks.
- **Names.** A recognizer brought in is named by the use's prefix, the role's name
  unless `as` gives one, followed by its name in the component, capitalized:
  `use scrollView on list` declares `listPan` and `listDelay`. They are the set's
  recognizers like any other: relations, `other ==` comparisons, `name.property:`
  lines and generated code name them so. Two uses on one role need a prefix each; a
  clash is an error at the use.
- **Where things are.** A brought recognizer is declared at the use's prefix (or
  role), which diagnostics, lint, tables and go-to-definition point to; its kind,
  arguments and properties keep their places in the component. Rename refuses its
  name (rename the prefix); hover says which component it comes from.
- **Namespace.** Components share one namespace across the prelude and every file,
  as kinds do; a use of an unknown one is GDL103 with the closest name. A component
  takes no arguments: a scroll view that keeps to one axis writes its
  `pan(direction:)` out.

## Kinds

A kind is a recognizer type written as a state machine. The standard kinds live in
the prelude. A user kind is declared the same way and used the same way.

```ebnf
KindDecl   = "kind" Identifier [ Parameters ] ( "discrete" | "continuous" )
             "{" { KindMember } "}" .
Parameters = "(" [ Parameter { "," Parameter } [ "," ] ] ")" .
Parameter  = Identifier ":" Type [ "=" Expr ] .
Type       = "int" | "number" | "bool" | "duration" | "distance" | "angle" | "direction" | "speed" .
KindMember = VarDecl | ReportDecl | PreventionRule | KindRequirement | Property | StateBlock .
```

A **discrete** kind goes from `possible` to `recognized` or `failed` and sends one
action. A **continuous** kind goes `possible → began → changed* → ended |
cancelled`, or `possible → failed`, and sends an action on each (R27–R31).

**Parameters** are typed; their defaults are constants with units: `duration`
(`ms`, `s`), `distance` (`pt`), `angle` (`deg`, `rad`), `speed` (a distance over a
duration, `300pt / 1s`), `int`, `number`, `bool`, and `direction` (`left`, `right`,
`up`, `down`, a list such as `[left, right]`, or an axis, `horizontal` or `vertical`).

**Properties** of a kind are the defaults of its recognizers' delivery flags and
inputs: `cancelsTouchesInView`, `delaysTouchesBegan`, `delaysTouchesEnded`,
`ignoresStationaryTouches`, `receivesTransform` (a trackpad's pinch and rotation
reach it, R89) and `receivesHover` (a hover reaches it, R90).

```gdl
/// A press that must be held for `time`, then recognizes. No touch reaches the
/// views before it fails.
kind hold(time: duration = 800ms, slop: distance = 10pt) discrete {
  delaysTouchesBegan: true

  possible {
    on down -> possible { start timer done after time }
    on move where movement > slop -> failed
    on up, cancel -> failed
    on timer done -> recognized
  }
}
```

### Requirements on arguments

```ebnf
KindRequirement = "require" Expr .
```

A requirement is a condition on the kind's parameters that every recognizer's
arguments must meet. It is checked when the spec is checked, by evaluating it with
the arguments and the defaults of the parameters left out. The defaults must meet
it too. A broken requirement is reported at the argument, with the condition and
the values: `kind 'tap' requires taps >= 1, but taps is 0`. The prelude states
every standard kind's ranges this way.

```gdl
/// A press held for `time`, which must be positive, within `slop`, which may not
/// exceed the press's allowed drift.
kind steadyPress(time: duration = 600ms, slop: distance = 10pt, drift: distance = 20pt) discrete {
  require time > 0ms
  require slop >= 0pt && slop <= drift

  possible {
    on down -> possible { start timer done after time }
    on move where movement > slop -> failed
    on up, cancel -> failed
    on timer done -> recognized
  }
}
```

### Variables and reported values

```ebnf
VarDecl    = "var" Identifier ":" Type "=" Expr .
ReportDecl = "report" Identifier [ "=" Expr ] .
```

A **variable** keeps a value between events. It starts at its initial value (a
constant, which may use parameters) and returns to it when the recognizer resets.
A **report** names a value sent with every action of the recognizer, evaluated
when the action is sent. `report translation` is short for
`report translation = translation`.

```gdl
/// Recognizes the third tap and reports where the first one was.
kind tripleTap(interval: duration = 350ms) discrete {
  var count: int = 0
  report location = startLocation
  report taps = count + 1

  possible {
    on up where touchCount == 0 && count == 2 -> recognized
    on up where touchCount == 0 -> possible { count += 1; start timer gap after interval }
    on down -> possible { stop timer gap }
    on move where movement > 45pt -> failed
    on cancel -> failed
    on timer gap -> failed
  }
}
```

### Prevention rules

```ebnf
PreventionRule = "cannot" ( "prevent" | "be" "prevented" "by" ) Identifier [ "where" Expr ] .
```

A prevention rule overrides UIKit's `canPrevent(_:)` / `canBePrevented(by:)` for
every recognizer of this kind against recognizers of the named kind. In the
condition, `other` is the other recognizer and `other.param` its arguments (R49).
The condition compares the two recognizers' configurations, as UIKit's methods do:
it reads parameters and `other.param` only, not features or variables. A rule
naming a kind that no recognizer of a set uses is dropped from that set's tables.

```gdl
/// A tap that never prevents a longer tap of its own kind, and is never prevented
/// by a pan.
kind quickTap(taps: int = 1) discrete {
  cannot prevent quickTap where other.taps > taps
  cannot be prevented by pan

  possible {
    on up where touchCount == 0 -> recognized
    on move where movement > 20pt -> failed
    on cancel -> failed
  }
}
```

### States, transitions, events and actions

```ebnf
StateBlock = StateHead { "," StateHead } "{" { Transition } "}" .
StateHead  = Identifier [ "as" Identifier ] .
Transition = "on" Event { "," Event } [ "where" Expr ] [ "->" Identifier ]
             [ "{" { Action } "}" ] .
Event      = "down" | "move" | "up" | "cancel" | "timer" Identifier .
Action     = "start" "timer" Identifier "after" Expr
           | "stop" "timer" Identifier
           | "ignore" [ "beyond" Expr ]
           | "restart"
           | Identifier ( "=" | "+=" | "-=" ) Expr .
```

Every kind has a `possible` state, where recognizers start. A state block lists
the transitions of one or more states: `began, changed { … }` shares them.
States named `possible`, `began` and `changed` are UIKit's. Any other name is an
*internal* state, outwardly `possible` unless `as began` or `as changed` says
otherwise. The final states `recognized`, `ended`, `cancelled` and `failed` need
no declaration and can have no transitions.

An input event is every touch that changed at one moment: several fingers may land,
move, lift or be cancelled together (R12). The engine first updates the features for
the whole event (so on `down` the new touches are already counted, and on `up` the
lifted ones are not: `touchCount` in an `up` row counts the touches left after all of
the event's lifts). Then it runs the event's phases present among the recognizer's
touches, once each, in UIKit's order: `down`, `move`, `up`, `cancel`. For each, it
tries the current state's transitions in order. The first whose event matches and
whose guard holds runs its actions, then enters its target. Without a target it
stays in its state. If none matches, nothing happens. `-> changed` from `began` or
`changed` sends another `changed` action (R30), at most one per input event: two
rows of one event that both send `changed` send it once, with the values after the
event. A timer firing is an event of its own.

The transitions must respect UIKit's state machine (R28). A discrete kind goes
from `possible` to `recognized` or `failed` only, and never enters `began`,
`changed` or `cancelled`. A continuous kind must enter `began` before `ended` (or
its alias `recognized`) or `cancelled`. Once begun, it never fails, never returns to
a `possible` state and never begins again. Each broken rule is an error at the
target. A timer that is started but has no `on timer` transition gets a warning.

Events: `down`, `move`, `up`, `cancel` (a touch's phases), and `timer NAME`, when
a timer started by `start timer NAME after DURATION` fires. Starting a running timer
restarts it; `stop timer NAME` cancels it. `ignore` stops the recognizer from
receiving the row's touches, those of the event's phase that ran it (R25);
`ignore beyond N` ignores them except those among the first `N` touches the
recognizer tracks, by arrival, so `on down where touchCount > 2 { ignore beyond 2 }`
keeps a pinch on its first two fingers however many land at once (R74). `N` is a
count. `restart` starts the recognizer's sequence over at this event, as if its
touches down now had just landed: `startLocation` is where they are (following them
until the next lift), and `elapsed`, `translation` and `movement` count from here; the
kind resets its own variables. The prelude's `tap` restarts on a bounce, a next tap
sooner than `minimumInterval`. Assignments change variables.

```gdl
/// Two quick taps, then the second touch drags: a one-finger zoom. The internal
/// states are outwardly `possible`.
kind tapThenDrag(interval: duration = 350ms) continuous {
  report translation

  possible {
    on down where touchCount > 1 { ignore }
    on up -> armed { start timer next after interval }
    on move where movement > 45pt -> failed
    on cancel -> failed
  }
  armed as possible {
    on down -> pressed { stop timer next }
    on timer next -> failed
  }
  pressed {
    on move where movement >= 10pt -> began
    on up, cancel -> failed
  }
  began, changed {
    on move -> changed
    on up -> ended
    on cancel -> cancelled
  }
}
```

## Expressions

Guards, predicates, conditions, arguments, defaults and actions use one small
expression language.

```ebnf
Expr     = Unary { BinaryOp Unary } .          (* by precedence, below *)
Unary    = ( "!" | "-" ) Unary | Postfix .
Postfix  = Primary { "." Identifier } .
Primary  = Number | String | "true" | "false" | Identifier [ "(" [ ExprList ] ")" ]
         | "(" Expr ")" | "[" [ ExprList ] "]" .
ExprList = Expr { "," Expr } .
BinaryOp = "||" | "&&" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in"
         | "+" | "-" | "*" | "/" .
```

| precedence | operators | associativity |
|---|---|---|
| 1 (loosest) | `\|\|` | left |
| 2 | `&&` | left |
| 3 | `== != < <= > >= in` | none: `a < b < c` is an error |
| 4 | `+ -` | left |
| 5 | `* /` | left |
| 6 (tightest) | unary `! -`, then `.member` and calls | right |

Nesting (parentheses, lists, unary operators, nested views) is limited to 64
levels, and one expression to 256 binary operators (a chain `a && b && …` nests as
deep as it is long). Deeper or longer input is reported, never a crash. A constant
argument must be finite and at most 2,147,483,647 in its base unit (`docs/limits.md`).

**Features** are measured by the engine from the recognizer's touches, once per
input event, after all of its changes. A finger's lift is its last movement: where it
lifts counts in `translation`, `movement`, `scale` and `rotation`, and a recognizer
whose last fingers lift together keeps `location` at the centre between them (R70,
R72). Velocities change on moves only.

| feature | value |
|---|---|
| `touchCount` | touches down that the recognizer tracks |
| `location` | their centroid (`.x`, `.y`) |
| `startLocation` | the centroid at the first touch-down of the sequence (R64) |
| `translation` | cumulative movement of the centroid from the start, over the touches down before each event, so fingers landing or lifting never make it jump, and two fingers moving apart about a fixed centre leave it still (R70) |
| `velocity` | centroid velocity in points per second, from touch timestamps (R17) |
| `movement` | the farthest any touch has moved from where it went down, in screen coordinates (R68) |
| `spread` | distance between the first two touches |
| `scale`, `scaleVelocity` | `spread` relative to its value when the second touch went down (R72), and its rate per second |
| `rotation`, `rotationVelocity` | angle of the first two touches' line since the second went down, clockwise positive (R73), and its rate |
| `elapsed` | time since the first touch-down |
| `tapCount` | the tap count of the touch that changed last (R65) |
| `dominantDirection` | `left`, `right`, `up` or `down`: the larger component of `translation` |
| `touchedView` | the view role of the touch that changed last (its hit-test view) |
| `windowSize` | the window's width and height (`.x`, `.y`): what the host sets (`GestureEngine.setWindowSize`); in `simulate`, as far as the scene's root views reach (docs/traces.md) |
| `cannotScroll` | the directions of finger movement in which the content of the recognizer's view can scroll no further: `down` at the top of its content, `up` at its bottom, `right` at its left end, `left` at its right end; empty while the host has not given the view's content size (R81a) |
| `gliding` | true for a scroll view's pan (`scrollPan`) while its view's content glides after a flick: its last gesture ended at speed, and the glide has not run out (R81b); false for every other recognizer |
| `touchType` | the type of the touch that changed last (R87): `touchType == pencil`, `touchType in [pencil, indirectPointer]`; in `shouldReceiveTouch`, the touch asked about. A kind that reports it reports its bit, a number (`TouchTypes(rawValue:)`) |
| `scrolling` | true while the recognizer follows a pointer's scroll rather than touches (R88): `touchCount` is 0, `translation` how far it has scrolled (as a finger dragging the content), `location` the pointer. An event's phases are the scroll's: `down` as it starts, `move` as it scrolls, `up` as it ends |
| `transforming` | true while the recognizer follows a trackpad's pinch and rotation (R89): `touchCount` is 0, `scale` and `rotation` are the trackpad's since it began, `location` the pointer |
| `pointerInside` | whether the touch that changed last is over the recognizer's view (its hit-test view is the view or inside it): a touch stays over the view it went down on; a hover is over the view under the pointer as it moves (R90) |

**Constants**: `true`, `false`, the directions `left right up down`, the axes
`horizontal` (`[left, right]`) and `vertical` (`[up, down]`), the touch types
`direct indirect pencil indirectPointer` (R87; a role or hook of one of these names is
the spec's), and `unlimited` (an `int` larger than any touch count; given as an argument or a
parameter's default, it is also a duration, distance or angle without a bound:
`tap(maximumDuration: unlimited)`). **Functions**: `abs(x)`,
`min(a, b)`, `max(a, b)` (numbers of one dimension), `length(point)`. `a in b` tests
whether direction `a` is in the set `b`, or touch type `a` in the list `b`; with a view on the left, `touchedView in
scroller` or `other.view in scroller`, whether that view is a `scroller` or inside one
(`==` asks for the role alone).

**`other`**, where a predicate has one (`shouldRecognizeSimultaneously`, a view's
`shouldBegin`), is the other recognizer: compare it with a recognizer's name
(`other == doubleTap`), or read `other.view`, the role of the view it is attached to
(`other.view == photo`, `other.view in scroller`), and `other.kind`, compared with a
kind's name (`other.kind == pan`; a kind that no recognizer of the set has matches
none). After a `.`, a reserved word such as `view` or `kind` is a member name.

```gdl
gestures Expressions {
  view window { view button }
  hook allowDiagonal = false
  recognizer flick = pan on window {
    shouldBegin: length(velocity) > 300pt / 1s && (dominantDirection in [left, right] || allowDiagonal)
    shouldReceiveTouch: touchedView != button && -translation.y < 100pt * 2
  }
}
```

## Types and units

Every expression has a type, and the checker reports values that do not fit where
they stand.

| type | values |
|---|---|
| `bool` | `true`, `false`, comparisons, hooks, predicates, `gliding`, `scrolling`, `transforming`, `pointerInside` |
| `int` | whole numbers written without a decimal point; `touchCount`, `tapCount`, `unlimited` |
| `number` | other numbers without a unit; `scale` |
| `duration` | `ms`, `s`; `elapsed` |
| `distance` | `pt`; `movement`, `spread`, `hysteresis` arguments |
| `angle` | `deg`, `rad`; `rotation` |
| speeds and rates | a distance, angle or number divided by a duration: `300pt / 1s`, `velocity.x`, `rotationVelocity`, `scaleVelocity` |
| point, vector | `location`, `startLocation`, `translation`, `windowSize` (distances); `velocity` (speeds); members `.x` and `.y` |
| `direction` | `left right up down`, lists of them, `horizontal` and `vertical`, `dominantDirection`, `cannotScroll` |
| touch types | `direct indirect pencil indirectPointer`, lists of them, `touchType`; a list holds directions or touch types, not both |
| view role, recognizer, kind | role and recognizer names, `touchedView`, `other`, `other.view`; `other.kind`, compared with a kind's name |
| string | `"Like"`: a label in double quotes (`\"` and `\\` escape a quote and a backslash), on one line. Only `accessibility` and `accessibilityLabel` take one; anywhere else it is reported as a type that does not fit |

The rules, by dimension (time, length and angle):

- `+`, `-` and the comparisons need both sides of one dimension: a duration plus a
  distance is an error. Points and vectors add and subtract as a whole.
- `*` and `/` combine dimensions: a distance divided by a duration is a speed.
- An `int` may stand where a `number` is expected, but not the reverse.
- A bare `0` fits any dimension, so `translation.y < 0` needs no unit. Any other
  number beside a dimensioned value needs its unit, and the error's note says which:
  `movement > 10` is reported with "write '10pt'". Arguments work the same way:
  `tap(interval: 250)` asks for `250ms`.
- `==` and `!=` compare values of one type; `in` takes two direction sets, or
  `touchedView` or `other.view` and a view role's name; `&&`, `||` and `!` take bools.
- Guards, predicates, conditions, requirements, flags and hook defaults must be
  `bool`. A timer's delay must be a duration. An assignment must fit its variable,
  and `+=` and `-=` need a number.
- View properties have ranges: `alpha` between 0 and 1, `minimumTarget` at least
  0. Kinds state their own ranges with `require`.

Units are normalised when constants are folded (`350ms == 0.35s` holds) and printed
back in the unit people write.

## Names and scopes

- **Kinds**, **components** and **gesture sets**: one namespace each, across the prelude, the files
  named on the command line and every file they import. A second declaration of a
  name is an error with a note at the first. Files are checked so that an imported
  file's declaration is the first.
- **Inside a gesture set**, view roles, recognizers and hooks share one namespace.
  Predicates and conditions see them all. A recognizer name compared with `other`
  names a recognizer, and a view role compared with `touchedView` names a role.
- **Inside a kind**, parameters and variables share one namespace. Guards, actions
  and reports see them, with the features. Defaults and initial values are fixed
  before any touch, so they see constants (and, for variables, parameters) only.
- **Built-in names** (features, constants, `other`) cannot be declared.
- `other` exists only in prevention rules (where `other.param` reads the other
  recognizer's arguments) and in `shouldRecognizeSimultaneously` (where it can be
  compared with recognizer names).
- Misspelled names, keywords, properties, parameters, units and events get a "did
  you mean" note, pointing at the declaration when there is one.

`gesturec check` makes every check on this page: names, types and units, ranges,
relations and state machines. `gesturec build` makes the same checks, then lowers
each gesture set to tables (`docs/table-format.md`): every constant subexpression is
folded, guards, actions and predicates become bytecode, and `&&` and `||`
short-circuit, so a hook on the right is not asked when the left decides.

## Test files

A `.gdltest` file holds gesture tests of a spec: its traces in the text form of
`docs/traces.md` and what must happen (`gesturec test`, `docs/testing.md`). It is read
line by line; `#` starts a comment.

```ebnf
TestFile    = { Header } { ViewLine } { Test } .
Header      = ( "spec" Path | "set" Identifier | "scene" Path ) .
Test        = "test" Quoted { EventLine | "until" Time | "expect" Expectation } .
Expectation = [ "never" ] Recognizer [ Phase ]                       (* never: no action (of that phase) *)
            | Recognizer Phase [ "at" Time [ ( "±" | "+-" ) Time ] ]
                [ "with" Value { "," Value } ]
            | Recognizer Phase "within" Time "after" ( "down" | "move" | "up" ) Number
            | Recognizer Decision [ "by" Identifier ]
            | [ "never" ] Identifier "receives" [ TouchPhase [ "at" Time [ ( "±" | "+-" ) Time ] ] ]
            | [ "never" ] Identifier "sends" [ ControlEvent [ "at" Time [ ( "±" | "+-" ) Time ] ] ] .
Recognizer  = Identifier [ "on" Identifier ] .                        (* on: a view of the scene *)
Phase       = "began" | "changed" | "ended" | "cancelled" | "recognized" .
TouchPhase  = "began" | "moved" | "ended" | "cancelled" .
ControlEvent = "touchDown" | "touchDragExit" | "touchDragEnter" | "touchUpInside"
            | "touchUpOutside" | "touchCancel" | "valueChanged" .
Decision    = "held" | "released" | "excluded" | "failed" | "vetoed" | "refused"
            | "simultaneous" | "ignored" | "disabled" | "interrupted" | "removed" .
Value       = Identifier ( Number | "(" Number "," Number ")" ) .
Time        = Number [ "s" | "ms" ] .                                 (* seconds unless ms *)
```

`ViewLine` and `EventLine` are the text form's (`docs/traces.md`); `Path` is a word or
a `Quoted` text, relative to the test file. Without `expect never`, a delivery names
its phase (`expect photo receives ended`) and a control event its event (`expect back
sends touchUpInside`).

## Design notes

- **Braced sets.** The first design sketched `gestures Name` as a header line. It became a
  braced block, so a file can hold several sets with an unambiguous scope, and so a
  syntax error inside one set cannot swallow the next.
- **No significant newlines.** Every construct ends where the next can begin, so
  layout is free and error recovery resynchronises on the first token of a line.
- **Timers are declared by starting them.** `on timer t` needs a `start timer t`
  somewhere in the kind, and a misspelled timer is an error.
- **One name per list.** `on timer a, timer b` repeats `timer`, as `on up, cancel`
  repeats nothing: each event is complete on its own.

## The whole grammar

```ebnf
File               = { Import } { GestureSet | KindDecl | ComponentDecl } .
Import             = "import" String .

GestureSet         = "gestures" Identifier "{" { SetMember } "}" .
SetMember          = ViewDecl | RecognizerDecl | HookDecl | Use
                   | Requirement | Simultaneity | Prevention | PropertyAssignment .
ComponentDecl      = "component" Identifier "(" Identifier ")" "{" { SetMember } "}" .
Use                = "use" Identifier "on" Identifier [ "as" Identifier ] .
ViewDecl           = "view" Identifier [ "in" IdentifierList ]
                     [ "{" { Property | ViewDecl } "}" ] .
RecognizerDecl     = "recognizer" Identifier "=" Identifier [ Arguments ] "on" Identifier
                     [ "{" { Property } "}" ] .
Arguments          = "(" [ Argument { "," Argument } [ "," ] ] ")" .
Argument           = Identifier ":" Expr .
HookDecl           = "hook" Identifier [ "=" Expr ] .
Requirement        = Identifier "requires" Identifier "to" "fail" [ "where" Expr ] .
Simultaneity       = "simultaneous" IdentifierList [ "where" Expr ] .
Prevention         = Identifier "cannot" "prevent" Identifier .
PropertyAssignment = Identifier "." Property .
Property           = Identifier ":" Expr .
IdentifierList     = Identifier { "," Identifier } .

KindDecl           = "kind" Identifier [ Parameters ] ( "discrete" | "continuous" )
                     "{" { KindMember } "}" .
Parameters         = "(" [ Parameter { "," Parameter } [ "," ] ] ")" .
Parameter          = Identifier ":" Type [ "=" Expr ] .
Type               = Identifier .   (* int number bool duration distance angle direction speed *)
KindMember         = VarDecl | ReportDecl | PreventionRule | KindRequirement | Property | StateBlock .
KindRequirement    = "require" Expr .
VarDecl            = "var" Identifier ":" Type "=" Expr .
ReportDecl         = "report" Identifier [ "=" Expr ] .
PreventionRule     = "cannot" ( "prevent" | "be" "prevented" "by" ) Identifier
                     [ "where" Expr ] .
StateBlock         = StateHead { "," StateHead } "{" { Transition } "}" .
StateHead          = Identifier [ "as" Identifier ] .
Transition         = "on" Event { "," Event } [ "where" Expr ] [ "->" Identifier ]
                     [ "{" { Action } "}" ] .   (* a target, an action block, or both *)
Event              = "down" | "move" | "up" | "cancel" | "timer" Identifier .
Action             = "start" "timer" Identifier "after" Expr
                   | "stop" "timer" Identifier
                   | "ignore" [ "beyond" Expr ]
                   | "restart"
                   | Identifier ( "=" | "+=" | "-=" ) Expr .

Expr               = Unary { BinaryOp Unary } .
Unary              = ( "!" | "-" ) Unary | Postfix .
Postfix            = Primary { "." Identifier } .
Primary            = Number | String | "true" | "false" | Identifier [ "(" [ ExprList ] ")" ]
                   | "(" Expr ")" | "[" [ ExprList ] "]" .
ExprList           = Expr { "," Expr } .
BinaryOp           = "||" | "&&" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in"
                   | "+" | "-" | "*" | "/" .
```
"""##

    static let controls = ##"""
# Controls

Most touches in an app end on a control: a button, a slider, a switch. UIKit gives
controls rules of their own, and gesturec builds them in, so that a spec says
`control: button` and nothing more:

```gdl
gestures Panel {
  view window {
    view panel {
      view save { control: button }
      view volume { control: slider }
    }
  }
  recognizer dismiss = tap on panel   // a tap on `save` is the button's (R44)
}
```

## Declaring one

A control is a view role with the `control` property. Its value names the control:

| `control:` | UIKit | `valueChanged` is sent | its default action (R44) claims |
|---|---|---|---|
| `button` | `UIButton` | never | a single-finger single tap |
| `switch` | `UISwitch` | at a lift inside, before `touchUpInside` (it toggles) | a single-finger single tap; a single-finger pan along its `axis` |
| `slider` | `UISlider` | at every move of the finger it tracks | a single-finger swipe along its `axis` |
| `stepper` | `UIStepper` | at the touch-down (one step) | a single-finger single tap |
| `segmentedControl` | `UISegmentedControl` | at a lift inside, before `touchUpInside` | a single-finger single tap |
| `pageControl` | `UIPageControl` | at a lift inside, before `touchUpInside` | a single-finger single tap |
| `custom` | a `UIControl` subclass of the app's | never | nothing |

A control role takes every view role property, and three more:

| property | type | default | meaning |
|---|---|---|---|
| `axis` | direction | `horizontal` | a slider's track and a switch's knob: `horizontal` or `vertical`; only on those two |
| `trackingMargin` | distance | `70pt` | how far outside its frame a finger still counts as inside (drag exit and enter, `touchUpInside`); on any control |
| `touchesShouldCancel` | bool | `false` on a control, `true` on any other view | whether a scroll view's pan may take a touch the view already tracks (R79) |

`touchesShouldCancel` may be set on any view role: `true` on a control is UIKit's
usual fix for a button that keeps a list from scrolling (a scroll view subclass whose
`touchesShouldCancel(in:)` answers true), `false` on another view makes it keep its
touches as a control does.

A mistake is reported where it is written: an unknown control (with UIKit's class
name answered, `control: UIButton` is `button`), `axis` or `trackingMargin` on a view
that is not such a control (GDL124), an axis that is not one, a negative margin.

## What a control sends

A control acts on the touches its view is delivered, as `UIControl` does in its
`touchesBegan`, `touchesMoved`, `touchesEnded` and `touchesCancelled`. It tracks one
touch, the first it is delivered, until that touch ends:

| delivery to its view | control event |
|---|---|
| `began` | `touchDown` (and a stepper's `valueChanged`) |
| `moved`, from inside to outside | `touchDragExit` |
| `moved`, from outside to inside | `touchDragEnter` |
| `moved` (a slider) | `valueChanged`, after any exit or enter |
| `ended` inside | `valueChanged` for a switch, a segmented control and a page control, then `touchUpInside` |
| `ended` outside | `touchUpOutside` |
| `cancelled` | `touchCancel` |

"Inside" is the view's frame, as the scene places it, grown by `trackingMargin` on
every side. A control the host gave no frame (a host that names each touch's view
itself may leave frames empty) has every touch inside.

Because a control reads deliveries, everything that decides them decides its events:

- a recognizer that begins or recognizes with `cancelsTouchesInView` takes the touch,
  and the control sends `touchCancel` just before that recognizer's first action
  (R38, Decision 2): a long press on the button itself, a drag of the panel it sits on;
- a recognizer that holds `began` back (a scroll view's touch delay, R41, R78) holds
  `touchDown`, and a touch it never lets through sends nothing at all: a quick drag
  that starts on a button in a list scrolls the list, and the button never hears of it;
- a list whose content still glides after a flick is caught by the finger that lands
  (R81b): its pan begins at the touch-down, before the touch delay lets the button see
  the touch, so a button tapped while its list glides sends nothing;
- a view without `multipleTouch` is delivered only its first touch (R14), and
  `exclusiveTouch` applies as to any view (R15).

The engine puts each event in its outputs right after the delivery it comes of
(`GestureOutput.control`), with the view, the touch's id and where it is, at the
delivery's time. `simulate` shows them in the timeline (`touchUpInside  touch 1 (150,
125)`; in JSON, `"type": "control"`), `GestureHost.onControlEvent(of:)` hands them to
the app, and `GestureTester.expect(control:sends:)` checks them in an app's tests, as
`expect back sends touchUpInside at 0.08` does in a `.gdltest` file (docs/testing.md).

## What a control takes from the recognizers around it

**R44: its default action.** A recognizer on a view around a control (the control's
view roles' ancestors) whose gesture is the control's own default action fails when it
would begin on a touch that began on the control: the control keeps its action. The
compiler finds such recognizers from their kinds and arguments, as Apple lists them
(the table above): the prelude's `tap` with `taps: 1, touches: 1`, its `swipe` with
`touches: 1`, its `pan` with `minimumTouches: 1`. A swipe or a pan is claimed only when
its movement so far lies mostly along the control's axis, so a list's vertical drag
that starts on a switch scrolls. A recognizer attached to the control itself is never
claimed: it beats the control, which gets `touchCancel` when it acts. A custom kind
is never claimed: write the control's `shouldBegin` for it (R45). The timeline says
`vetoed: control save's own action takes the touch (R44)`, at the control's role.

**R79: a scroll view's pan.** A recognizer with `scrollPan: true` (the prelude's
`scrollView` and `zoomingScrollView` set it on their pans) stands for a scroll view's
pan. Before it begins it asks each view already tracking one of its touches (one that
was delivered `began`) `touchesShouldCancel(in:)`: a view whose answer is no keeps the
touch, and the pan fails. So a button in a list, held past the touch delay and then
dragged, keeps the drag; the list does not scroll, as in UIKit. The same pan with
`cancelsTouchesInView: false` (UIKit's `canCancelContentTouches` false) fails once any
content view tracks a touch of its. The timeline says `vetoed: view save tracks the
touch and keeps it from the scroll (R79)`.

## Recognizers the app does not own

Some recognizers on a screen are UIKit's or a framework's: a context menu's long
press, a text view's selection, a sheet's dismiss pan, a web view's taps, the
navigation's back swipe. A spec cannot change them, but the app's own recognizers
compete with them, and the fix of a conflict is a relation the app writes ("my tap
waits for the context menu's press to fail"). A spec declares such a recognizer with
what is known of it, its kind, its view and its settings, and `foreign: true`:

```gdl
gestures Inbox {
  view window { view list { view cell } }
  use contextMenu on cell                  // cellMenu, the context menu's press
  recognizer open = tap on cell
  recognizer pin = longPress(minimumDuration: 300ms) on cell
  open requires cellMenu to fail
}
```

The prelude has the common ones as components (Grammar.md, "Components"):
`contextMenu`, `textSelection`, `sheetDismiss`, `webView` and `navigationBack`. A
foreign recognizer runs as declared, like any other, so `simulate`, `lint` and `test`
see the competition; a lint finding that names one adds a note that it is not the
app's, and the generated name's doc comment says so. Here lint reports that
`cellMenu` never wins: the app's press, 300ms, takes every hold before the menu's
500ms. A navigation back swipe (`backSwipe: true`) is not the app's either, and lint
says so too.

What is chosen: Apple publishes no figures for these recognizers, so they take the
standard kinds' defaults (a long press of 500ms, the Human Interface Guidelines'
"press and hold"; a double tap within 350ms). What is not modelled: a host running
the engine (`GestureHost`) has no way to hand touches to UIKit's own recognizers of
those views; where the app keeps UIKit's recognizers (checking a spec in CI, or
comparing it with a recording) they are UIKit's, and the spec's copy is there for the
analysis.

## The figures Apple does not publish

- **The tracking margin, 70pt (chosen).** Apple documents `touchDragExit` and
  `touchUpOutside` as "outside the bounds", yet a finger that leaves a button's bounds
  still counts as inside for some distance. Third parties measured about 70 points
  (some report 100 on older systems); gesturec uses 70 and lets a role set its own.
- **The order of `valueChanged` and `touchUpInside` (inferred).** UIKit calls
  `endTracking(_:with:)`, where a switch toggles and a segmented control selects,
  before it sends the touch-up event; gesturec sends `valueChanged` first.
- **What is not modelled.** A slider's thumb (the whole slider is its thumb), a
  stepper's auto-repeat while held, which segment or page is selected (a lift inside a
  segmented control or a page control is always a change), `touchDownRepeat`, and
  `touchDragInside` and `touchDragOutside` (every move; a handler that wants them reads
  the deliveries).

Sources: Apple's "Attaching gesture recognizers to UIKit controls" (R44),
`UIScrollView.touchesShouldCancel(in:)` and `canCancelContentTouches` (R79),
`UIControl.Event`, `UIControl.beginTracking(_:with:)`, `continueTracking(_:with:)`
and `endTracking(_:with:)`; docs/semantics.md has R44 and R79 with their keys.

## In the tables

A control role's table entry holds its kind, axis, margin and the recognizers it
claims (`GestureProgram.Control`); a view role holds `touchesShouldCancel`; a
recognizer holds `scrollPan`. `gesturec inspect` (or `build --dump-tables`) prints them
(`control: button, trackingMargin: 70pt, claims: [dismiss]`). Table format 6 added
them (docs/table-format.md).
"""##
}
