/// What a template name can stand for. The context is typed values, not `Any`: a lookup is a
/// switch, never a dynamic cast, which is what made a page cost a third of a millisecond.
public enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    /// An optional that is empty: renders as nothing, and a section on it is skipped.
    case absent
    case object(any TemplateObject)
    case list([TemplateValue])

    /// Section semantics (Mustache spec): `false`, absent values and empty lists skip the
    /// section; everything else, the empty string included, renders it.
    var isTruthy: Bool {
        switch self {
        case .flag(let value): value
        case .absent: false
        case .list(let values): !values.isEmpty
        case .text, .object: true
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

/// A value with named members (`{{page.title}}`): each context type answers with one switch,
/// which is also the list of names its templates can use.
public protocol TemplateObject: Sendable {
    func member(named name: String) -> TemplateValue?
}

/// Item rows' columns, by name (`{{item.fields.distance_km}}`).
extension Dictionary: TemplateObject where Key == String, Value == String {
    public func member(named name: String) -> TemplateValue? {
        self[name].map(TemplateValue.text)
    }
}
