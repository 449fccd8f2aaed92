"""Every diagnostic the core makes names a typed message (a `DiagnosticMessage` declared beside the
check that finds it), never a sentence written at the call site: ARCHITECTURE.md, "Messages"."""
import re
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CORE = REPOSITORY / "Sources" / "LinkwellCore"

# A diagnostic built from a string: `.error("…`, `.warning(\n  "…`, `Diagnostic.error("…`,
# `Diagnostic(.note, "…`. `self.error(` (verify's own result type) is not a diagnostic.
FROM_STRING = re.compile(
    r'(?:(?<![\w)\]])|Diagnostic)\.(?:error|warning|lint)\(\s*"'
    r'|Diagnostic\(\s*\.(?:error|warning|note)\s*,\s*"')


def without_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)^\s*//.*$", "", text)


def test_the_core_makes_diagnostics_only_from_typed_messages():
    found = []
    for path in sorted(CORE.rglob("*.swift")):
        if path.relative_to(CORE).parts[0] == "Diagnostics":
            continue
        code = without_comments(path.read_text())
        for match in FROM_STRING.finditer(code):
            line = code.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(REPOSITORY)}:{line}: {match.group(0).strip()}")
    assert not found, "diagnostics made from a sentence at the call site (declare a message type beside the check):\n" + "\n".join(found)


def test_the_rule_catches_each_form():
    for sample in ['.error("x", at: nil)', '.warning(\n    "x", at: nil)', 'Diagnostic.warning("x", at: nil)',
                   'Diagnostic(\n .note, "x", at: nil)']:
        assert FROM_STRING.search(sample), sample
    for sample in ['.error(RouteProblem.noApps(route: r), at: l)', 'self.error("is not valid JSON")']:
        assert not FROM_STRING.search(sample), sample
