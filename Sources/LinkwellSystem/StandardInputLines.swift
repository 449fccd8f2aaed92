#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input's lines as bytes, read in large blocks, without the line end and with blanks
/// (spaces, tabs, a `\r`) trimmed at both ends.
package struct StandardInputLines {
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false

    package init() {}

    package mutating func next() -> ArraySlice<UInt8>? {
        while true {
            if let end = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<end]
                start = end + 1
                return Self.trimmed(line)
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return Self.trimmed(line)
            }
            buffer.removeFirst(start)
            start = 0
            var block = [UInt8](repeating: 0, count: 1 << 16)
            let count = block.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count <= 0 { finished = true } else { buffer += block[..<count] }
        }
    }

    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let first = line.firstIndex(where: { !blank($0) }), let last = line.lastIndex(where: { !blank($0) }) else { return [] }
        return line[first...last]
    }
}
