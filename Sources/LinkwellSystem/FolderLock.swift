import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on the builds of one folder: `flock` on the folder that holds it (no lock
/// file to commit or ignore), held until the build ends; the kernel drops it if the process dies.
struct FolderLock {
    /// The folder that holds the output, opened once: everything a build does beside the output
    /// (its staging folder, its journal, a killed build's leftovers) is done relative to it.
    let parent: Folder

    init(beside root: String) throws {
        let path = FileTree.split(root).parent
        try FileTree.makeFolders(path)
        guard let parent = Folder(path: path) else { throw OutputFolderError.system("cannot open '\(path)'") }
        if flock(parent.descriptor, LOCK_EX | LOCK_NB) != 0 {
            _ = writeAll(STDERR_FILENO, Array("linkwell: another build is writing in '\(path)'; waiting for it\n".utf8))
            guard flock(parent.descriptor, LOCK_EX) == 0 else { throw OutputFolderError.system("cannot lock '\(path)'") }
        }
        self.parent = parent
    }

    /// The lock goes with the descriptor, when the last holder of `parent` lets it go; a build
    /// calls this last.
    func release() {
        flock(parent.descriptor, LOCK_UN)
    }
}

/// For the durability suite only: with `LINKWELL_TEST_PAUSE=<moment>:<milliseconds>`, a build says
/// on standard error each moment a kill there must be survived — its staging folder made but not
/// yet listed (`linkwell-test: staging made`), its journal's temporary file made but not yet
/// listed (`journal made`), the staging folder complete (`staged`), its first file replaced
/// (`replacing`), every file in place (`swapped`), the staging folder removed but not yet the
/// journal (`staging removed`) — and waits that long at the one named, so a test can kill it at
/// that moment rather than at one it can only hope to hit.
enum SwapPause {
    static let pause: (moment: Substring, milliseconds: UInt32)? = getenv("LINKWELL_TEST_PAUSE").flatMap {
        let setting = String(cString: $0)
        guard let colon = setting.lastIndex(of: ":"), let milliseconds = UInt32(setting[setting.index(after: colon)...]) else { return nil }
        return (setting[..<colon], milliseconds)
    }

    static func announce(_ moment: String) {
        guard let pause else { return }
        _ = writeAll(STDERR_FILENO, Array("linkwell-test: \(moment)\n".utf8))
        if pause.moment == moment { usleep(pause.milliseconds * 1000) }
    }
}
