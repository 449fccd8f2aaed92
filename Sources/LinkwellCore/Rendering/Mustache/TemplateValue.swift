/// What a template name can stand for. The context is typed values, not `Any`: a lookup is a
/// switch, never a dynamic cast.
package enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    /// An optional that is empty: renders as nothing, and a section on it is skipped.
    case absent
    case object(any TemplateObject)
    case list([TemplateValue])
    /// A text each render of a compiled template supplies, or its absence (`TemplateProgram`):
    /// what differs from one item page to the next.
    case hole(TemplateHole)
    /// A list each render supplies, every element shaped as `element` (whose holes are
    /// `.element` ones: the loop's current element's).
    indirect case holeList(Int, element: TemplateValue)
    /// Text the caller writes after rendering (a page's Content-Security-Policy, which hashes the
    /// rendered page): renders nothing and records where it was, so that only the template's
    /// own places are filled — never a value that happens to spell the same words.
    case slot

    /// Section semantics (Mustache spec): `false`, absent values and empty lists skip the
    /// section; everything else, the empty string included, renders it.
    /// A hole's is decided per render: the compiler branches on it before asking this.
    var isTruthy: Bool {
        switch self {
        case .flag(let value): value
        case .absent: false
        case .list(let values): !values.isEmpty
        case .text, .object, .slot, .hole, .holeList: true
        }
    }

    /// The value of a Swift optional: `.absent` for nil.
    static func optional(_ text: String?) -> TemplateValue {
        text.map(TemplateValue.text) ?? .absent
    }

    static func optional(_ object: (any TemplateObject)?) -> TemplateValue {
        object.map(TemplateValue.object) ?? .absent
    }
}

/// A value a render supplies: `number` in the render's texts (`TemplateValues`), or, for an
/// `.element` hole, in the element of the hole list looped over at `depth`.
package struct TemplateHole: Sendable, Hashable {
    package enum Source: Sendable, Hashable {
        /// A member that is there on every render, with a value or without one.
        case member
        /// A member only some renders have (a row's column): without it, a name's first part is
        /// looked up further down the context stack, as Mustache does for a name an object lacks.
        case column
        /// A member of a hole list's element.
        case element
    }

    package var number: Int
    package var source: Source
    /// For an `.element` hole: which enclosing loop over a hole list (0: the outermost); set by
    /// the compiler where the element was pushed.
    var depth = -1

    package init(_ number: Int, _ source: Source = .member) {
        self.number = number
        self.source = source
    }
}

/// A value with named members (`{{page.title}}`): each context type answers with one switch,
/// which is also the list of names its templates can use. Objects are classes: a lookup hands
/// out a reference (one retain), where a struct inside an existential is copied through its
/// type's value witnesses.
package protocol TemplateObject: AnyObject, Sendable {
    func member(named name: String) -> TemplateValue?
}

/// An object that is only its members (a page's context and every object in it, `PageContext`):
/// each name is written once, where the value is made. A name it lacks is asked of `otherwise`
/// (an item page's context is its host's, with a few members made holes). A lookup compares the
/// names in turn: a context is made once per route, home and not-found page, and once per item
/// page type and host, whose rows then fill a compiled program's holes with no lookup at all.
package final class TemplateRecord: TemplateObject {
    private let members: [(name: String, value: TemplateValue)]
    private let otherwise: (any TemplateObject)?

    convenience init(_ members: KeyValuePairs<String, TemplateValue>, otherwise: (any TemplateObject)? = nil) {
        self.init(members.map { ($0.key, $0.value) }, otherwise: otherwise)
    }

    init(_ members: [(name: String, value: TemplateValue)], otherwise: (any TemplateObject)? = nil) {
        self.members = members
        self.otherwise = otherwise
    }

    package func member(named name: String) -> TemplateValue? {
        members.first { $0.name == name }?.value ?? otherwise?.member(named: name)
    }
}

/// Item rows' columns, by name (`{{item.fields.distance_km}}`).
package final class TemplateFields: TemplateObject {
    package let values: ItemFields

    init(_ values: ItemFields) { self.values = values }

    package func member(named name: String) -> TemplateValue? {
        values[name].map(TemplateValue.text)
    }
}
