/// `app/routes.json`: every route with its pattern, parameters, page type and the first app
/// versions that can open it, so an app can decide in `canOpenURL` and hand URLs of routes newer
/// than itself back to the browser — the site decides which paths open the app for every
/// installed version at once (field notes, lesson 13).
struct RoutesFile {
    struct Entry {
        var name: String
        var path: String?
        var query: AASAFile.Query?
        var fragment: String?
        var exclude: Bool
        var pageType: String?
        var apps: [String]
        var hosts: [String]
        var parameters: [Parameter]
        var since: [String: String]
    }

    /// A part of the URL the route leaves open: a wildcard or variable in the path, or a query item.
    struct Parameter {
        var location: String
        var name: String?
        var pattern: String
        var values: [String]?
    }

    var scheme: String?
    var hosts: [String]
    var routes: [Entry]

    init(site: Site, expander: VariableExpander) {
        scheme = site.scheme
        hosts = site.hosts
        routes = site.routes.map { route in
            let page = site.pageTypes.first { $0.name == route.pageType }
            var since: [String: String] = [:]
            since["ios"] = page?.sinceIOS
            since["android"] = page?.sinceAndroid
            return Entry(
                name: route.name, path: route.path, query: RuleTranslation.component(for: route).query, fragment: route.fragment,
                exclude: route.exclude, pageType: route.pageType, apps: route.apps, hosts: route.hosts,
                parameters: Self.parameters(of: route, expander: expander), since: since)
        }
    }

    static func parameters(of route: Route, expander: VariableExpander) -> [Parameter] {
        var parameters: [Parameter] = []
        if let path = route.path, case .success(let pieces) = PatternSyntax.pieces(of: path) {
            for piece in pieces {
                switch piece {
                case .literal(let text):
                    var run = ""
                    for character in text + "/" {
                        if character == "*" || character == "?" {
                            run.append(character)
                        } else if !run.isEmpty {
                            parameters.append(Parameter(location: "path", pattern: run))
                            run = ""
                        }
                    }
                case .variable(let name):
                    parameters.append(Parameter(location: "path", name: name, pattern: "$(\(name))", values: expander.values[name]))
                }
            }
        }
        if case .items(let items) = route.query {
            parameters += items.map { Parameter(location: "query", name: $0.name, pattern: $0.pattern) }
        }
        return parameters
    }

    var json: String {
        JSONText.document(
            .fields([
                "scheme": scheme.map(JSONValue.string), "hosts": .strings(hosts),
                "routes": .array(
                    routes.map { entry in
                        .fields([
                            "name": .string(entry.name), "path": entry.path.map(JSONValue.string), "query": entry.query?.jsonValue,
                            "fragment": entry.fragment.map(JSONValue.string), "exclude": .bool(entry.exclude),
                            "pageType": entry.pageType.map(JSONValue.string), "apps": .strings(entry.apps), "hosts": .strings(entry.hosts),
                            "parameters": .array(
                                entry.parameters.map { parameter in
                                    .fields([
                                        "location": .string(parameter.location), "name": parameter.name.map(JSONValue.string),
                                        "pattern": .string(parameter.pattern), "values": parameter.values.map(JSONValue.strings),
                                    ])
                                }),
                            "since": .object(entry.since.mapValues(JSONValue.string)),
                        ])
                    }),
            ]))
    }
}
