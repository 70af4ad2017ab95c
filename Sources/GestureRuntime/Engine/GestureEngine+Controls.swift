/// Controls (docs/controls.md): a view of a control role tracks the first touch it is
/// delivered and turns that touch's phases into control events, as `UIControl` does
/// in its `touchesBegan`, `touchesMoved`, `touchesEnded` and `touchesCancelled`.
///
/// A control acts on deliveries only, so everything that decides them decides its
/// events: a recognizer that takes the touch (R38) sends `touchCancel`, one that holds
/// the `began` back (R41, a scroll view's touch delay) holds `touchDown`. Its claims
/// on other recognizers (R44) and its answer to a scroll view (R79) are made in
/// arbitration (`viewVetoing`).
extension GestureEngine.Core {
    /// Follows each of the call's deliveries to a control with the control events it
    /// causes. `scene` places the control for "inside": its frame grown by the
    /// tracking margin.
    mutating func sendControlEvents(in scene: borrowing Scene) {
        // Most calls deliver nothing to a control: find the first delivery that does.
        var first = -1
        for position in outputs.buffer.indices {
            if case .touches(let delivery) = outputs.buffer[position], isControl(delivery.view.index) {
                first = position
                break
            }
        }
        guard first >= 0 else { return }
        controlScratch.removeAll(keepingCapacity: true)
        for position in first..<outputs.buffer.count { controlScratch.append(outputs.buffer[position]) }
        outputs.buffer.truncate(to: first)
        for output in controlScratch {
            outputs.buffer.append(output)
            if case .touches(let delivery) = output, isControl(delivery.view.index) {
                track(delivery, in: scene)
            }
        }
    }

    private func isControl(_ view: Int) -> Bool {
        view >= 0 && view < views.count && program.views[views[view].role].control != nil
    }

    /// The control events of one delivery to a control's view.
    private mutating func track(_ delivery: TouchDelivery, in scene: borrowing Scene) {
        let view = delivery.view.index
        guard let control = program.views[views[view].role].control else { return }
        for position in delivery.touches {
            let touch = deliveredTouches.buffer[position]
            if delivery.phase == .began {
                // A control tracks one touch at a time: the first it is delivered.
                guard views[view].controlTouch < 0 else { continue }
                views[view].controlTouch = touch.id
                views[view].controlInside = true
                sendControlEvent(.touchDown, of: delivery, touch: touch)
                if control.kind == .stepper { sendControlEvent(.valueChanged, of: delivery, touch: touch) }
                continue
            }
            guard views[view].controlTouch == touch.id else { continue }
            switch delivery.phase {
            case .began:
                break
            case .moved:
                let inside = isInside(touch.location, of: view, control: control, in: scene)
                if inside != views[view].controlInside {
                    views[view].controlInside = inside
                    sendControlEvent(inside ? .touchDragEnter : .touchDragExit, of: delivery, touch: touch)
                }
                if control.kind == .slider { sendControlEvent(.valueChanged, of: delivery, touch: touch) }
            case .ended:
                views[view].controlTouch = -1
                if isInside(touch.location, of: view, control: control, in: scene) {
                    switch control.kind {
                    case .switch, .segmentedControl, .pageControl:
                        sendControlEvent(.valueChanged, of: delivery, touch: touch)
                    case .button, .slider, .stepper, .custom:
                        break
                    }
                    sendControlEvent(.touchUpInside, of: delivery, touch: touch)
                } else {
                    sendControlEvent(.touchUpOutside, of: delivery, touch: touch)
                }
            case .cancelled:
                views[view].controlTouch = -1
                sendControlEvent(.touchCancel, of: delivery, touch: touch)
            }
        }
    }

    /// Whether `point` is within the control's frame grown by its tracking margin. A
    /// control the host gave no frame (it names each touch's view itself, and the frame
    /// is empty) has every touch inside, as it cannot be told otherwise; a view the
    /// scene no longer has, none.
    private func isInside(
        _ point: Point, of view: Int, control: GestureProgram.Control, in scene: borrowing Scene
    ) -> Bool {
        guard let frame = scene.windowFrame(of: view) else { return false }
        if frame.width <= 0 || frame.height <= 0 { return true }
        return frame.target(slop: control.trackingMargin, minimum: 0).contains(point)
    }

    /// Appends a control event of the delivery's view, at the delivery's time (a timer
    /// that fired during the call may have released it).
    private mutating func sendControlEvent(_ kind: ControlEvent.Kind, of delivery: TouchDelivery, touch: DeliveredTouch) {
        outputs.buffer.append(
            .control(
                ControlEvent(
                    view: delivery.view, kind: kind, touch: touch.id, location: touch.location, time: delivery.time,
                    generation: generation)))
    }
}
