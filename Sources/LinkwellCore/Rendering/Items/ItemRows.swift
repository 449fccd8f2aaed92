/// One row of an item data file: the item's path and every field, with where it was written.
package struct ItemRow: Sendable, Hashable {
    package var path: String
    package var fields: ItemFields
    package var location: SourceLocation
    /// Where the `path` value is, for messages about it.
    package var pathLocation: SourceLocation
}

/// Reads an item data file row by row from chunks of bytes, so memory holds one row at a time
/// however long the file is: CSV (RFC 4180, a header row naming the columns, one of them
/// `path`) or JSON Lines (one object per line, string values).
package struct ItemRows: IteratorProtocol {
    package enum Format: Sendable { case csv, jsonLines }

    private var bytes: ByteStream
    private let format: Format
    private let file: String
    /// The header row's names, and which is `path`.
    private var header: (names: ItemFields.Columns, path: Int)?
    private var failed = false
    /// The size of the last record's text, which the next one's buffer is made for.
    private var lastRecordSize = 256

    package init(file: String, format: Format, chunks: AnyIterator<[UInt8]>) {
        self.file = file
        self.format = format
        self.bytes = ByteStream(chunks: chunks)
    }

    package static func format(of path: String) -> Format? {
        path.hasSuffix(".csv") ? .csv : path.hasSuffix(".jsonl") ? .jsonLines : nil
    }

    /// A row, or the first problem (after which reading stops: a broken quote or header makes
    /// every later row meaningless).
    package mutating func next() -> Result<ItemRow, Diagnostic>? {
        guard !failed else { return nil }
        let result = format == .csv ? nextCSVRow() : nextJSONRow()
        if case .failure = result { failed = true }
        return result
    }

    /// The row read, or its first unprintable field (`unprintable`): checked before it is
    /// wrapped, since taking a row out of a `Result` to look at it copied the whole row.
    private static func checked(_ row: consuming ItemRow) -> Result<ItemRow, Diagnostic> {
        if let problem = unprintable(row) { return .failure(problem) }
        return .success(row)
    }

    /// A field holding a control character (but tab and line breaks), a line or paragraph
    /// separator or a non-character, which a page would carry raw (NUL, ESC, NEL, U+2028):
    /// refused at its row, naming the field.
    private static func unprintable(_ row: borrowing ItemRow) -> Diagnostic? {
        // Nearly every row is printable ASCII, which its bytes show without a walk of scalars;
        // else the scalars of only those of its fields that are not are walked. The keys are sorted (for the first bad
        // field, the same on every run) only when one fails.
        let fields = row.fields
        let printable = fields.utf8.withUnsafeBufferPointer { all in
            all.isPrintableASCIIText
                || fields.names.list.indices.allSatisfy { index in
                    let field = UnsafeBufferPointer(rebasing: all[fields.range(at: index)])
                    return field.isPrintableASCIIText
                        || !String(decoding: field, as: UTF8.self).unicodeScalars.contains(where: Validation.isUnprintable)
                }
        }
        guard !printable else { return nil }
        for (key, value) in row.fields.sortedByName {
            if let bad = value.unicodeScalars.first(where: Validation.isUnprintable) {
                return .error(ItemFileProblem.unprintable(field: key, bad), at: key == "path" ? row.pathLocation : row.location)
            }
        }
        return nil
    }

    // MARK: CSV

    private mutating func nextCSVRow() -> Result<ItemRow, Diagnostic>? {
        if header == nil {
            switch readRecord() {
            case nil:
                return .failure(.error(ItemFileProblem.empty, at: at(1, 1)))
            case .failure(let problem): return .failure(problem)
            case .success(let record):
                let names = record.ends.indices.map { String(decoding: record.utf8[record.field($0)], as: UTF8.self) }
                var seen: Set<String> = []
                for (index, name) in names.enumerated() where !seen.insert(name).inserted {
                    return .failure(.error(ItemFileProblem.columnTwice(name), at: at(record.line, record.columns[index])))
                }
                guard let path = names.firstIndex(of: "path") else {
                    return .failure(.error(ItemFileProblem.noPathColumn(columns: names), at: at(record.line, 1)))
                }
                header = (ItemFields.Columns(names), path)
            }
        }
        guard let header else { return nil }
        switch readRecord() {
        case nil: return nil
        case .failure(let problem): return .failure(problem)
        case .success(let record):
            guard record.ends.count == header.names.list.count else {
                return .failure(
                    .error(ItemFileProblem.fieldCount(record.ends.count, columns: header.names.list.count), at: at(record.line, 1)))
            }
            let path = String(decoding: record.utf8[record.field(header.path)], as: UTF8.self)
            let pathColumn = record.columns[header.path]
            let fields = ItemFields(names: header.names, utf8: record.utf8, ends: record.ends)
            return Self.checked(
                ItemRow(path: path, fields: fields, location: at(record.line, 1), pathLocation: at(record.line, pathColumn)))
        }
    }

    private struct Record {
        var line: Int
        /// Every field's text, one after another (valid UTF-8), where each is in it, and the
        /// column each starts at.
        var utf8: [UInt8]
        var ends: [Int]
        var columns: [Int]

        func field(_ index: Int) -> Range<Int> { ItemFields.range(at: index, ends: ends) }
    }

    /// One CSV record; blank lines are skipped. Quoted fields may hold commas, `""` and newlines.
    private mutating func readRecord() -> Result<Record, Diagnostic>? {
        while bytes.peek() == UInt8(ascii: "\n") || bytes.peek() == UInt8(ascii: "\r") { bytes.next() }
        guard bytes.peek() != nil else { return nil }
        let line = bytes.line
        let count = header?.names.list.count ?? 8
        // The fields' bytes go straight into the row's one buffer (`ItemFields`), sized by the
        // last row's.
        var record = Record(line: line, utf8: [], ends: [], columns: [])
        record.utf8.reserveCapacity(lastRecordSize + lastRecordSize / 4 + 16)
        record.ends.reserveCapacity(count)
        record.columns.reserveCapacity(count)
        while true {
            let column = bytes.column
            let start = record.utf8.count
            // Where the field's text starts: after its opening quote, if it has one.
            var textColumn = column
            if bytes.peek() == UInt8(ascii: "\"") {
                bytes.next()
                textColumn += 1
                while true {
                    bytes.append(to: &record.utf8) { $0 == UInt8(ascii: "\"") }
                    guard bytes.next() != nil else {
                        return .failure(.error(ItemFileProblem.unclosedQuote, at: at(line, column)))
                    }
                    // A doubled quote is one in the text; a single one ends the field.
                    guard bytes.peek() == UInt8(ascii: "\"") else { break }
                    bytes.next()
                    record.utf8.append(UInt8(ascii: "\""))
                }
                if let after = bytes.peek(), after != UInt8(ascii: ","), after != UInt8(ascii: "\n"), after != UInt8(ascii: "\r") {
                    return .failure(.error(ItemFileProblem.textAfterQuotedField, at: at(bytes.line, bytes.column)))
                }
            } else {
                bytes.append(to: &record.utf8) { byte in
                    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\"")
                }
                if bytes.peek() == UInt8(ascii: "\"") {
                    return .failure(.error(ItemFileProblem.quoteInUnquotedField, at: at(bytes.line, bytes.column)))
                }
            }
            // ASCII (nearly every field) is valid UTF-8 as it is.
            let valid = record.utf8.withUnsafeBufferPointer { all in
                let field = UnsafeBufferPointer(rebasing: all[start...])
                return field.isASCII || String(validating: field, as: UTF8.self) != nil
            }
            guard valid else {
                let offset = SourceFile.firstInvalidUTF8(record.utf8[start...]).map { $0.column - 1 } ?? 0
                return .failure(.error(ItemFileProblem.notUTF8(.field), at: at(line, textColumn + offset)))
            }
            record.ends.append(record.utf8.count)
            record.columns.append(column)
            guard bytes.peek() == UInt8(ascii: ",") else { break }
            bytes.next()
        }
        if bytes.peek() == UInt8(ascii: "\r") { bytes.next() }
        if bytes.peek() == UInt8(ascii: "\n") { bytes.next() }
        lastRecordSize = record.utf8.count
        return .success(record)
    }

    // MARK: JSON Lines

    private mutating func nextJSONRow() -> Result<ItemRow, Diagnostic>? {
        while true {
            guard bytes.peek() != nil else { return nil }
            let line = bytes.line
            var text: [UInt8] = []
            while let byte = bytes.next(), byte != UInt8(ascii: "\n") { text.append(byte) }
            guard let source = String(validating: text, as: UTF8.self) else {
                let column = SourceFile.firstInvalidUTF8(text).map(\.column) ?? 1
                return .failure(.error(ItemFileProblem.notUTF8(.line), at: at(line, column)))
            }
            guard !source.allSatisfy(\.isWhitespace) else { continue }
            let value: JSONValue
            var repeated: [JSONSyntaxError] = []
            do {
                value = try JSONValue.parse(source, duplicateKeys: &repeated)
            } catch {
                return .failure(.error(ItemFileProblem.invalidJSON(error.message), at: at(line, error.column)))
            }
            // Readers differ on which of two values wins: a row says each field once.
            if let first = repeated.first {
                return .failure(.error(ItemFileProblem.keyTwice(first.message), at: at(line, first.column)))
            }
            guard let object = value.object else {
                return .failure(.error(ItemFileProblem.notAnObject, at: at(line, 1)))
            }
            var names: [String] = []
            var values: [String] = []
            for (key, field) in object.sorted(by: { $0.key < $1.key }) {
                switch field {
                case .string(let text):
                    names.append(key)
                    values.append(text)
                case .number, .bool:
                    names.append(key)
                    values.append(field.compactText)
                case .null: continue
                case .array, .object:
                    return .failure(.error(ItemFileProblem.nestedField(key), at: at(line, 1)))
                }
            }
            let fields = ItemFields(names: ItemFields.Columns(names), values: values)
            guard let path = fields["path"] else {
                return .failure(.error(ItemFileProblem.noPathField(fields: names), at: at(line, 1)))
            }
            let column = (source.firstRange(of: "\"path\"").map { source.distance(from: source.startIndex, to: $0.lowerBound) } ?? 0) + 1
            return Self.checked(ItemRow(path: path, fields: fields, location: at(line, 1), pathLocation: at(line, column)))
        }
    }

    private func at(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}

/// Bytes from a sequence of chunks, one at a time, with the line and column of the next one.
/// A byte-order mark at the very start is skipped.
struct ByteStream {
    private var chunks: AnyIterator<[UInt8]>
    private var chunk: [UInt8] = []
    private var index = 0
    private(set) var line = 1
    private(set) var column = 1

    init(chunks: AnyIterator<[UInt8]>) {
        self.chunks = chunks
        if peek() == 0xEF, chunk.count >= index + 3, chunk[index + 1] == 0xBB, chunk[index + 2] == 0xBF { index += 3 }
    }

    /// The next byte, not taken. Inlined where it is read: a call for each of a row's
    /// twenty-odd peeks; the next chunk is taken out of line.
    @inline(__always)
    mutating func peek() -> UInt8? {
        if index < chunk.count { return chunk.withUnsafeBufferPointer { $0[index] } }
        return peekNextChunk()
    }

    private mutating func peekNextChunk() -> UInt8? {
        while index >= chunk.count {
            guard let next = chunks.next() else { return nil }
            chunk = next
            index = 0
        }
        return chunk[index]
    }

    /// Appends the bytes before the next one that `isStop` accepts (or the end) to `text`, a run
    /// of each chunk at a time: byte by byte, reading a row's fields was most of its cost.
    mutating func append(to text: inout [UInt8], upTo isStop: (UInt8) -> Bool) {
        while peek() != nil {
            let chunk = chunk
            var end = index
            var line = line
            var column = column
            chunk.withUnsafeBufferPointer { buffer in
                while end < buffer.count, !isStop(buffer[end]) {
                    if buffer[end] == UInt8(ascii: "\n") {
                        line += 1
                        column = 1
                    } else if buffer[end] & 0xC0 != 0x80 {
                        column += 1
                    }
                    end += 1
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
            }
            index = end
            self.line = line
            self.column = column
            if end < chunk.count { return }
        }
    }

    @discardableResult
    mutating func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        return byte
    }
}

/// What reading a data file's rows finds. `fields` and `columns` are sorted (or in header order),
/// so a suggestion never depends on a dictionary's order.
package enum ItemFileProblem: DiagnosticMessage {
    package enum Unit: String, Sendable, Hashable {
        case field, line
    }

    case empty
    case columnTwice(String)
    case noPathColumn(columns: [String])
    case fieldCount(Int, columns: Int)
    case unclosedQuote
    case textAfterQuotedField
    case quoteInUnquotedField
    case notUTF8(Unit)
    case invalidJSON(String)
    case notAnObject
    case nestedField(String)
    case noPathField(fields: [String])
    case keyTwice(String)
    case unprintable(field: String, Unicode.Scalar)

    package var text: String {
        switch self {
        case .empty: "the item file is empty; the first row must name the columns, one of them 'path'"
        case .columnTwice(let name): "column '\(name)' is named twice in the header row"
        case .noPathColumn(let columns): "the header row must name a 'path' column\(Suggestion.didYouMean("path", in: columns))"
        case .fieldCount(let count, let columns): "row has \(count) field\(count == 1 ? "" : "s"); the header names \(columns) columns"
        case .unclosedQuote: "quoted field opened here is never closed"
        case .textAfterQuotedField: "expected ',' or the end of the row after a quoted field"
        case .quoteInUnquotedField: "a quote inside an unquoted field; quote the whole field and write \"\" for each quote"
        case .notUTF8(let unit): "this \(unit.rawValue) is not UTF-8 text (save the file as UTF-8)"
        case .invalidJSON(let message): "invalid JSON: \(message)"
        case .notAnObject: "each line must be a JSON object with the item's fields, e.g. {\"path\": \"/u/alex\"}"
        case .nestedField(let key): "field '\(key)' must be a string, number or boolean, not a list or object"
        case .noPathField(let fields): "missing field 'path'\(Suggestion.didYouMean("path", in: fields))"
        case .keyTwice(let message):
            "this row gives a field twice (\(message.prefix { $0 != ":" })); readers differ on which value wins: give each field once"
        case .unprintable(let field, let bad):
            "field '\(field)' contains \(TerminalText.codePoint(bad)), a control character, "
                + "line separator or non-character that a page would carry raw; remove it"
        }
    }
}
