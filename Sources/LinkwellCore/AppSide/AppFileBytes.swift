/// An app file's bytes as the XML they must be: a compiled form (an APK's binary manifest, an
/// app bundle's protobuf one, a binary property list) is named as such, with what to give
/// instead; text that is not UTF-8 or not well-formed XML is a located error.
enum AppFileBytes {
    enum Kind {
        case androidManifest, entitlements

        var compiledHint: String {
            switch self {
            case .androidManifest:
                "give the merged text manifest the build writes (build/intermediates/merged_manifest/<variant>/…/AndroidManifest.xml), "
                    + "or the source one"
            case .entitlements:
                "give the .entitlements file from the project (Xcode writes it as XML), or convert it with plutil -convert xml1"
            }
        }
    }

    static func xml(_ bytes: [UInt8], path: String, expected: Kind) -> Result<XMLElement, Diagnostic> {
        let start = SourceLocation(file: path, line: 1, column: 1)
        if let compiled = compiledForm(bytes) {
            return .failure(.error(AppFileProblem.compiled(compiled, hint: expected.compiledHint), at: start))
        }
        guard bytes.count <= XMLReader.maximumBytes else {
            return .failure(.error(AppFileProblem.tooLarge(limit: XMLReader.maximumBytes >> 20), at: start))
        }
        return SourceFile.decode(bytes, path: path).flatMap { file in
            do throws(XMLSyntaxError) {
                return .success(try XMLReader.read(file.text))
            } catch {
                return .failure(
                    .error(AppFileProblem.notXML(error.message), at: SourceLocation(file: path, line: error.line, column: error.column)))
            }
        }
    }

    /// What a compiled file is, by its first bytes: `RES_XML_TYPE` (0x0003, header 0x0008) starts
    /// an APK's binary XML; `bplist00` a binary property list; a NUL byte anywhere in a file that
    /// is not text is most likely the protobuf manifest of an app bundle (`aapt2 … --proto-format`).
    private static func compiledForm(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) { return "a compiled (binary XML) manifest, as an APK holds it" }
        if bytes.starts(with: Array("bplist00".utf8)) { return "a binary property list" }
        if bytes.prefix(4096).contains(0) { return "a compiled file (the protobuf manifest of an app bundle?), not text XML" }
        return nil
    }
}
