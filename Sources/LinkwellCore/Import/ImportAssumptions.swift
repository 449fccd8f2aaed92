/// What `import` must assume to prove anything about files that leave a rule's reading open. A
/// rule's `exclude`, `caseSensitive` and `percentEncoded` are JSON booleans in Apple's and
/// Google's formats; a file that writes `1`, `"true"` or `null` there is read by Linkwell's
/// matchers as if the key were absent (not an exclusion; case-sensitive; percent-encoded), while
/// Apple's parser is undocumented on it and Android's (`JSONObject.optBoolean`) reads `"true"`
/// as true. The manifest is written, and the proof made, under Linkwell's reading — so each such
/// value is named, and the proof is said with it, never as a plain "proved".
package enum ImportAssumptions {
    static let flags: [String: String] = [
        "exclude": "not an exclusion", "caseSensitive": "case-sensitive", "percentEncoded": "percent-encoded",
    ]

    /// One sentence for each rule flag in `document` that is not a JSON boolean, at its JSON path.
    /// `android`: the file is an assetlinks.json (else an association file).
    package static func flagsNotBoolean(in document: JSONValue, source: String, android: Bool) -> [String] {
        var found: [String] = []
        walk(document, path: "") { path, key, value in
            guard let reading = flags[key] else { return }
            if case .bool = value { return }
            found.append(
                "\(source): \(path) is \(value.compactText) (\(value.kindName)), not true or false: read as \(reading), "
                    + (android
                        ? "as if it were absent; Android's parser reads the strings \"true\" and \"false\" as booleans"
                        : "as if it were absent; Apple does not document how iOS reads it"))
        }
        return found
    }

    private static func walk(_ value: JSONValue, path: String, _ visit: (String, String, JSONValue) -> Void) {
        switch value {
        case .object(let object):
            for key in object.keys.sorted() {
                guard let inner = object[key] else { continue }
                let keyPath = path.isEmpty ? key : path + "." + key
                visit(keyPath, key, inner)
                walk(inner, path: keyPath, visit)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { walk(item, path: path + "[\(index)]", visit) }
        default: break
        }
    }
}
