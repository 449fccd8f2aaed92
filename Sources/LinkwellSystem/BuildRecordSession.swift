import LinkwellCore

extension BuildRecord {
    /// One build's use of the record: the record to trust while pages stream, the path hash and
    /// fingerprint of every page it wrote or proved, and, once every page is in place, the new
    /// record — rewritten from the pages it did not prove while they are few (a one-row change
    /// costs its pages, not a walk of the folder), else written from a walk, else removed when it
    /// cannot be trusted.
    package final class Session {
        /// At most this many unproved pages are kept by path for a rewrite; past it, the folder
        /// is walked.
        package static let rewriteLimit = 8_192

        package let record: BuildRecord?
        /// Every item page the build wrote or proved: its path's hash and its fingerprint.
        private var pages: [(path: UInt64, fingerprint: PageFingerprint)] = []
        private let root: String
        package private(set) var proved = 0
        /// The pages the record did not prove, while a rewrite can use them. Only a record with
        /// entries is rewritten so: a build with none (a new folder, a fresh clone) keeps none.
        package private(set) var unproved: [String] = []
        package private(set) var keepsUnproved: Bool

        /// Without the binary's identity (`binaryIdentity`) nothing is recorded or trusted.
        package init(root: String) {
            self.root = root
            record = BuildRecord.binaryIdentity == nil ? nil : BuildRecord(root: root)
            keepsUnproved = (record?.count ?? 0) > 0
        }

        /// An emitted file: item pages (those with a fingerprint) are kept for the new record.
        package func note(_ file: OutputFile) {
            guard let fingerprint = file.fingerprint else { return }
            if record != nil { pages.append((BuildRecord.hash(file.path), fingerprint)) }
            if file.provedUnchanged {
                proved += 1
            } else if keepsUnproved {
                if unproved.count < Self.rewriteLimit { unproved.append(file.path) } else { (unproved, keepsUnproved) = ([], false) }
            }
        }

        /// The record after the build, with the folder's lock held (so no other build changes a
        /// page between this build's writing it and the record's reading of its identity).
        /// `changedNothing`: the folder's summary was empty.
        package func finish(changedNothing: Bool) {
            guard let record, !(changedNothing && proved == pages.count && record.count == pages.count) else { return }
            // Taken once every page is in place: a page changed in this tick of the file
            // system's clock is left out, so an edit made right after the build is never proved.
            guard let now = ChangeTime.now(in: root) else { return BuildRecord.remove(root: root) }
            pages.sort { $0.path < $1.path }
            if keepsUnproved {
                record.rewrite(pages: pages, unproved: unproved, before: now)
            } else {
                BuildRecord.write(root: root, pages: pages, before: now)
            }
        }
    }
}
