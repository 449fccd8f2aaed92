/// Percent-encoding over UTF-8 bytes: every byte `keeps` rejects becomes `%XX` (upper-case hex,
/// as browsers and Foundation write it), so a multi-byte character becomes one escape per byte.
enum PercentEncoding {
    static func append(_ text: some Sequence<UInt8>, keeping keeps: (UInt8) -> Bool, to result: inout [UInt8]) {
        for byte in text {
            if keeps(byte) {
                result.append(byte)
            } else {
                result.append(UInt8(ascii: "%"))
                result.append(hexDigits[Int(byte >> 4)])
                result.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    static func encoded(_ text: String, keeping keeps: (UInt8) -> Bool) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        append(text.utf8, keeping: keeps, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
