import Foundation
import LinkwellTestSupport
import Testing

/// The executable end to end: exit codes, what reaches stdout and stderr, and what happens to
/// the output folder on success, on no change and on failure.
@Suite struct CommandTests {
    static let manifest = Fixtures.text("golden/several-apps/site.yaml")
    /// How many files a build of `manifest` writes.
    static let fileCount = Fixtures.goldenFiles("several-apps").count

    @Test func buildWritesOneDeployRootPerHost() throws {
        let workspace = try Workspace(manifest: Self.manifest)
        let run = try workspace.run("build")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "wrote Output: \(Self.fileCount) files, \(Self.fileCount) added\n")
        let files = workspace.snapshot()
        for host in ["shop.example.com", "open.shop.example.com", "s.example.com"] {
            for path in [
                ".well-known/apple-app-site-association", "apple-app-site-association", ".well-known/assetlinks.json", "robots.txt",
            ] {
                #expect(files["\(host)/\(path)"] != nil, "missing \(host)/\(path)")
            }
        }
        let golden = Fixtures.text("golden/several-apps/expected/shop.example.com/robots.txt")
        #expect(files["shop.example.com/robots.txt"]?.contents == Data(golden.utf8))
        #expect(workspace.leftovers().isEmpty)
    }

    @Test func rebuildingLeavesUnchangedFilesAlone() throws {
        let workspace = try Workspace(manifest: Self.manifest)
        _ = try workspace.run("build")
        let before = workspace.snapshot()
        Thread.sleep(forTimeInterval: 1.1)

        let again = try workspace.run("build")
        #expect(again.standardOutput == "Output is up to date (\(Self.fileCount) files)\n")
        #expect(workspace.snapshot().mapValues(\.modified) == before.mapValues(\.modified))

        // A route for the Android app only changes assetlinks.json; the AASA files keep their times.
        try workspace.write(
            Self.manifest.replacingOccurrences(of: "    hosts: [s.example.com]\n", with: "    hosts: [s.example.com]\n    apps: [shop]\n"),
            to: "site.yaml")
        let changed = try workspace.run("build")
        #expect(changed.status == 0)
        let after = workspace.snapshot()
        #expect(
            after["s.example.com/.well-known/apple-app-site-association"]?.modified
                != before["s.example.com/.well-known/apple-app-site-association"]?.modified)
        #expect(after["shop.example.com/robots.txt"]?.modified == before["shop.example.com/robots.txt"]?.modified)
        #expect(
            after["shop.example.com/.well-known/apple-app-site-association"]?.modified
                == before["shop.example.com/.well-known/apple-app-site-association"]?.modified)
    }

    @Test func filesNoLongerProducedAreRemoved() throws {
        let workspace = try Workspace(manifest: Self.manifest)
        _ = try workspace.run("build")
        try workspace.write("stray", to: "Output/old.example.com/robots.txt")
        try workspace.write(
            Self.manifest.replacingOccurrences(of: "  short: s.example.com\n", with: "").replacingOccurrences(
                of: "    hosts: [s.example.com]\n", with: ""), to: "site.yaml")
        let run = try workspace.run("build")
        #expect(run.status == 0, "\(run.standardError)")
        let files = workspace.snapshot().keys
        #expect(!files.contains { $0.hasPrefix("s.example.com/") || $0.hasPrefix("old.example.com/") })
        // Every file but the short host's and the app's table of short links.
        let expected = Fixtures.goldenFiles("several-apps").filter { !$0.hasPrefix("s.example.com/") && $0 != "app/short-links.json" }
        #expect(files.sorted() == expected)
    }

    @Test func checkListsDriftAndExitsOne() throws {
        let workspace = try Workspace(manifest: Self.manifest)
        let missing = try workspace.run("check")
        #expect(missing.status == 1)
        #expect(
            missing.standardOutput.split(separator: "\n").count == Self.fileCount
                && missing.standardOutput.hasPrefix("added: app/android/shop.intent-filters"))
        #expect(
            missing.standardError.hasSuffix(
                "\nlinkwell: error: Output is stale (\(Self.fileCount) added); run 'linkwell build' and commit the result\n"))

        _ = try workspace.run("build")
        #expect(try workspace.run("check").status == 0)

        try workspace.write("{}\n", to: "Output/shop.example.com/.well-known/assetlinks.json")
        try workspace.write("x", to: "Output/extra.txt")
        let stale = try workspace.run("check")
        #expect(stale.status == 1)
        #expect(stale.standardOutput == "removed: extra.txt\nchanged: shop.example.com/.well-known/assetlinks.json\n")
        #expect(workspace.snapshot()["extra.txt"] != nil, "check must not write")
        let annotated = try workspace.run("check", "--diagnostics-format", "github")
        #expect(
            annotated.standardError.contains(
                "::error file=Output/shop.example.com/.well-known/assetlinks.json,line=1,col=1,title=linkwell::Output/shop.example.com/.well-known/assetlinks.json is stale: a build would change it; run 'linkwell build' and commit the result"
            ))
        #expect(
            annotated.standardError.contains(
                "::error file=Output/extra.txt,line=1,col=1,title=linkwell::Output/extra.txt is no longer built"))
    }

    @Test func validateWritesNothing() throws {
        let workspace = try Workspace(manifest: Self.manifest)
        let run = try workspace.run("validate")
        #expect(run.status == 0)
        #expect(run.standardOutput == "site.yaml is valid (\(Self.fileCount) files would be written)\n")
        #expect(run.standardError.contains("site.yaml:34:5: warning: route 'cafe'"))
        #expect(workspace.snapshot().isEmpty)
    }

    @Test func customManifestAndOutputPaths() throws {
        let workspace = try Workspace(manifest: "")
        try workspace.write(Self.manifest, to: "config/links.yaml")
        let run = try workspace.run("build", "--manifest", "config/links.yaml", "--output", "public/links")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(workspace.snapshot("public/links").count == Self.fileCount)
        #expect(try workspace.run("check", "--manifest", "config/links.yaml", "--output", "public/links").status == 0)
    }

    @Test func usageErrorsExitSixtyFour() throws {
        let workspace = try Workspace(manifest: Self.manifest)
        #expect(try workspace.run("build", "--no-such-flag").status == 64)
        #expect(try workspace.run("frobnicate").status == 64)
    }

    @Test func unreadableManifestIsReported() throws {
        let workspace = try Workspace(manifest: Self.manifest)
        let run = try workspace.run("build", "--manifest", "missing.yaml")
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "linkwell: error: cannot read manifest 'missing.yaml': no such file (run Linkwell in the folder that holds site.yaml, or pass --manifest)\n"
        )
    }

    @Test func anOutputPathThatIsAFileIsRefused() throws {
        let workspace = try Workspace(manifest: Self.manifest)
        try workspace.write("not a folder", to: "Output")
        let run = try workspace.run("build")
        #expect(run.status == 1)
        #expect(run.standardError.contains("'Output' exists and is not a folder"))
    }
}

/// The bundled manifest's link tests are a CI gate: breaking one fails every command that
/// builds, at the expectation's line.
/// Help reads as paragraphs: a line ends early only where its paragraph ends (the discussion's
/// source lines are joined; ArgumentParser wraps them to the terminal's 80 columns).
@Suite struct HelpTextTests {
    @Test func helpWrapsOnlyWhereALineIsFull() throws {
        let workspace = try Workspace(manifest: "version: 1\n")
        for command in ["build", "validate", "check", "init", "import", "match", "compare", "diff", "serve", "verify", "schema", ""] {
            let help = try workspace.run(command.isEmpty ? "--help" : command, "--help").standardOutput
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let discussion = lines.prefix { !$0.hasPrefix("USAGE:") }
            var paragraph: [String] = []
            for line in discussion + [""] {
                guard !line.isEmpty else {
                    // An example wraps where its words do; prose must fill each line before breaking.
                    if !(paragraph.first?.hasPrefix("Example:") ?? true) {
                        for (line, next) in zip(paragraph, paragraph.dropFirst()) {
                            let word = next.prefix { $0 != " " }
                            #expect(line.count + 1 + word.count >= 80, "linkwell \(command) --help breaks early: '\(line)' / '\(next)'")
                        }
                    }
                    paragraph = []
                    continue
                }
                paragraph.append(line)
            }
        }
    }
}

@Suite struct BundledLinkTests {
    /// Swapping two iOS apps changes which one opens the URLs both open: the report says so in a
    /// sentence, at the app that moved ahead.
    @Test func swappingTwoIOSAppsIsASentence() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let amora = "    - id: amora\n      name: Amora\n      teamID: ABCDE12345\n      bundleID: com.example.amora\n"
        let beta =
            "    - id: amora-beta               # TestFlight build: same links, plus features in testing\n      name: Amora Beta\n"
            + "      teamID: ABCDE12345\n      bundleID: com.example.amora.beta\n"
        let start = try #require(manifest.range(of: amora))
        let end = try #require(manifest.range(of: beta))
        let amoraEntry = manifest[start.lowerBound..<end.lowerBound]
        let swapped = manifest.replacingCharacters(in: start.lowerBound..<end.upperBound, with: beta + amoraEntry)
        let workspace = try Workspace.bundled(manifest: swapped)
        try workspace.write(manifest, to: "base.yaml")
        let diff = try workspace.run("diff", "--base-manifest", "base.yaml")
        #expect(
            diff.standardOutput.contains(
                "iOS apps' order changed: `amora-beta` now comes before `amora`. With both installed, iOS gives a URL both apps open to the one listed first. `amora-beta` now opens what both open, which went to `amora`: 26 regions of URLs (e.g. `https://m.example.com/i` on iOS 13+), in the rows with both installed above."
            ), "\(diff.standardOutput.prefix(3000))")
        // No route changed: a route's apps are a set.
        #expect(!diff.standardOutput.contains("### Routes"), "\(diff.standardOutput)")
    }

    /// Two markets in one manifest: a pair names its own web home, and a page type's
    /// `{origin}{path}{query}` goes to the page's own market (item pages, route pages, home pages).
    @Test func aSecondMarketsPagesGoToItsOwnWeb() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let markets =
            manifest
            .replacingOccurrences(
                of: "      mirror: mlink.example.com\n",
                with:
                    "      mirror: mlink.example.com\n    - primary: m.example.ca\n      mirror: mlink.example.ca\n      web: https://www.example.ca/\n"
            )
            .replacingOccurrences(of: "    web: https://www.example.com{path}{query}\n", with: "    web: \"{origin}{path}{query}\"\n")
        #expect(markets != manifest)
        let workspace = try Workspace.bundled(manifest: markets)
        let build = try workspace.run("build")
        #expect(build.status == 0, "\(build.standardError)")
        func page(_ path: String) throws -> String {
            try String(contentsOf: workspace.url.appendingPathComponent("Output/" + path), encoding: .utf8)
        }
        #expect(try page("m.example.ca/u/alex.html").contains("href=\"https://www.example.ca/u/alex\""))
        #expect(try page("m.example.com/u/alex.html").contains("href=\"https://www.example.com/u/alex\""))
        #expect(try page("m.example.ca/index.html").contains("https://www.example.ca/"))
        #expect(try !page("m.example.ca/index.html").contains("https://www.example.com/\""))
        // A route page's script expands the template the build wrote for its market.
        let match = try workspace.run("match", "--json", "https://mlink.example.ca/u/42")
        #expect(match.standardOutput.contains("\"web\":\"https://www.example.ca/u/42\""), "\(match.standardOutput)")
    }

    /// `appClip: false` takes the App Clip card off one page type's pages (route and item pages,
    /// in the head and in the script's settings), and only those.
    @Test func aPageTypeCanLeaveOutTheAppClipCard() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let without = manifest.replacingOccurrences(of: "  profile:\n", with: "  profile:\n    appClip: false\n")
        #expect(without != manifest)
        let workspace = try Workspace.bundled(manifest: without)
        #expect(try workspace.run("build").status == 0)
        func page(_ path: String) throws -> String {
            try String(contentsOf: workspace.url.appendingPathComponent("Output/m.example.com/" + path), encoding: .utf8)
        }
        let clip = "app-clip-bundle-id=com.example.amora.Clip"
        #expect(try page("u/alex.html").contains("<meta name=\"apple-itunes-app\" content=\"app-id=1234567890, app-argument="))
        #expect(try !page("u/alex.html").contains(clip))
        #expect(try !page("_linkwell/profile.html").contains(clip))
        #expect(try page("_linkwell/invite.html").contains(clip))
    }

    /// The pages name the shared style sheet and script by names that never change, so a theme
    /// edit rewrites the style sheet of each host and nothing else (it rewrote every page when
    /// the names followed the content).
    /// A change that stales many files (a template edit: every page) is ten annotations, one per
    /// file, and one more at the manifest with the rest's count; the log still lists every file.
    @Test func manyStaleFilesAreTenAnnotationsAndTheirCount() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let template = try String(contentsOf: workspace.url.appendingPathComponent("Templates/page.mustache"), encoding: .utf8)
        try workspace.write(
            template.replacingOccurrences(of: "<h1 id=\"linkwell-title\">", with: "<h1 class=\"title\">"), to: "Templates/page.mustache")
        let check = try workspace.run("check", "--diagnostics-format", "github")
        #expect(check.status == 1)
        let stale = check.standardOutput.split(separator: "\n").count
        #expect(stale > 11)
        let annotations = check.standardError.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 11)
        #expect(
            annotations.last
                == "::error file=site.yaml,line=1,col=1,title=linkwell::\(stale - 10) more files of Output are stale (in all: \(stale) changed); the log lists every one; run 'linkwell build' and commit the result"
        )
    }

    @Test func aThemeChangeRewritesOnlyTheStyleSheets() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let workspace = try Workspace.bundled(manifest: manifest)
        #expect(try workspace.run("build").status == 0)
        let before = workspace.snapshot()
        let themed = manifest.replacingOccurrences(of: "accent: \"#cd3168\"", with: "accent: \"#b02a5b\"")
        #expect(themed != manifest)
        try workspace.write(themed, to: "site.yaml")
        let check = try workspace.run("check")
        let changed = check.standardOutput.split(separator: "\n").map(String.init)
        #expect(check.status == 1)
        #expect(!changed.isEmpty && changed.allSatisfy { $0.hasPrefix("changed: ") && $0.hasSuffix("/_linkwell/style.css") }, "\(changed)")
        #expect(try workspace.run("build").status == 0)
        let after = workspace.snapshot()
        let rewritten = after.keys.filter { after[$0]?.contents != before[$0]?.contents }.sorted()
        #expect(rewritten.count == changed.count && rewritten.allSatisfy { $0.hasSuffix("/_linkwell/style.css") }, "\(rewritten)")
    }

    /// `since` on the page type the short host's catch-all shows: its pages send new people to
    /// the web, never to the store, which a referral page exists for. Said at the route, and
    /// accepted there.
    @Test func sinceOnTheShortHostsPageTypeIsAWarningAtItsRoute() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let since = manifest.replacingOccurrences(
            of: "  invite:\n    fallback: store\n", with: "  invite:\n    fallback: store\n    since: { ios: '6.4' }\n")
        #expect(since != manifest)
        let workspace = try Workspace.bundled(manifest: since)
        let run = try workspace.run("validate")
        #expect(run.status == 0)
        let line =
            try #require(manifest.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "  - name: short-code")) + 1
        #expect(
            run.standardError
                == "site.yaml:\(line):5: warning: route 'short-code' shows page type 'invite' on the short host 'go.example.com', and 'invite' has 'since': its pages send phones without the app (or with an older one) to the web, never to the store, so the people a short link brings never get the app; drop 'since' from 'invite', or give the short host's route a page type without it [since-on-short-host]\n"
        )
        let accepted = since.replacingOccurrences(
            of: "    comment: invite codes the app creates; any code without a short link gets the invite page\n",
            with:
                "    comment: invite codes the app creates; any code without a short link gets the invite page\n    accept: [since-on-short-host]\n"
        )
        try workspace.write(accepted, to: "site.yaml")
        #expect(try workspace.run("validate", "--strict").standardError.isEmpty)
    }

    @Test func breakingAnExpectationFailsValidateAtItsLocation() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        let testsStart = try #require(lines.firstIndex(of: "tests:"))
        let target = try #require(lines[testsStart...].firstIndex(of: "    expect: profile"))
        var broken = lines
        broken[target] = "    expect: like"
        let workspace = try Workspace.bundled(manifest: broken.joined(separator: "\n"))

        let run = try workspace.run("validate")
        #expect(run.status == 1)
        let errors = run.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        // One cause, one error: the platforms and apps it fails on are named together, each rule once.
        #expect(errors.count == 1)
        #expect(
            errors.first
                == "site.yaml:\(target + 1):13: error: link test 'https://m.example.com/u/42' expects iOS 13+ (amora, amora-beta), iOS 9–12 (amora, amora-beta), Android 15+ (amora) and Android ≤14 (amora) to open the app through route 'like', but iOS 13+ (amora, amora-beta) opens the app through route 'profile' (components[4] {\"/\":\"/u/*\",\"comment\":\"profile\"}); iOS 9–12 (amora, amora-beta) opens the app through route 'profile' (paths[3] /u/*); Android 15+ (amora) opens the app through route 'profile' (dynamic_app_link_components[4] {\"/\":\"/u/*\"}); Android ≤14 (amora) opens the app through route 'profile' (app-files/android/AndroidManifest.xml: the intent filter of com.example.amora.links.LinkActivity, android:pathPrefix=\"/u/\")"
        )
        #expect(try workspace.run("build").status == 1)
        #expect(workspace.snapshot().isEmpty)
    }

    @Test func theBundledManifestCarriesAtLeastTwentyFiveLinkTests() throws {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        #expect(manifest.components(separatedBy: "\n  - url: ").count - 1 >= 25)
    }
}

@Suite struct DiagnosticsFormatCommandTests {
    @Test func githubAnnotationsForAFailingManifest() throws {
        let workspace = try Workspace(manifest: Fixtures.text("invalid/link-test-platform-not-served.yaml"))
        let run = try workspace.run("validate", "--diagnostics-format", "github")
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "::error file=site.yaml,line=29,col=10,title=linkwell::link test expects something of iOS 13+, but this manifest does not serve it\n"
        )
    }

    @Test func jsonDiagnosticsAndUsageErrors() throws {
        let workspace = try Workspace(manifest: Fixtures.text("golden/several-apps/site.yaml"))
        let run = try workspace.run("validate", "--diagnostics-format", "json")
        #expect(run.status == 0)
        let lines = run.standardError.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("{\"code\":\"") && $0.contains("\"severity\":\"warning\"") })
        #expect(try workspace.run("validate", "--diagnostics-format", "xml").status == 64)
    }
}

@Suite struct InitCommandTests {
    @Test func initThenBuildInAnEmptyFolderGivesDeployableOutput() throws {
        let workspace = try Workspace(manifest: "")
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("site.yaml"))
        let initialised = try workspace.run(
            "init", "--team-id", "ABCDE12345", "--bundle-id", "com.example.app", "--package", "com.example.app", "--domain",
            "m.example.com",
            "--mirror", "mlink.example.com")
        #expect(initialised.status == 0, "\(initialised.standardError)")
        let built = try workspace.run("build")
        #expect(built.status == 0, "\(built.standardError)")
        let files = workspace.snapshot()
        for host in ["m.example.com", "mlink.example.com"] {
            #expect(files["\(host)/.well-known/apple-app-site-association"] != nil)
            #expect(files["\(host)/robots.txt"] != nil && files["\(host)/_headers"] != nil)
        }
        #expect(try workspace.run("check").status == 0)

        let again = try workspace.run(
            "init", "--team-id", "ABCDE12345", "--bundle-id", "com.other.app", "--domain", "a.example.com", "--mirror", "b.example.com")
        #expect(again.status == 1)
        #expect(
            again.standardError
                == "linkwell: error: 'site.yaml' already exists; init never overwrites a manifest: start a new site in a new folder (mkdir my-site && cd my-site), or pass --manifest NEW\n"
        )
        #expect(try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8).contains("com.example.app"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        let workspace = try Workspace(manifest: "")
        #expect(
            try workspace.run("init", "--domain", "m.example.com", "--mirror", "mlink.example.com", "--manifest", "new.yaml").status == 64)
        #expect(
            try workspace.run(
                "init", "--package", "com.example.app", "--domain", "M.example.com", "--mirror", "x.example.com", "--manifest", "new.yaml"
            ).status == 64)
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("new.yaml").path))
    }
}

/// Item pages and templates through the binary: streamed into the output folder, and a bad row
/// or template leaves the folder exactly as it was.
@Suite struct PreviewPageCommandTests {
    @Test func itemPagesAreWrittenAndABadRowWritesNothing() throws {
        let workspace = try Workspace.bundled()
        let built = try workspace.run("build")
        #expect(built.status == 0, "\(built.standardError)")
        #expect(built.standardError.isEmpty, "no progress output when stderr is not a terminal")
        let before = workspace.snapshot()
        #expect(before["m.example.com/u/alex.html"] != nil && before["mlink.example.com/u/noor.html"] != nil)

        let rows = try String(contentsOf: workspace.url.appendingPathComponent("data/profiles.csv"), encoding: .utf8)
        try workspace.write(rows + "/u/alex,Again,,,\n/like/7,Wrong page,,,\n", to: "data/profiles.csv")
        for command in ["build", "check"] {
            let run = try workspace.run(command)
            #expect(run.status == 1)
            #expect(
                run.standardError == """
                    data/profiles.csv:6:1: error: duplicate item path '/u/alex'
                    data/profiles.csv:2:1: note: first defined here
                    data/profiles.csv:7:1: error: item path '/like/7' is not a 'profile' page on m.example.com: route 'like' shows page type 'like' there; 'profile' routes match '/u/*'
                    2 errors\(command == "build" ? "; nothing was written" : "")

                    """)
        }
        let after = workspace.snapshot()
        #expect(after.mapValues(\.contents) == before.mapValues(\.contents))
        #expect(after.mapValues(\.modified) == before.mapValues(\.modified))
        #expect(workspace.leftovers().isEmpty)
    }

    /// A build records its item pages (BuildRecord) and the next one keeps those it can prove
    /// untouched without rendering them; an edit that keeps the size and the modification time
    /// is still found, and a template change still renders every page again.
    @Test func recordedItemPagesAreTrustedOnlyWhenUntouched() throws {
        let workspace = try Workspace.bundled()
        let count = Fixtures.bundledOutputFiles.count
        #expect(try workspace.run("build").status == 0)
        let records = try FileManager.default.contentsOfDirectory(atPath: workspace.url.appendingPathComponent(".test-cache/linkwell").path)
        #expect(records.count == 1 && records[0].hasSuffix(".record"))
        // Pages written in the clock tick in which the record was taken are left out of it, and
        // the next build compares and records them: the build after that proves every page.
        #expect(try workspace.run("build").status == 0)
        #expect(
            try workspace.run("build").standardOutput
                == "Output is up to date (\(count) files; 8 item pages not re-read: the build record shows them untouched since the last build wrote or compared them)\n"
        )

        let page = workspace.url.appendingPathComponent("Output/m.example.com/u/alex.html")
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as? Date)
        let text = try String(contentsOf: page, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "Alex", with: "Axel")
        #expect(edited != text && edited.utf8.count == text.utf8.count)
        try Data(edited.utf8).write(to: page)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: page.path)
        let check = try workspace.run("check")
        #expect(check.status == 1 && check.standardOutput == "changed: m.example.com/u/alex.html\n")
        #expect(try workspace.run("build").standardOutput == "wrote Output: \(count) files, 1 changed\n")
        #expect(try String(contentsOf: page, encoding: .utf8) == text)

        let template = try String(contentsOf: workspace.url.appendingPathComponent("Templates/page.mustache"), encoding: .utf8)
        try workspace.write(
            template.replacingOccurrences(of: "<h1 id=\"linkwell-title\">", with: "<h1 class=\"item\">"), to: "Templates/page.mustache")
        let rebuilt = try workspace.run("build")
        #expect(rebuilt.standardOutput.hasPrefix("wrote Output: \(count) files, "), "\(rebuilt.standardError)")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("<h1 class=\"item\">"))
        #expect(try workspace.run("check").status == 0)

        // The folder removed: the record in the cache proves nothing (and is not asked, page by
        // page), every file is written again, and the next build proves the new pages.
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent("Output"))
        #expect(try workspace.run("build").standardOutput == "wrote Output: \(count) files, \(count) added\n")
        #expect(try workspace.run("build").status == 0)
        #expect(try workspace.run("build").standardOutput.contains("8 item pages not re-read"))
    }

    /// The workspace's build record, entry by entry (32 bytes each), sorted.
    private func recordEntries(of workspace: borrowing Workspace) throws -> [[UInt8]] {
        let records = workspace.url.appendingPathComponent(".test-cache/linkwell")
        let names = try FileManager.default.contentsOfDirectory(atPath: records.path)
        #expect(names.count == 1, "\(names)")
        let bytes = [UInt8](try Data(contentsOf: records.appendingPathComponent(try #require(names.first))))
        let header = "linkwell build record 1\n".utf8.count
        #expect(bytes.count >= header && (bytes.count - header) % 32 == 0)
        return stride(from: header, to: bytes.count, by: 32).map { Array(bytes[$0..<$0 + 32]) }.sorted {
            $0.lexicographicallyPrecedes($1)
        }
    }

    /// A build into a new folder records its pages once they are in place; a build without a
    /// record (which compares every file, then walks the folder) records the same entries, but
    /// for pages the first left out: those created in its record's own clock tick (racily clean).
    @Test func aFreshBuildRecordsWhatAWalkOfTheFolderWould() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let drafted = try recordEntries(of: workspace)
        #expect(drafted.count <= 8)
        // No record: the next build compares every file (none changes) and walks the folder.
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent(".test-cache/linkwell"))
        #expect(try workspace.run("build").standardOutput == "Output is up to date (\(Fixtures.bundledOutputFiles.count) files)\n")
        let walked = try recordEntries(of: workspace)
        #expect(walked.count == 8)
        #expect(Set(drafted).isSubset(of: Set(walked)))
    }

    /// A build in place after one row changed records its proved pages with the identities they
    /// were proved with and stats only the pages it did not prove (BuildRecord.rewrite): the
    /// same entries a walk of the folder gives; and a proved page edited afterwards (its size
    /// and modification time kept) is still found.
    @Test func aOneRowBuildRecordsWhatAWalkOfTheFolderWould() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let rows = try String(contentsOf: workspace.url.appendingPathComponent("data/profiles.csv"), encoding: .utf8)
        try workspace.write(rows.replacingOccurrences(of: "Noor on Amora", with: "Noor in Amora"), to: "data/profiles.csv")
        #expect(try workspace.run("build").standardOutput == "wrote Output: \(Fixtures.bundledOutputFiles.count) files, 2 changed\n")
        let carried = try recordEntries(of: workspace)
        #expect(carried.count == 8)
        let page = workspace.url.appendingPathComponent("Output/m.example.com/u/alex.html")
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as? Date)
        let text = try String(contentsOf: page, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Alex", with: "Axel").utf8).write(to: page)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: page.path)
        #expect(try workspace.run("check").standardOutput == "changed: m.example.com/u/alex.html\n")
        try Data(text.utf8).write(to: page)
        // No record: the next build compares every file and walks the folder; the entries are
        // the carried ones, but alex's (its file was written again since).
        try FileManager.default.removeItem(at: workspace.url.appendingPathComponent(".test-cache/linkwell"))
        #expect(try workspace.run("build").standardOutput == "Output is up to date (\(Fixtures.bundledOutputFiles.count) files)\n")
        let walked = try recordEntries(of: workspace)
        #expect(walked.count == 8 && Set(walked).subtracting(carried).count == 1)
    }

    /// A comment added at the top of the manifest moves every line and changes no page: the
    /// record still proves every item page, none is rendered or read again.
    @Test func aManifestEditThatChangesNoPageKeepsThePagesProved() throws {
        let workspace = try Workspace.bundled()
        // Twice: pages created in the record's own clock tick are recorded by the next build.
        #expect(try workspace.run("build").status == 0)
        #expect(try workspace.run("build").status == 0)
        let manifest = try String(contentsOf: workspace.url.appendingPathComponent("site.yaml"), encoding: .utf8)
        try workspace.write("# Reviewed by the web team.\n\n" + manifest, to: "site.yaml")
        let rebuilt = try workspace.run("build")
        #expect(
            rebuilt.standardOutput.hasSuffix(
                "files; 8 item pages not re-read: the build record shows them untouched since the last build wrote or compared them)\n"),
            "\(rebuilt.standardOutput)")
    }

    /// Without a build record (a fresh clone), `check` compares each item page with its file on
    /// the core that rendered it: an edited page, a missing one and a link in a page's place
    /// are each found, by path, as when the pages were compared one by one.
    @Test func checkWithoutARecordComparesItemPagesWhereTheyRender() throws {
        let workspace = try Workspace.bundled()
        #expect(try workspace.run("build").status == 0)
        let cache = workspace.url.appendingPathComponent(".test-cache")
        try FileManager.default.removeItem(at: cache)
        let count = Fixtures.bundledOutputFiles.count
        #expect(try workspace.run("check").standardOutput == "Output matches site.yaml (\(count) files)\n")
        try FileManager.default.removeItem(at: cache)

        let output = workspace.url.appendingPathComponent("Output")
        let alex = output.appendingPathComponent("m.example.com/u/alex.html")
        let text = try String(contentsOf: alex, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Alex", with: "Axel").utf8).write(to: alex)
        try FileManager.default.removeItem(at: output.appendingPathComponent("mlink.example.com/u/alex.html"))
        let sam = output.appendingPathComponent("m.example.com/u/sam.html")
        try FileManager.default.removeItem(at: sam)
        try FileManager.default.createSymbolicLink(atPath: sam.path, withDestinationPath: alex.path)
        let check = try workspace.run("check")
        #expect(check.status == 1)
        #expect(
            check.standardOutput
                == "changed: m.example.com/u/alex.html\nchanged: m.example.com/u/sam.html\nadded: mlink.example.com/u/alex.html\n")
    }

    @Test func templatesFromTheCommandLineReplaceTheManifestsFolder() throws {
        let workspace = try Workspace.bundled()
        try workspace.write("<!doctype html><title>{{page.title}}</title>\n", to: "Mine/page.mustache")
        #expect(try workspace.run("build", "--templates", "Mine").status == 0)
        let page = try String(contentsOf: workspace.url.appendingPathComponent("Output/m.example.com/u/sam.html"), encoding: .utf8)
        #expect(page == "<!doctype html><title>Sam on Amora</title>\n")
        let missing = try workspace.run("build", "--templates", "Nowhere")
        #expect(missing.standardError.hasPrefix("linkwell: error: cannot read templates folder 'Nowhere': no such folder\n"))
    }
}
