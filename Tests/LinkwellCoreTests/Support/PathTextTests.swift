import Foundation
import Testing

@testable import LinkwellCore

/// `PathText` against `NSString`'s path methods, which the commands used before (the full
/// Foundation is loaded in this test process, not in the binary). `NSString` here stops the
/// process on a one-character relative path (`"a"`, `"a/"`) and reads `"//"` as nothing; those
/// are written out instead.
@Suite struct PathTextTests {
    static let paths = [
        "", "/", "ab", "/a", "/a/", "a/b", "a/b/", "a//b", "/a/b/c", "./site.yaml", "../x/site.yaml", "dir/sub/site.yaml", "/site.yaml",
        "site.yaml", "a/b//", "zoë/site.yaml", "x/a",
    ]

    @Test func pathsNSStringCannotTakeAreReadPlainly() {
        #expect(PathText.folder(of: "a") == "" && PathText.lastComponent(of: "a") == "a")
        #expect(PathText.folder(of: "a/") == "" && PathText.lastComponent(of: "a/") == "a")
        #expect(PathText.folder(of: "//") == "/" && PathText.lastComponent(of: "//") == "/")
    }

    @Test func foldersAndLastComponentsAreNSStrings() {
        for path in Self.paths {
            #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent, Comment(rawValue: path))
            #expect(PathText.lastComponent(of: path) == (path as NSString).lastPathComponent, Comment(rawValue: path))
        }
    }

    @Test func joiningIsNSStrings() {
        for folder in ["", "a", "a/", "/", "/a/b", "templates"] {
            for name in ["x", "site.schema.json"] {
                #expect(
                    PathText.joined(folder, name) == (folder as NSString).appendingPathComponent(name),
                    Comment(rawValue: "\(folder) + \(name)"))
            }
        }
    }
}
