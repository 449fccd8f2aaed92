// `pow` from the C library (FoundationEssentials does not carry it).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A theme colour in sRGB, with the maths WCAG 2 defines for reading one colour on another and the
/// mixing CSS's `color-mix(in srgb, …)` does, so the build can judge the pages' colour pairs as a
/// browser paints them.
package struct Colour: Sendable, Hashable {
    /// Gamma-encoded channels and opacity, each 0…1.
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package static let white = Colour(red: 1, green: 1, blue: 1, alpha: 1)
    package static let black = Colour(red: 0, green: 0, blue: 0, alpha: 1)

    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `#rgb`, `#rrggbb` or `#rrggbbaa` (what `Theme.isColour` accepts); nil otherwise.
    package init?(hex: String) {
        guard Theme.isColour(hex) else { return nil }
        var digits = Array(hex.utf8.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        func channel(_ index: Int) -> Double? {
            guard index + 1 < digits.count, let value = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
                return nil
            }
            return Double(value) / 255
        }
        guard let red = channel(0), let green = channel(2), let blue = channel(4) else { return nil }
        self.init(red: red, green: green, blue: blue, alpha: digits.count == 8 ? channel(6) ?? 1 : 1)
    }

    /// `#rrggbb`, lower case: what a suggestion writes (opaque).
    package var hex: String {
        "#"
            + [red, green, blue].map { channel in
                let byte = Int((channel * 255).rounded())
                return (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }.joined()
    }

    /// This colour painted over an opaque `background`.
    package func over(_ background: Colour) -> Colour {
        mixed(with: background, share: alpha)
    }

    /// `color-mix(in srgb, self share, other)`, channel by channel in gamma-encoded sRGB.
    package func mixed(with other: Colour, share: Double) -> Colour {
        Colour(
            red: red * share + other.red * (1 - share), green: green * share + other.green * (1 - share),
            blue: blue * share + other.blue * (1 - share))
    }

    /// WCAG 2's relative luminance of the (opaque) colour.
    package var luminance: Double {
        func linear(_ value: Double) -> Double { value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio of two opaque colours, 1…21.
    package static func contrast(_ a: Colour, _ b: Colour) -> Double {
        let (lighter, darker) = a.luminance >= b.luminance ? (a.luminance, b.luminance) : (b.luminance, a.luminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// The colour closest to this one, mixed toward black or toward white in steps of 1 %, for
    /// which `passes` holds (the fewest steps; toward black first on a tie); nil if neither end does.
    package func nearest(where passes: (Colour) -> Bool) -> Colour? {
        let opaque = Colour(red: red, green: green, blue: blue)
        if passes(opaque) { return opaque }
        for step in 1...100 {
            let share = 1 - Double(step) / 100
            for end in [Colour.black, .white] {
                // Rounded to what a hex colour can say, so the suggestion itself passes.
                guard let candidate = Colour(hex: opaque.mixed(with: end, share: share).hex) else { continue }
                if passes(candidate) { return candidate }
            }
        }
        return nil
    }

    /// The ratio as people read it: `4.38:1`.
    package static func ratio(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.down))
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100):1"
    }
}
