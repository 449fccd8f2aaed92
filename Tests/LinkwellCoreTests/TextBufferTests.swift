import Testing

@testable import LinkwellCore

/// An item page's texts are written into a buffer that keeps its memory and counts its length
/// apart: it holds what an array appended to the same way holds, through every growth and after
/// being emptied for the next page; a link template expands into it as into an array.
@Suite struct TextBufferTests {
    @Test func holdsWhatAnArrayHolds() {
        var random = PropertyTests.Random(state: 0x7E47_B0FF)
        var buffer = TextBuffer()
        for _ in 0..<50 {
            buffer.removeAll()
            var expected: [UInt8] = []
            for _ in 0..<random.below(40) {
                if random.below(3) == 0 {
                    let byte = UInt8(random.below(256))
                    buffer.write(byte)
                    expected.write(byte)
                } else {
                    let piece = (0..<random.below(random.below(8) == 0 ? 3_000 : 60)).map { _ in UInt8(random.below(256)) }
                    piece.withUnsafeBufferPointer { buffer.write($0) }
                    piece.withUnsafeBufferPointer { expected.write($0) }
                }
                #expect(buffer.count == expected.count)
            }
            #expect(buffer.withUnsafeBufferPointer { Array($0) } == expected)
            if !expected.isEmpty {
                let start = random.below(expected.count)
                #expect(Array(buffer[start..<expected.count]) == Array(expected[start...]))
            }
        }
    }

    @Test func linksExpandIntoItAsIntoAnArray() throws {
        for template in ["https://m.example.com{path}", "amora:/{path}{query}", "https://x.example/?u={link}&k=1", "{path}"] {
            let compiled = URLTemplate.Compiled(template)
            var buffer = TextBuffer()
            var array: [UInt8] = []
            for path in ["/u/zoë", "/p/a b", "/"] {
                compiled.expand(path: path, query: "q=1", primaryHost: "m.example.com", into: &buffer)
                compiled.expand(path: path, query: "q=1", primaryHost: "m.example.com", into: &array)
            }
            #expect(buffer.withUnsafeBufferPointer { Array($0) } == array, "\(template)")
            #expect(
                String(decoding: array, as: UTF8.self).hasPrefix(
                    compiled.expand(path: "/u/zoë", query: "q=1", primaryHost: "m.example.com")))
        }
    }
}
