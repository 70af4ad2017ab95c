import GestureRuntime
import Testing

/// Every output writes a quantity the one way `QuantityText` does (docs/glossary.md).
@Suite("Quantities in outputs")
struct QuantityTextTests {
    @Test("durations: milliseconds under ten seconds, seconds beyond; a message rounds to a tenth")
    func durations() {
        #expect(QuantityText.format(0.35, .duration) == "350ms")
        #expect(QuantityText.format(0.0333333, .duration) == "33.3ms")
        #expect(QuantityText.format(12.5, .duration) == "12.5s")
        // Exactly: a whole number of milliseconds, or else seconds, which read back.
        #expect(QuantityText.format(0.35, .duration, .exact) == "350ms")
        #expect(QuantityText.format(0.0333333, .duration, .exact) == "0.0333333s")
    }

    @Test("distances, speeds and angles carry their unit against the number")
    func units() {
        #expect(QuantityText.format(45, .distance) == "45pt")
        #expect(QuantityText.format(75.44, .distance) == "75.4pt")
        // A speed as the language writes one: a distance over a second.
        #expect(QuantityText.format(300, .speed) == "300pt / 1s")
        #expect(QuantityText.format(83.333, .speed) == "83.3pt / 1s")
        #expect(QuantityText.format(Double.pi / 36, .angle) == "5deg")
        #expect(QuantityText.format(0.8, .angle) == "45.8deg")
        // An angle of no whole number of degrees is listed in radians, which read back.
        #expect(QuantityText.format(0.8, .angle, .exact) == "0.8rad")
    }

    @Test("unlimited is one word for every quantity; a value that is not finite is left as it is")
    func limits() {
        for unit in [QuantityText.Unit.duration, .distance, .speed, .angle] {
            #expect(QuantityText.format(QuantityText.unlimited, unit) == "unlimited")
        }
        #expect(QuantityText.format(.infinity, .distance) == "inf")
    }

    @Test("the checker writes a spec's values to a thousandth, in the unit a spec writes")
    func thousandths() {
        #expect(QuantityText.format(0.35, .duration, .thousandths) == "350ms")
        #expect(QuantityText.format(0.0333333, .duration, .thousandths) == "33.333ms")
        #expect(QuantityText.format(12, .duration, .thousandths) == "12s")
        #expect(QuantityText.format(0.25, .distance, .thousandths) == "0.25pt")
        #expect(QuantityText.format(-0.0001, .distance, .thousandths) == "0pt")
        #expect(QuantityText.format(Double.pi / 4, .angle, .thousandths) == "45deg")
        #expect(QuantityText.format(-1, .speed, .thousandths) == "-1pt / 1s")
    }

    @Test("a size, width by height, in points to a tenth")
    func size() {
        #expect(QuantityText.size(width: 20, height: 20) == "20 × 20pt")
        #expect(QuantityText.size(width: 43.96, height: 30.04) == "44 × 30pt")
    }

    @Test("a duration read back: ms or s, a bare number only where seconds are meant; never negative or not finite")
    func durationsRead() {
        #expect(QuantityText.duration("100ms") == 100 * 0.001)
        #expect(QuantityText.duration("0.2s") == 0.2)
        #expect(QuantityText.duration("0.2") == nil)
        #expect(QuantityText.duration("0.2", bareSeconds: true) == 0.2)
        #expect(QuantityText.duration("5ms", bareSeconds: true) == 5 * 0.001)
        for text in ["", "ms", "s", "-1s", "infs", "nanms", "1pt", "1 s", "1e400s"] {
            #expect(QuantityText.duration(text, bareSeconds: true) == nil, "\(text)")
        }
        // What every output writes reads back.
        for value in [0.35, 1.5, 12.5, 0.005] {
            #expect(QuantityText.duration(QuantityText.format(value, .duration, .exact)).map { abs($0 - value) < 1e-12 } == true)
        }
    }
}
