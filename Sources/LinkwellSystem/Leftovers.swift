import LinkwellCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a build may leave beside the output folder when it is killed: its staging folder
/// (`<name>.linkwell-new-<pid>`), its journal (`<name>.linkwell-journal`) and the journal's
/// temporary file (`….new`); earlier versions also left `<name>.linkwell-old-*` and
/// `<name>.linkwell-clock-*`. A name proves nothing — a pull request can commit any of them, as a
/// file, a folder or a link to a folder elsewhere — so a build acts only on the entries that
/// builds on this machine made (`BesideEntries`: same name, device and inode), and refuses to
/// start while any other entry of such a name is there: nothing but the output folder, its
/// own staging folder and such an entry left empty (`isEmptyRemains`) is ever removed or renamed.
enum Leftovers {
    /// The start every such name has.
    static func prefix(of root: String) -> String { FileTree.split(root).name + ".linkwell-" }

    /// The entries beside `root` named like a build's, with their `lstat`.
    static func found(root: String, in parent: Folder) -> [(name: String, info: stat)] {
        let prefix = prefix(of: root)
        var found: [(name: String, info: stat)] = []
        parent.forEachEntry { name, _ in
            if name.hasPrefix(prefix), let info = parent.status(of: name) { found.append((name, info)) }
        }
        return found.sorted { $0.name < $1.name }
    }

    /// The staging folder's name for a build of `root` by process `pid`.
    static func stagingName(of root: String, pid: Int32) -> String { prefix(of: root) + "new-\(pid)" }

    /// Whether `name` is a staging folder's name for `root` (digits after the prefix).
    static func isStagingName(_ name: String, of root: String) -> Bool {
        let start = prefix(of: root) + "new-"
        guard name.hasPrefix(start) else { return false }
        let digits = name.dropFirst(start.count)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether an entry no build here listed is what a build killed between making an entry and
    /// listing it leaves: its staging folder, a real folder with nothing in it, or its journal's
    /// temporary file, a regular file of no bytes. Nothing in it can be published or lost, so it is
    /// removed whoever made it (a folder only while it is empty: `rmdir` refuses one that is not).
    static func isEmptyRemains(_ name: String, _ info: stat, root: String, in parent: Folder) -> Bool {
        switch Folder.kind(of: info) {
        case .folder: isStagingName(name, of: root) && parent.folder(name)?.entries().isEmpty == true
        case .file: name == Journal.name(of: root) + ".new" && info.st_size == 0
        case .special: false
        }
    }

    /// Makes way for a build: removes the empty remains of a build killed before it listed them,
    /// completes a journal a killed build here left, removes what killed builds here left, and
    /// refuses, before anything else changes, while any entry of such a name is there that no
    /// build here made.
    static func clear(root: String, in parent: Folder, beside: inout BesideEntries) throws {
        for (name, info) in found(root: root, in: parent)
        where !beside.made(name, info) && isEmptyRemains(name, info, root: root, in: parent) {
            unlinkat(parent.descriptor, name, Folder.kind(of: info) == .folder ? AT_REMOVEDIR : 0)
        }
        let strangers = found(root: root, in: parent).filter { !beside.made($0.name, $0.info) }
        if !strangers.isEmpty { throw notMade(strangers, root: root) }
        try Journal.complete(root: root, in: parent, beside: &beside)
        for (name, _) in found(root: root, in: parent) { parent.removeTree(name) }
        // What is gone (removed now, or before a killed build could say so) is forgotten.
        let left = Set(found(root: root, in: parent).map(\.name))
        beside.forget(beside.entries.map(\.name).filter { !left.contains($0) })
    }

    /// The states `check` fails on even when every file matches: a journal, a leftover, any
    /// entry of such a name, each as a sentence.
    static func problems(root: String) -> [String] {
        guard let parent = Folder(path: FileTree.split(root).parent) else { return [] }
        let beside = BesideEntries(root: root)
        let journal = Journal.name(of: root)
        return found(root: root, in: parent).map { name, info in
            let path = TerminalText.escaped(FileTree.split(root).parent + "/" + name)
            guard beside.made(name, info) else {
                return isEmptyRemains(name, info, root: root, in: parent)
                    ? "'\(path)' was left empty by a build killed as it made it; the next 'linkwell build' removes it"
                    : "'\(path)' (\(describe(info))) was not made by a build on this machine; remove it"
            }
            return name == journal
                ? "a build was killed while it replaced files of '\(root)' ('\(path)'); the next 'linkwell build' completes it"
                : "'\(path)' was left by a killed build; the next 'linkwell build' removes it"
        }
    }

    /// The refusal for entries no build here made, naming each and what it is.
    static func notMade(_ entries: [(name: String, info: stat)], root: String) -> OutputFolderError {
        let parent = FileTree.split(root).parent
        let list = entries.map { "'\(TerminalText.escaped(parent + "/" + $0.name))' (\(describe($0.info)))" }.joined(separator: ", ")
        return OutputFolderError(
            "\(list) beside '\(root)' \(entries.count == 1 ? "is" : "are") named like a build's own but no build on this machine made \(entries.count == 1 ? "it" : "them"); Linkwell removes and renames only what it made, and does not follow or complete what it did not: remove \(entries.count == 1 ? "it" : "them") and build again"
        )
    }

    private static func describe(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFREG: "a file"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        default: "a special file"
        }
    }
}
