import LinkwellCore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the last build of an output folder wrote or checked, kept outside the folder (in
/// `$XDG_CACHE_HOME/linkwell`, else `~/.cache/linkwell`), so that the next build and `check` can
/// prove an item page current without rendering or reading it: for each item page, the
/// fingerprint of its inputs and the identity of its file (device, inode, size, modification and
/// status-change times, to the nanosecond). A hand edit changes the status-change time, which no
/// user can set back, so an edited file is never proved; neither is a file whose inputs, or the
/// Linkwell binary, changed. Without a record (a fresh clone, CI) every page is rendered and
/// compared as before. A page whose status-change time is not before the moment its record is
/// written is left out of it (`ChangeTime.now(beside:)`): on a clock that ticks coarsely, a
/// change made to it right after the build could keep every part of its identity.
///
/// The record holds four 64-bit words per page (path hash, fingerprint, file identity hash): 6.4 MB
/// for 200,000 pages, streamed out as the host folders are walked (side by side), sorted when read.
package struct BuildRecord: PageProof {
    private struct Entry: Comparable {
        var path: UInt64
        var high: UInt64
        var low: UInt64
        var file: UInt64
        static func < (left: Entry, right: Entry) -> Bool { left.path < right.path }
    }

    package let root: String
    private let entries: [Entry]
    /// How many pages the record holds.
    package var count: Int { entries.count }

    package static let magic = Array("linkwell build record 1\n".utf8)

    /// The record of `root`, empty when there is none or it cannot be read.
    package init(root: String) {
        self.root = root
        // No folder, no page in it to prove: without this each page would cost a failed stat
        // (a fresh build after the folder was removed keeps the cache's old record).
        var folder = stat()
        guard stat(root, &folder) == 0, let file = Self.file(for: root), let data = FileManager.default.contents(atPath: file) else {
            entries = []
            return
        }
        let bytes = [UInt8](data)
        guard bytes.count >= Self.magic.count, Array(bytes[..<Self.magic.count]) == Self.magic,
            (bytes.count - Self.magic.count) % 32 == 0
        else {
            entries = []
            return
        }
        var read: [Entry] = []
        read.reserveCapacity((bytes.count - Self.magic.count) / 32)
        var offset = Self.magic.count
        func word() -> UInt64 {
            defer { offset += 8 }
            return Self.word(in: bytes, at: offset)
        }
        while offset < bytes.count { read.append(Entry(path: word(), high: word(), low: word(), file: word())) }
        // Written in the order the host folders' walks (or the writer's lanes) gave; sorted here
        // for binary search. Paths that share a hash are dropped, so they are never proved.
        read.sort()
        entries = read.indices.filter { index in
            (index == 0 || read[index - 1].path != read[index].path)
                && (index + 1 == read.count || read[index + 1].path != read[index].path)
        }.map { read[$0] }
    }

    package func isCurrent(_ path: String, fingerprint: PageFingerprint) -> Bool {
        // A build with no record (a new folder, a fresh clone) hashed every page's path to find
        // nothing.
        guard !entries.isEmpty, let entry = entry(Self.hash(path), fingerprint: fingerprint),
            let identity = Self.identity(root + "/" + path)
        else {
            return false
        }
        return identity == entry.file
    }

    /// The entry of the page whose path hashes to `key`, if it holds `fingerprint`.
    private func entry(_ key: UInt64, fingerprint: PageFingerprint) -> Entry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].path < key { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].path == key, entries[low].high == fingerprint.high, entries[low].low == fingerprint.low
        else { return nil }
        return entries[low]
    }

    /// Records every item page now in the folder (their final identities: after the swap and
    /// the removal of the old tree), replacing the old record atomically. `pages` are the
    /// build's (path hash, fingerprint) pairs, sorted by hash; pages whose paths share a hash
    /// are left out, so they are never proved, and so are pages changed at `now` or later
    /// (`ChangeTime.now(beside:)`, taken once every page is in place). Memory: the pairs and the
    /// entries, 56 bytes a page.
    package static func write(root: String, pages sorted: [(path: UInt64, fingerprint: PageFingerprint)], before now: ChangeTime) {
        guard let file = file(for: root) else { return }
        replace(file) { descriptor in
            let output = RecordOutput(descriptor)
            output.append(magic)
            // Item pages are in the host folders: each is walked on its own thread (a stat per
            // page is most of the cost), its entries going out a block at a time, in any order —
            // the record is sorted when read.
            guard let top = Folder(path: root) else { return false }
            FileTree.folders(in: top).concurrentForEach { name in
                var bytes: [UInt8] = []
                guard let folder = top.folder(name) else { return }
                FileTree.forEachFile(folder, prefix: name) { path, info in
                    let key = hash(path)
                    var low = 0
                    var high = sorted.count
                    while low < high {
                        let middle = (low + high) / 2
                        if sorted[middle].path < key { low = middle + 1 } else { high = middle }
                    }
                    guard low < sorted.count, sorted[low].path == key, low + 1 == sorted.count || sorted[low + 1].path != key,
                        let identity = identity(of: info), ChangeTime(info) < now
                    else { return }
                    appendEntry(path: key, fingerprint: sorted[low].fingerprint, identity: identity, to: &bytes)
                    if bytes.count >= 1 << 16 {
                        output.append(bytes)
                        bytes.removeAll(keepingCapacity: true)
                    }
                }
                output.append(bytes)
            }
            return !output.failed
        }
    }

    /// The record again after a build in place that proved most of its pages with this record,
    /// without walking the folder: a proved page's file was not touched by the build (only
    /// changed, added and removed files move), so it keeps the identity it was proved with; the
    /// build's other pages, `unproved` (by path), are `lstat`ed now. `pages` as for
    /// `write(root:pages:)`. A walk would stat every page, most of a one-row change's build. A
    /// file edited while the build ran gets a new status-change
    /// time, so the identity carried over no longer matches it: it is compared, never proved.
    /// An unproved page changed at `now` or later is left out (as `write` leaves it out); a
    /// proved one was recorded before, so changed before the record that proved it.
    package func rewrite(pages sorted: [(path: UInt64, fingerprint: PageFingerprint)], unproved: [String], before now: ChangeTime) {
        guard let file = Self.file(for: root) else { return }
        var fresh: [UInt64: UInt64] = [:]
        var changedNow: Set<UInt64> = []
        for path in unproved {
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0, let identity = Self.identity(of: info) else { continue }
            if ChangeTime(info) < now { fresh[Self.hash(path)] = identity } else { changedNow.insert(Self.hash(path)) }
        }
        var bytes = Self.magic
        bytes.reserveCapacity(Self.magic.count + 32 * sorted.count)
        for page in sorted {
            if let identity = fresh[page.path] {
                Self.appendEntry(path: page.path, fingerprint: page.fingerprint, identity: identity, to: &bytes)
                continue
            }
            if changedNow.contains(page.path) { continue }
            // Proved by this record: its entry, the same fingerprint (else it was not proved).
            guard let entry = entry(page.path, fingerprint: page.fingerprint) else { continue }
            Self.appendEntry(path: page.path, fingerprint: page.fingerprint, identity: entry.file, to: &bytes)
        }
        Self.replace(file) { writeAll($0, bytes) }
    }

    /// Puts a record file in place whole or not at all: `fill` writes it to a temporary file
    /// beside it (true when every write succeeded), which replaces it only once closed; else the
    /// temporary file is removed and the record left as it was. True if it was replaced.
    @discardableResult
    package static func replace(_ file: String, fill: (Int32) -> Bool) -> Bool {
        let temporary = file + ".\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let filled = fill(descriptor)
        guard close(descriptor) == 0, filled, rename(temporary, file) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// One entry as the record file holds it: four little-endian words, appended at once (an
    /// array of the words and a byte at a time was made for every page a build records).
    package static func appendEntry(path: UInt64, fingerprint: PageFingerprint, identity: UInt64, to bytes: inout [UInt8]) {
        let words = (path.littleEndian, fingerprint.high.littleEndian, fingerprint.low.littleEndian, identity.littleEndian)
        withUnsafeBytes(of: words) { bytes.append(contentsOf: $0) }
    }

    /// The record file being written, shared by the walks of the host folders.
    private final class RecordOutput: Sendable {
        private let descriptor: Int32
        private let failure = Mutex(false)

        init(_ descriptor: Int32) { self.descriptor = descriptor }

        var failed: Bool { failure.withLock { $0 } }

        func append(_ bytes: [UInt8]) {
            failure.withLock { failed in
                if !failed, !writeAll(descriptor, bytes) { failed = true }
            }
        }
    }

    /// Forgets the record of `root` (a build that failed after changing nothing still leaves
    /// the folder as the record describes, but one that failed midway may not).
    package static func remove(root: String) {
        if let file = file(for: root) { unlink(file) }
    }

    /// Where the record of `root` lives; nil without a home or cache folder.
    private static func file(for root: String) -> String? {
        CacheFolder.file(for: root, suffix: "record")
    }

    /// 64-bit FNV-1a of a path.
    package static func hash(_ text: String) -> UInt64 {
        FNV.hash(text)
    }

    /// A file's status-change time, to the nanosecond: set by the kernel at every change to the
    /// file, from its clock, which no user can set back without changing the system's time.
    package struct ChangeTime: Comparable, Sendable {
        package var seconds: Int64
        package var nanoseconds: Int64

        package init(seconds: Int64, nanoseconds: Int64) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        package init(_ info: stat) {
            #if canImport(Glibc)
                let changed = info.st_ctim
            #else
                let changed = info.st_ctimespec
            #endif
            self.init(seconds: Int64(changed.tv_sec), nanoseconds: Int64(changed.tv_nsec))
        }

        package static func < (left: ChangeTime, right: ChangeTime) -> Bool {
            (left.seconds, left.nanoseconds) < (right.seconds, right.nanoseconds)
        }

        /// The status-change time a change made now gets on the file system of `root`: that of a
        /// file made in it (so with the pages' clock and granularity) and removed at once. The
        /// kernel stamps a change with a clock that ticks coarsely (every few milliseconds; a
        /// second or two on some file systems), so a page changed in the same tick as a later
        /// edit could keep its whole identity — git's "racily clean" index entries. A page
        /// changed at this time or later is therefore left out of the record, taken once every
        /// page is in place: the next build compares it, and records it then. Nil when no file
        /// can be made there (then no record is kept).
        ///
        /// On Linux the file has no name (`O_TMPFILE`), so a build killed meanwhile leaves
        /// nothing; elsewhere it is a named file inside the output, made new and never followed,
        /// which a killed build leaves as a file no build writes: the next build removes it, and
        /// `check` lists it until then. Nothing is made beside the output.
        package static func now(in root: String) -> ChangeTime? {
            guard let folder = Folder(path: root) else { return nil }
            #if os(Linux)
                // O_TMPFILE is __O_TMPFILE | O_DIRECTORY; Glibc's module does not export it.
                let unnamed = openat(folder.descriptor, ".", 0o20_000_000 | O_DIRECTORY | O_WRONLY | O_CLOEXEC, 0o600)
                if unnamed >= 0 {
                    defer { close(unnamed) }
                    var info = stat()
                    return fstat(unnamed, &info) == 0 ? ChangeTime(info) : nil
                }
            #endif
            let name = ".linkwell-clock-\(getpid())"
            let descriptor = openat(folder.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return nil }
            defer { unlinkat(folder.descriptor, name, 0) }
            var info = stat()
            let stated = fstat(descriptor, &info) == 0
            close(descriptor)
            return stated ? ChangeTime(info) : nil
        }
    }

    /// The little-endian word at `offset` of a record's `bytes`.
    fileprivate static func word(in bytes: [UInt8], at offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        return value
    }

    /// A hash of what identifies a regular file's current bytes without reading them; nil for
    /// anything else.
    package static func identity(_ path: String, following: Bool = false) -> UInt64? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return identity(of: info)
    }

    /// The same from a `stat` already taken; device, inode, size, then modification and
    /// status-change times, each word's bytes hashed in turn (no array per file: a record
    /// write takes one for every page).
    package static func identity(of info: stat) -> UInt64? {
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Glibc)
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #else
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #endif
        var value = FNV.offsetBasis
        for word in [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size)] {
            value = FNV.hash(littleEndian: word, seed: value)
        }
        for time in [modified.tv_sec, modified.tv_nsec, changed.tv_sec, changed.tv_nsec] {
            value = FNV.hash(littleEndian: UInt64(bitPattern: Int64(time)), seed: value)
        }
        return value
    }

    /// What identifies this Linkwell binary: its version and its file's identity, so a rebuilt
    /// binary never trusts pages an older one wrote. Nil when it cannot be told (then nothing
    /// is proved).
    package static let binaryIdentity: [UInt8]? = {
        #if canImport(Glibc)
            guard let identity = identity("/proc/self/exe", following: true) ?? resolvedExecutableIdentity() else { return nil }
        #else
            guard let identity = resolvedExecutableIdentity() else { return nil }
        #endif
        return Array("\(Linkwell.version) \(identity)".utf8)
    }()

    private static func resolvedExecutableIdentity() -> UInt64? {
        guard let first = ProcessArguments.all.first, let real = realpath(first, nil) else { return nil }
        defer { free(real) }
        return identity(String(cString: real), following: true)
    }
}

// `read` by its module's name: inside a type with its own `read`s, the bare name is not the C call.
#if canImport(Glibc)
    private let readBytes = Glibc.read
#else
    private let readBytes = Darwin.read
#endif
