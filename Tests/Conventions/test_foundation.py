"""The binary links FoundationEssentials only. The full Foundation (its Objective-C layer, and
with it ICU's 34 MB of Unicode data) would come back with one `import Foundation` that is not the
macOS fallback of `#if canImport(FoundationEssentials)`, or with one package that imports it
(Yams, the Swift wrapper of libyaml once used, did; libyaml itself is C): docs/performance.md, "binary". `MemberImportVisibility` keeps a file from using a
Foundation-only member through another file's import."""
import re
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
SOURCES = REPOSITORY / "Sources"
GUARD = "#if canImport(FoundationEssentials)\n    import FoundationEssentials\n#else\n    import Foundation\n#endif\n"


def unguarded_imports():
    """(file, line) of every `import Foundation` outside the guard."""
    found = []
    for path in sorted(SOURCES.rglob("*.swift")):
        text = path.read_text()
        guarded = text.replace(GUARD, "")
        for match in re.finditer(r"^\s*(?:@\w+\s+)?import\s+(?:struct\s+|class\s+|enum\s+|func\s+)?Foundation\b(?!Essentials)", guarded, re.M):
            found.append((path.relative_to(REPOSITORY), guarded[: match.start()].count("\n") + 1))
    return found


def test_sources_import_foundation_essentials_only():
    assert unguarded_imports() == []


def test_the_binary_depends_on_no_package_that_imports_foundation():
    manifest = (REPOSITORY / "Package.swift").read_text()
    targets = manifest[manifest.index("targets:"):]
    product_targets = targets[: targets.index(".testTarget(")]
    # The core and the executable name only the argument parser (which imports
    # FoundationEssentials where it can); YAML is read with the C libyaml (system library CYAML).
    assert re.findall(r'\.product\(name: "(\w+)"', product_targets) == ["ArgumentParser"]


def test_member_import_visibility_is_on_for_every_swift_target_of_the_tool():
    # The core, the system layer and the executable.
    manifest = (REPOSITORY / "Package.swift").read_text()
    assert manifest.count('.enableUpcomingFeature("MemberImportVisibility")') == 3


def test_the_guard_is_what_the_sources_write():
    # The check above would pass on a file that spells the guard differently and imports
    # Foundation on Linux; every file that imports Foundation at all uses this exact guard.
    uses = [path for path in SOURCES.rglob("*.swift") if "import Foundation\n" in path.read_text()]
    assert uses and all(GUARD in path.read_text() for path in uses)
