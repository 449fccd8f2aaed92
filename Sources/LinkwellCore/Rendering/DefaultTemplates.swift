/// The templates built into the binary, by name: the files of Templates/ (`Rendering/Templates`
/// links to it), compiled in by `.embedInCode` in Package.swift. A template added there is
/// listed in both places (`PreviewPageTests.builtInTemplatesAreTheTemplatesFolder`).
enum DefaultTemplates {
    static let all: [String: String] = [
        "head": text(PackageResources.head_mustache),
        "page": text(PackageResources.page_mustache),
        "short-link": text(PackageResources.short_link_mustache),
        "style": text(PackageResources.style_mustache),
    ]

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
