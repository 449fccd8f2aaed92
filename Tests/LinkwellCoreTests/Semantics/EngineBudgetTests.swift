import Foundation
import Testing

@testable import LinkwellCore

/// Every exact computation ends within its budget, counted in steps (so the same input stops at
/// the same place on every machine), and says what it did not prove.
@Suite struct EngineBudgetTests {
    /// A pattern of thousands of `*`s and twenty overlapping wildcard rules, each against a copy
    /// whose hostile rule differs (so the walk must go through it): each comparison stops at a
    /// small budget with "not proven", the same number of states every time.
    @Test(arguments: [
        (
            [#"{"/": "/\#(String(repeating: "*a", count: 2_000))"}"#, #"{"/": "/x/*"}"#],
            [#"{"/": "/\#(String(repeating: "*a", count: 1_999))*b"}"#, #"{"/": "/x/*"}"#]
        ),
        (
            (0..<20).map { #"{"/": "/*\#(Character(Unicode.Scalar(97 + $0)!))*\#(Character(Unicode.Scalar(122 - $0)!))*"}"# },
            (0..<20).map { #"{"/": "/*\#(Character(Unicode.Scalar(97 + $0)!))*\#(Character(Unicode.Scalar(122 - $0)!))*"}"# }
                + [#"{"/": "/*zz*"}"#]
        ),
    ])
    func hostileShapesStopAtTheBudgetWithTheRightWords(_ components: [String], _ changed: [String]) throws {
        func rules(_ components: [String]) throws -> AppRules {
            DecisionLists.appRules(
                try JSONValue.parse(
                    #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [\#(components.joined(separator: ","))]}]}}"#),
                form: .components)
        }
        let (before, after) = (try rules(components), try rules(changed))
        let budget = EngineBudget(steps: 2_000_000, productStates: 5_000)
        let first = LinkEquivalence.compareApps(before, after, platform: .ios, host: "m.example.com", budget: budget)
        let again = LinkEquivalence.compareApps(before, after, platform: .ios, host: "m.example.com", budget: budget)
        let comparison = try #require(first.comparisons.first)
        #expect(comparison.verdict == .notProven)
        #expect(comparison.summary.contains("not proven beyond: the exact walk stopped at its budget"))
        #expect(
            comparison.states == again.comparisons.first?.states && comparison.exploredLength == again.comparisons.first?.exploredLength)
        // With a larger budget, the same walk goes further (it is the budget that stopped it).
        let wider = LinkEquivalence.compareApps(
            before, after, platform: .ios, host: "m.example.com", budget: EngineBudget(steps: 8_000_000, productStates: 20_000))
        #expect((wider.comparisons.first?.states ?? 0) > comparison.states)
    }

    /// The budget is the command's: a comparison that walks both iOS forms and an Android list
    /// gives each walk a share, so the walks together stay within what the command was given.
    @Test func aCommandsWalksShareItsBudget() throws {
        let overlapping = (0..<20).map { "/*\(Character(Unicode.Scalar(97 + $0)!))*\(Character(Unicode.Scalar(122 - $0)!))*" }
        let components = overlapping.map { #"{"/": "\#($0)"}"# }.joined(separator: ",")
        let paths = overlapping.map { #""\#($0)""# }.joined(separator: ",")
        let aasa = try JSONValue.parse(
            #"{"applinks": {"details": [{"appID": "T.a", "appIDs": ["T.a"], "components": [\#(components)], "paths": [\#(paths)]}]}}"#)
        let rules = overlapping.map { #"{"/": "\#($0)"}"# }.joined(separator: ",")
        let links = try JSONValue.parse(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [\#(rules)]}}, "target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]"#
        )
        // The other side adds one overlapping rule at the end of each list: every URL it can
        // accept must be walked.
        let added = #"{"/": "/*zz*"}"#
        let changedAASA = try JSONValue.parse(
            #"{"applinks": {"details": [{"appID": "T.a", "appIDs": ["T.a"], "components": [\#(components),\#(added)], "paths": [\#(paths),"/*zz*"]}]}}"#
        )
        let changedLinks = try JSONValue.parse(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [\#(rules),\#(added)]}}, "target": {"namespace": "android_app", "package_name": "a.b", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]"#
        )
        let budget = EngineBudget(steps: 50_000_000, productStates: 6_000)
        let comparison = AssociationComparison(
            before: AssociationComparison.Files(aasa: aasa, assetLinks: links),
            after: AssociationComparison.Files(aasa: changedAASA, assetLinks: changedLinks), host: "m.example.com", budget: budget)
        let walked = comparison.comparisons.filter { $0.states > 0 }
        #expect(walked.count == 3, "iOS 13+, iOS 9–12 and Android each walked: \(walked.map(\.platform))")
        #expect(walked.allSatisfy { $0.verdict == .notProven })
        #expect(walked.reduce(0) { $0 + $1.states } <= budget.productStates)
        #expect(budget.share(of: 3).productStates == 2_000 && budget.share(of: 0) == budget)
    }

    /// A route dead on one platform whose search elsewhere stopped at its budget: the warning
    /// says what was proved and that the rest was not, never "can never decide anything". With
    /// this budget the Android 15+ searches of some of these 20 overlapping routes stop before
    /// they find a URL (Android's `*` never backtracks, so the sample URLs do not witness them),
    /// and the walks naming what covers them on Android 14, whose filters open every path, stop
    /// too: the warning then names no covering route as if it were all of them.
    @Test func aLintWalkStoppedByItsBudgetClaimsNothing() throws {
        let routes = (0..<20).map { index in
            let first = Character(Unicode.Scalar(97 + index) ?? "a")
            let second = Character(Unicode.Scalar(97 + (index * 7 + 3) % 26) ?? "a")
            return "  - {name: o\(index), path: '/*\(first)\(index)*\(second)*'}"
        }
        let result = Linkwell.build(SourceFile(path: "site.yaml", text: LintTests.manifest(routes: routes.joined(separator: "\n"))))
        let site = try #require(result.site)
        let plan = try #require(result.plan)
        let warnings = Lints.shadowedRules(
            site, plan: plan, files: result.files, budget: EngineBudget(steps: 20_000, productStates: 4_000)
        ).map(\.description)
        #expect(warnings.contains { $0.contains("it is not proven either way") }, "\(warnings)")
        for warning in warnings {
            #expect(!warning.contains("can never decide anything"), "\(warning)")
            #expect(!warning.contains("comes first and matches every URL"), "\(warning)")
        }
        #expect(warnings.contains { $0.contains("(the exact walk that lists them stopped at its budget)") }, "\(warnings)")
    }
}
