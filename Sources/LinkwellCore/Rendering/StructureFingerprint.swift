#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A fingerprint of an `Encodable` value's whole structure — every key, index and value: its
/// JSON with sorted keys (a dictionary's order changes from run to run; an array's order counts),
/// hashed.
///
/// Source locations are left out (`SourceLocation.omittedInFingerprints`): where the manifest is
/// and on which line a value stands is for messages, and no output shows it. With them, a comment
/// line added at the top of the manifest, or a base manifest read from another folder (`diff
/// --base-manifest`), changed every item page's fingerprint, and a build or `diff` rendered the
/// whole catalogue again.
enum StructureFingerprint {
    static func of(_ value: some Encodable) -> PageFingerprint {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if let key = SourceLocation.omittedInFingerprints { encoder.userInfo[key] = true }
        var lanes = PageFingerprint.Lanes(PageFingerprint(high: 0x5354_5255_4354_5552, low: 0x4649_4E47_4552_5052))
        do {
            lanes.add(try encoder.encode(value))
        } catch {
            // No value of the site throws; one that did would still print the same for the same value.
            lanes.add("unencodable \(type(of: value)): \(String(describing: error))".utf8)
        }
        return lanes.value
    }
}
