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

/// For the durability suite only: with `LINKWELL_TEST_SWAP_PAUSE=<milliseconds>`, a build says on
/// standard error when its staging folder is complete (`linkwell-test: staged`), when it has
/// replaced its first file (`linkwell-test: replacing`) and when every file is in place
/// (`linkwell-test: swapped`), and waits that long after each, so a test can kill it at those
/// moments rather than at ones it can only hope to hit.
enum SwapPause {
    static let milliseconds: UInt32? = getenv("LINKWELL_TEST_SWAP_PAUSE").flatMap { UInt32(String(cString: $0)) }

    static func announce(_ moment: String) {
        guard let milliseconds else { return }
        _ = writeAll(STDERR_FILENO, Array("linkwell-test: \(moment)\n".utf8))
        usleep(milliseconds * 1000)
    }
}
