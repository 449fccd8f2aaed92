import CArguments

/// The program's arguments, its own path first. The Swift runtime on Linux reads them from
/// `/proc/self/cmdline`: in a chroot or container without `/proc` it finds none, and the command
/// would run as if given no arguments. The C runtime hands them to initializers before `main`
/// (`CArguments`); those are used, and the runtime's where there are none.
package enum ProcessArguments {
    package static let all: [String] = {
        let count = Int(linkwell_argument_count())
        guard count > 0, let arguments = linkwell_arguments() else { return CommandLine.arguments }
        return (0..<count).map { arguments[$0].map { String(cString: $0) } ?? "" }
    }()
}
