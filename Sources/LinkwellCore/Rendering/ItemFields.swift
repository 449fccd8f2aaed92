/// An item row's fields by column name. The names are one list every row of a CSV file shares
/// (its header row); a row holds only its values, in the same order. A row was a dictionary of
/// its own: each name hashed into it for every row and hashed again for each of a page's
/// lookups, its storage made and freed — a tenth of reading a row and of gathering a page's
/// texts. A file has a handful of columns, so a lookup compares names (the header's own strings,
/// short ones compared as two words) rather than hashing one.
package struct ItemFields: Sendable {
    /// The column names, each once (a header that repeats one is refused, as is a JSON Lines row).
    package let names: Columns
    /// By column, in `names`' order.
    package let values: [String]

    /// Column names shared by the rows of a file.
    package final class Columns: Sendable {
        package let list: [String]
        /// `list`'s indices in name order: a row's fingerprint and the first bad field of a row
        /// are read in name order, the same whatever the file's column order.
        let byName: [Int]

        package init(_ list: [String]) {
            self.list = list
            byName = list.indices.sorted { list[$0] < list[$1] }
        }
    }

    package init(names: Columns, values: [String]) {
        precondition(names.list.count == values.count, "one value per column")
        self.names = names
        self.values = values
    }

    /// The value of the column `name`, nil where the file has no such column.
    package subscript(name: String) -> String? {
        guard let index = names.list.firstIndex(of: name) else { return nil }
        return values[index]
    }

    /// Names and values, in name order.
    package var sortedByName: [(key: String, value: String)] {
        names.byName.map { (names.list[$0], values[$0]) }
    }
}

extension ItemFields: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(names: Columns(elements.map(\.0)), values: elements.map(\.1))
    }
}

/// Equal when they name the same columns with the same values, in whatever order.
extension ItemFields: Hashable {
    package static func == (left: ItemFields, right: ItemFields) -> Bool {
        left.names.list.count == right.names.list.count && zip(left.names.list, left.values).allSatisfy { right[$0] == $1 }
    }

    package func hash(into hasher: inout Hasher) {
        for (key, value) in sortedByName {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}
