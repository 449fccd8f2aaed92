/// What a template name can stand for. The context is typed values, not `Any`: a lookup is a
/// switch, never a dynamic cast.
package enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    /// An optional that is empty: renders as nothing, and a section on it is skipped.
    case absent
    case object(any TemplateObject)
    case list([TemplateValue])
    /// Not known yet: only in the context a template is specialized with (see
    /// `TemplateLibrary.specialize`); rendering treats it as absent.
    case unknown
    /// Text the caller writes after rendering (a page's Content-Security-Policy, which hashes the
    /// rendered page): renders nothing and records where it was, so that only the template's
    /// own places are filled — never a value that happens to spell the same words.
    case slot

    /// Section semantics (Mustache spec): `false`, absent values and empty lists skip the
    /// section; everything else, the empty string included, renders it.
    var isTruthy: Bool {
        switch self {
        case .flag(let value): value
        case .absent, .unknown: false
        case .list(let values): !values.isEmpty
        case .text, .object, .slot: true
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
/// which is also the list of names its templates can use. Objects are classes: a lookup hands
/// out a reference (one retain), where a struct inside an existential is copied through its
/// type's value witnesses.
package protocol TemplateObject: AnyObject, Sendable {
    func member(named name: String) -> TemplateValue?
}

/// Item rows' columns, by name (`{{item.fields.distance_km}}`).
package final class TemplateFields: TemplateObject {
    package let values: ItemFields

    init(_ values: ItemFields) { self.values = values }

    package func member(named name: String) -> TemplateValue? {
        values[name].map(TemplateValue.text)
    }
}
