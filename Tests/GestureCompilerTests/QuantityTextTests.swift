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
        #expect(QuantityText.format(300, .speed) == "300pt/s")
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
}
