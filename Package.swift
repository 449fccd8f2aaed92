// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Linkwell",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "linkwell", targets: ["linkwell"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2")
    ],
    targets: [
        .target(
            name: "LinkwellCore",
            dependencies: ["CYAML"],
            // Text the binary carries, compiled in as bytes (`PackageResources`): the preview
            // pages' script, and the built-in templates — `Rendering/Templates` is a link to the
            // repository's Templates/, the same files the bundled site.yaml names.
            exclude: ["Rendering/Templates/README.md"],
            resources: [
                .embedInCode("Rendering/page.js"),
                .embedInCode("Rendering/Templates/head.mustache"),
                .embedInCode("Rendering/Templates/page.mustache"),
                .embedInCode("Rendering/Templates/short-link.mustache"),
                .embedInCode("Rendering/Templates/style.mustache"),
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // libyaml, the YAML reader manifests are read with: the system's, from the Debian package
        // the project's design names (`.ci/test` installs it; see README.md → Set up and run).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .executableTarget(
            name: "linkwell",
            dependencies: [
                "LinkwellCore",
                "LinkwellSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // The executable's POSIX layer, a library so tests can call it: the output folder (compare,
        // stage, swap), the build record, serve's HTTP server, verify's fetcher, child processes.
        .target(
            name: "LinkwellSystem",
            dependencies: ["LinkwellCore", "CCurl", "CArguments"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // `verify`'s HTTP client: the system's libcurl, loaded when verify runs (see its header).
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The program's arguments as the C runtime hands them to initializers, for a root without
        // /proc (where the Swift runtime on Linux reads them from).
        .target(name: "CArguments"),
        // What both test targets read: the fixtures and the repository's own files.
        .target(
            name: "LinkwellTestSupport",
            dependencies: ["LinkwellCore"],
            path: "Tests/LinkwellTestSupport"
        ),
        .testTarget(
            name: "LinkwellCoreTests",
            dependencies: ["LinkwellCore", "LinkwellTestSupport"]
        ),
        .testTarget(
            name: "linkwellTests",
            dependencies: ["LinkwellCore", "LinkwellSystem", "LinkwellTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets for `.ci/fuzz` only: they need -sanitize=fuzzer to link, so an ordinary
// `swift build` never sees them.
if Context.environment["LINKWELL_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "LinkwellFuzz", dependencies: ["LinkwellCore"], path: "Fuzz/LinkwellFuzz"))
}
