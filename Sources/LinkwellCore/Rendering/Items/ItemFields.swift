/// An item row's fields by column name. The names are one list every row of a CSV file shares
/// (its header row); a row holds only its values, in the same order: no dictionary per row, no
/// name hashed for every row and every lookup. A file has a handful of columns, so a lookup
/// compares names (the header's own strings, short ones compared as two words) rather than
/// hashing one.
///
/// The values are one buffer of UTF-8, each where the one before it ends: a row was a string
/// per value, each made from the bytes read (validated again), allocated on the reading thread,
/// retained for each look and freed on a rendering one — a row's bytes are read, checked,
/// fingerprinted and copied into its pages in place. `subscript` and `values` make strings for
/// those that need them.
package struct ItemFields: Sendable {
    /// The column names, each once (a header that repeats one is refused, as is a JSON Lines row).
    package let names: Columns
    /// Every value's UTF-8, in `names`' order, one after another.
    package let utf8: [UInt8]
    /// Where each value ends in `utf8`.
    private let ends: [Int]

    /// Column names shared by the rows of a file.
    package final class Columns: Sendable {
        package let list: [String]
        /// `list`'s indices in name order: a row's fingerprint and the first bad field of a row
        /// are read in name order, the same whatever the file's column order.
        let byName: [Int]

        /// The columns whose values a page shows in place of its page type's texts
        /// (`SharedPageContext.ownColumns`) and whose image a row's checks read: found once for the
        /// file, not by comparing names on every page.
        package let known: (title: Int?, description: Int?, image: Int?)

        package init(_ list: [String]) {
            self.list = list
            byName = list.indices.sorted { list[$0] < list[$1] }
            known = (list.firstIndex(of: "title"), list.firstIndex(of: "description"), list.firstIndex(of: "image"))
        }

        /// The index of the column `name`, nil where the file has no such column.
        package func index(of name: String) -> Int? { list.firstIndex(of: name) }
    }

    package init(names: Columns, values: [String]) {
        precondition(names.list.count == values.count, "one value per column")
        var utf8: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(values.count)
        for value in values {
            utf8.append(contentsOf: value.utf8)
            ends.append(utf8.count)
        }
        self.init(names: names, utf8: utf8, ends: ends)
    }

    /// Values as read: `utf8` holds them one after another (valid UTF-8), `ends` where each ends.
    package init(names: Columns, utf8: [UInt8], ends: [Int]) {
        precondition(names.list.count == ends.count && ends.last ?? 0 == utf8.count, "one value per column")
        self.names = names
        self.utf8 = utf8
        self.ends = ends
    }

    /// Where the value of column `index` is in `utf8`.
    package func range(at index: Int) -> Range<Int> { Self.range(at: index, ends: ends) }

    /// Where value `index` is in bytes holding values one after another that end at `ends`
    /// (the CSV reader's record, before it becomes a row's fields).
    static func range(at index: Int, ends: [Int]) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// The UTF-8 of column `index`'s value, read in place.
    package func withUTF8<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try utf8.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range(at: index)])) }
    }

    /// The value of column `index`.
    package func value(at index: Int) -> String {
        String(decoding: utf8[range(at: index)], as: UTF8.self)
    }

    /// The value of the column `name`, nil where the file has no such column.
    package subscript(name: String) -> String? {
        names.index(of: name).map(value(at:))
    }

    /// By column, in `names`' order.
    package var values: [String] { names.list.indices.map(value(at:)) }

    /// Names and values, in name order.
    package var sortedByName: [(key: String, value: String)] {
        names.byName.map { (names.list[$0], value(at: $0)) }
    }
}

extension ItemFields: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(names: Columns(elements.map(\.0)), values: elements.map(\.1))
    }
}

/// Equal when they name the same columns with the same values (byte for byte: a value written
/// decomposed is another page), in whatever order.
extension ItemFields: Hashable {
    package static func == (left: ItemFields, right: ItemFields) -> Bool {
        left.names.list.count == right.names.list.count
            && left.names.list.indices.allSatisfy { index in
                right.names.index(of: left.names.list[index]).map { right.utf8[right.range(at: $0)] == left.utf8[left.range(at: index)] }
                    ?? false
            }
    }

    package func hash(into hasher: inout Hasher) {
        for index in names.byName {
            hasher.combine(names.list[index])
            hasher.combine(value(at: index))
        }
    }
}
