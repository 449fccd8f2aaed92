/// The SHA-256 fingerprints of an Android app's signing certificate, from text a developer has
/// at hand: a fingerprint, or what `keytool -list -v` (`SHA256:`), `./gradlew signingReport`
/// (`SHA-256:`), `apksigner verify --print-certs` (`certificate SHA-256 digest:`) or
/// `adb shell pm get-app-links` (`Signatures: [..]`) prints. Each is canonical (upper-case
/// octets joined by colons), in the order the text gives them.
package enum SigningCertificate {
    package static func fingerprints(in text: String) -> Result<[String], SigningCertificateProblem> {
        let trimmed = text.trimmingSpaces()
        if !trimmed.contains("\n"), !trimmed.contains("SHA"), !trimmed.contains("Signatures") {
            return Identifiers.canonicalFingerprint(trimmed).map { [$0] }.mapError { .notAFingerprint($0.description) }
        }
        var found: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let words = String(line).trimmingSpaces()
            let values: [Substring]
            if let range = words.firstRange(of: "Signatures:") {
                values = words[range.upperBound...].split(whereSeparator: { $0 == "[" || $0 == "]" || $0 == "," || $0 == " " })
            } else if let marker = ["SHA256:", "SHA-256:", "SHA-256 digest:"].lazy.compactMap({ words.firstRange(of: $0) }).first {
                values = [words[marker.upperBound...]]
            } else {
                continue
            }
            for value in values {
                if case .success(let fingerprint) = Identifiers.canonicalFingerprint(String(value)), !found.contains(fingerprint) {
                    found.append(fingerprint)
                }
            }
        }
        return found.isEmpty ? .failure(.noFingerprint) : .success(found)
    }
}

/// Why a certificate's text gives no fingerprint.
package enum SigningCertificateProblem: Error, Hashable, CustomStringConvertible {
    case notAFingerprint(String)
    case noFingerprint

    package var description: String {
        switch self {
        case .notAFingerprint(let problem): problem
        case .noFingerprint:
            "no SHA-256 fingerprint found; give the fingerprint, or the output of keytool -list -v, apksigner verify --print-certs, "
                + "./gradlew signingReport or adb shell pm get-app-links"
        }
    }
}
