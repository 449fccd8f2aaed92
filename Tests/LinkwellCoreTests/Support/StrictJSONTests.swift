import LinkwellCore
import LinkwellTestSupport
import Testing

@Suite struct StrictJSONTests {
    @Test(arguments: [
        ("[1,]", "1:4: trailing comma before ']'"),
        ("{\"a\": 1,\n }", "2:2: trailing comma before '}'"),
        ("{\"a\": 1} // note", "1:10: unexpected text after the JSON value"),
        ("// note\n{}", "1:1: comments are not allowed in JSON"),
        ("{'a': 1}", "1:2: expected a quoted key"),
        ("\u{FEFF}{}", "1:1: a byte-order mark is not allowed in JSON"),
        ("[01]", "1:3: expected ',' or ']'"),
        ("\"\\ud800\"", "1:8: unpaired surrogate in a \\u escape"),
        ("{\"a\" 1}", "1:6: expected ':' after the key"),
        ("[tru]", "1:2: unexpected 't'; expected a value"),
        ("\u{1F}\u{8B}", "1:1: unexpected U+001F; expected a value"),
        ("[\u{2019}a\u{2019}]", "1:2: unexpected '\u{2019}' (U+2019); expected a value"),
        ("{\"a\": [1, 2}", "1:12: expected ',' or ']'"),
        // Strings: the fast path (no escape) hands these over to the full reader.
        ("[\"a\tb\"]", "1:4: control characters must be escaped in a string"),
        ("[\"é\\u00e9\u{1}\"]", "1:10: control characters must be escaped in a string"),
        ("[\"abc", "1:6: unterminated string"),
        ("[\"a\\q\"]", "1:4: invalid escape '\\q' in a string"),
        ("[\"a\\\u{1}\"]", "1:4: invalid escape: '\\' followed by U+0001"),
    ])
    func refusesWhatThePlatformsRefuse(_ text: String, _ message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aRepeatedKeyKeepsTheLaterValueAndIsReportedAtTheRepeat() throws {
        var duplicates: [JSONSyntaxError] = []
        let value = try JSONValue.parse("{\"a\": 1,\n \"b\": {\"c\": 1, \"c\": 2},\n \"a\": 3}", duplicateKeys: &duplicates)
        #expect(value["a"] == .number(3))
        #expect(value["b"]?["c"] == .number(2))
        #expect(
            duplicates.map(\.description) == [
                "2:16: duplicate key \"c\": the later value is used", "3:2: duplicate key \"a\": the later value is used",
            ])
        // A repeat whose own value repeats a key: reported in the order of the text.
        var nested: [JSONSyntaxError] = []
        _ = try JSONValue.parse("{\"a\": 1, \"a\": {\"b\": 1, \"b\": 2}}", duplicateKeys: &nested)
        #expect(
            nested.map(\.description) == [
                "1:10: duplicate key \"a\": the later value is used", "1:24: duplicate key \"b\": the later value is used",
            ])
        var none: [JSONSyntaxError] = []
        _ = try JSONValue.parse("{\"a\": {\"a\": 1}}", duplicateKeys: &none)
        #expect(none.isEmpty)
    }

    @Test func readsEveryValueKind() throws {
        let value = try JSONValue.parse(
            #" {"s": "a\"\u00e9\ud83d\ude00/", "n": -1.5e2, "t": true, "f": false, "z": null, "a": [], "o": {}} "#)
        #expect(value["s"]?.string == "a\"é😀/")
        #expect(value["n"] == .number(-150))
        #expect(value["t"]?.bool == true && value["f"]?.bool == false && value["z"] == .null)
        #expect(value["a"] == .array([]) && value["o"] == .object([:]))
        #expect(value.compactText == #"{"a":[],"f":false,"n":-150,"o":{},"s":"a\"é😀/","t":true,"z":null}"#)
    }

    @Test func everyGeneratedFileIsStrictJSON() throws {
        let json = Fixtures.build(Fixtures.validManifest).files.filter {
            $0.path.hasSuffix(".json") || $0.path.hasSuffix("apple-app-site-association")
        }
        #expect(json.count == 13)
        for file in json {
            _ = try JSONValue.parse(file.contents)
        }
    }
}
