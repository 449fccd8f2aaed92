/// The rule list each app gets on each platform reading of one host's files, compiled for the
/// exact engine. Reads any production file the way the concrete matchers read it.
package struct DecisionList: Sendable {
    var rules: [DecisionRule]
    /// Why the list opens nothing although it has rules (a statement list Android rejects), or
    /// nil.
    var rejection: String?
    /// Rules the engine does not model; a list with any is never proved equal to anything.
    var unmodelled: [String] = []

    static let empty = DecisionList(rules: [], rejection: nil)
}

enum DecisionLists {
    /// Per app ID in the order the file names them: the rules of every detail that lists the app,
    /// detail after detail (a later detail is consulted when an earlier one has no matching rule,
    /// so this concatenation decides exactly as `AASAMatcher.decide`).
    static func aasa(_ document: JSONValue, form: AASAMatcher.Form) -> [(appID: String, list: DecisionList)] {
        let all = appRules(document, form: form)
        return all.apps.indices.map { (all.apps[$0], all.list($0)) }
    }

    /// Every app's rules at once, each detail's rules once (`AppRules`), for deciding what a
    /// device with several of the file's apps installed does.
    static func appRules(_ document: JSONValue, form: AASAMatcher.Form) -> AppRules {
        appRules([document], form: form)[0]
    }

    /// `appRules` of several files at once: a rule the files share (the same component under the
    /// same defaults and variables, or the same path) is compiled once — a before/after pair
    /// shares all but the rules that changed — and the rules are compiled on every core.
    static func appRules(_ documents: [JSONValue], form: AASAMatcher.Form) -> [AppRules] {
        // Each file's substitution variables once (files rarely differ there): rules key on its number.
        var variableSets: [[String: [String]]] = []
        let read = documents.map { document in
            let variables = variables(of: document)
            let number =
                variableSets.firstIndex(of: variables)
                ?? {
                    variableSets.append(variables)
                    return variableSets.count - 1
                }()
            return readRules(document, form: form, variables: number)
        }
        // Rules that mean the same (a comment, a default spelled out) are compiled once.
        var unique: [RuleSource] = []
        var indexOf: [RuleSource: Int] = [:]
        for file in read {
            for detail in file {
                for source in detail.sources where indexOf[source.meaning] == nil {
                    indexOf[source.meaning] = unique.count
                    unique.append(source.meaning)
                }
            }
        }
        let languages = variableSets.map(VariableLanguages.init)
        let compiled = unique.concurrentMap { $0.compiled(languages) }
        return read.map { details in
            var result = AppRules.empty
            var appIndex: [String: Int] = [:]
            for detail in details {
                var members: [Int] = []
                for appID in detail.appIDs {
                    let index =
                        appIndex[appID]
                        ?? {
                            result.apps.append(appID)
                            appIndex[appID] = result.apps.count - 1
                            return result.apps.count - 1
                        }()
                    if !members.contains(index) { members.append(index) }
                }
                result.firstRuleOfDetail.append(result.rules.count)
                result.detailOfRule += Array(repeating: result.appsOfDetail.count, count: detail.sources.count)
                result.appsOfDetail.append(members)
                result.rules += detail.sources.compactMap { source in
                    indexOf[source.meaning].map { index in
                        var rule = compiled[index]
                        rule.text = source.text
                        return rule
                    }
                }
            }
            return result
        }
    }

    /// One rule as the file states it, with everything its meaning depends on.
    private enum RuleSource: Hashable, Sendable {
        /// `variables`: the number of the file's substitution variables among the files'.
        case component([String: JSONValue], defaults: ComponentKeys, variables: Int)
        case path(String)

        func compiled(_ variableSets: [VariableLanguages]) -> DecisionRule {
            switch self {
            case .component(let component, let defaults, let variables):
                RuleLanguage.component(component, defaults: defaults, variables: variableSets[variables])
            case .path(let entry): RuleLanguage.legacyPath(entry)
            }
        }

        /// The same rule with only what decides kept: the defaults applied, no comment, every
        /// flag as the boolean it is read as.
        var meaning: RuleSource {
            guard case .component(let component, let defaults, let variables) = self else { return self }
            let keys = ComponentKeys(component, over: defaults)
            var object: [String: JSONValue] = [
                "exclude": .bool(keys.isExclusion), "caseSensitive": .bool(keys.isCaseSensitive),
                "percentEncoded": .bool(keys.isPercentEncoded),
            ]
            object["/"] = keys.path
            object["?"] = keys.query
            object["#"] = keys.fragment
            return .component(object, defaults: ComponentKeys([:]), variables: variables)
        }

        /// The rule as written, for people.
        var text: String {
            switch self {
            case .component(let component, _, _): JSONValue.object(component).compactText
            case .path(let entry): entry
            }
        }
    }

    /// The built-in substitution variables with the file's own.
    private static func variables(of document: JSONValue) -> [String: [String]] {
        var variables = BuiltInVariables.values
        for (name, values) in document["applinks"]?["substitutionVariables"]?.object ?? [:] {
            variables[name] = values.array?.compactMap(\.string) ?? []
        }
        return variables
    }

    /// Each detail a reading keeps: its apps and its rules, in file order.
    private static func readRules(_ document: JSONValue, form: AASAMatcher.Form, variables: Int) -> [(
        appIDs: [String], sources: [RuleSource]
    )] {
        guard let applinks = document["applinks"], applinks.object != nil else { return [] }
        let siteDefaults = applinks["defaults"]?.object ?? [:]
        return AASAMatcher.detailValues(applinks["details"]).compactMap { keyedAppID, detail in
            guard let reading = DetailReading(detail, keyedAppID: keyedAppID, form: form, siteDefaults: siteDefaults) else {
                return nil
            }
            switch reading.rules {
            case .components(let components, let defaults):
                return (reading.appIDs, components.map { .component($0, defaults: defaults, variables: variables) })
            case .paths(let paths):
                return (reading.appIDs, paths.map { .path($0) })
            }
        }
    }

    /// Per package, in file order: the dynamic rules, or nil when the statement has none (the
    /// app's intent filters decide). A statement list Android rejects opens nothing.
    static func android(_ document: JSONValue) -> [(package: String, list: DecisionList?)] {
        android(document, text: DecodedText(statementLists: [document]))
    }

    /// The same over an alphabet shared with another file (`DecodedText`); nil alphabet: too
    /// many non-ASCII characters named, every list unmodelled.
    static func android(_ document: JSONValue, text: DecodedText?) -> [(package: String, list: DecisionList?)] {
        let matcher = AndroidDynamicMatcher(document: document)
        if let rejection = matcher.rejection {
            return matcher.packageNames.map { ($0, DecisionList(rules: [], rejection: rejection.description)) }
        }
        // A package named by several statements that each carry dynamic rules: Google documents
        // which list Android then reads for none of them (Linkwell's matcher reads the first), so
        // no verdict rests on that reading.
        var listsPerPackage: [String: Int] = [:]
        for statement in document.array ?? [] {
            guard let package = statement["target"]?["package_name"]?.string,
                (statement["relation"]?.array?.compactMap(\.string) ?? []).contains(AssetLinksStatement.handleAllURLs),
                !(statement["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?["dynamic_app_link_components"]?.array ?? []).isEmpty
            else { continue }
            listsPerPackage[package, default: 0] += 1
        }
        var seen: Set<String> = []
        var result: [(String, DecisionList?)] = []
        for statement in document.array ?? [] {
            let relations = statement["relation"]?.array?.compactMap(\.string) ?? []
            guard relations.contains(AssetLinksStatement.handleAllURLs), statement["target"]?["namespace"]?.string == "android_app",
                let package = statement["target"]?["package_name"]?.string, seen.insert(package).inserted
            else { continue }
            guard let components = statement["relation_extensions"]?[AssetLinksStatement.handleAllURLs]?["dynamic_app_link_components"],
                let items = components.array, !items.isEmpty
            else {
                result.append((package, nil))
                continue
            }
            guard let text else {
                let unmodelled = "more than \(DecodedText.capacity) different non-ASCII characters in the dynamic rules"
                result.append((package, DecisionList(rules: [], rejection: nil, unmodelled: [unmodelled])))
                continue
            }
            let rules = items.map { RuleLanguage.dynamicRule($0, text: text) }
            if rules.contains(where: { $0 == nil }) {
                // Android discards every dynamic rule: the intent filters decide.
                result.append((package, nil))
            } else {
                var list = DecisionList(rules: rules.compactMap { $0 }, rejection: nil)
                list.unmodelled += items.compactMap(AndroidWildcards.problem(rule:))
                if let lists = listsPerPackage[package], lists > 1 {
                    list.unmodelled.append(
                        "\(lists) statements for \(package) carry dynamic rules, and which list Android reads then is documented nowhere "
                            + "(Linkwell's matcher reads the first)")
                }
                result.append((package, list))
            }
        }
        return result
    }

    /// Android 14 and earlier for a Linkwell manifest's app on `host`: the generated intent
    /// filter's path entries in order; no exclusions, no query or fragment.
    /// With the route each entry came from.
    /// `text`: over the decoded-text alphabet of Android 15+'s dynamic rules, to compare with them.
    static func intentFilters(site: Site, app: AndroidApp, host: String, text: DecodedText? = nil) -> (
        list: DecisionList, origins: [String?]
    ) {
        guard !app.fingerprints.isEmpty,
            let filter = AppFiles.intentFilterEntries(site: site, app: app).first(where: { $0.hosts.contains(host) })
        else { return (.empty, []) }
        var list = DecisionList.empty
        var origins: [String?] = []
        for entry in filter.paths {
            let written = entry.attribute.map(AppFiles.attribute) ?? "every path"
            let rule =
                text.map { RuleLanguage.intentFilterPath(entry.attribute, text: $0) }
                ?? RuleLanguage.intentFilterPath(entry.attribute).map {
                    DecisionRule(automaton: $0, exclude: false, text: written, decodes: true)
                }
            guard let rule else {
                list.unmodelled.append(written)
                continue
            }
            list.rules.append(rule)
            origins.append(entry.route)
        }
        return (list, origins)
    }
}
