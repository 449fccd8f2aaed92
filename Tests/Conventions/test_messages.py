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
    """The code without comments, each comment's line breaks kept so that line numbers hold."""
    text = re.sub(r"/\*.*?\*/", lambda match: "\n" * match.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"(?m)^[ \t]*//.*$", "", text)


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


# A warning the core makes: `.warning(…)`, or a helper told `severity: .warning`. Each must carry a
# code (`code: …`), so that the entry it is about can `accept` it and `--strict` stays passable
# (`.lint(…)` takes its code from the message type).
WARNING = re.compile(r"(?<![\w)\]])\.warning\(|severity:\s*\.warning\b")


def rest_of_call(code, start):
    """The call's text: for `.warning(`, up to its own closing `)`; for `severity: .warning`, up to
    the `)` that closes the call it is an argument of."""
    depth = 0
    for index in range(start, len(code)):
        if code[index] == "(":
            depth += 1
        elif code[index] == ")":
            depth -= 1
            if depth <= 0:
                return code[start:index + 1]
    return code[start:]


def test_every_warning_the_core_makes_has_a_code():
    found = []
    for path in sorted(CORE.rglob("*.swift")):
        if path.relative_to(CORE).parts[0] in ("Diagnostics", "Verification", "Diffing"):
            continue  # the type itself; verify's findings and diff's annotations are not manifest warnings
        code = without_comments(path.read_text())
        for match in WARNING.finditer(code):
            if "code:" not in rest_of_call(code, match.start()):
                line = code.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(REPOSITORY)}:{line}: {match.group(0)}")
    assert not found, "warnings without a code (add `code:`, a LintCode the entry it is about can accept):\n" + "\n".join(found)


def test_the_warning_rule_catches_a_warning_without_a_code():
    assert "code:" not in rest_of_call('.warning(AppProblem.x(app: a), at: l)) + more(code: y)', 0)
    assert "code:" in rest_of_call('.warning(\n  P.x(a, b), at: l,\n  notes: [N("x", at: f)], code: .itemPathCase)', 0)
    assert "code:" in rest_of_call('.warning(AppProblem.x(app: a), at: l, code: .noFingerprint)', 0)
    assert "code:" not in rest_of_call('severity: .warning, consequence: "x")\nfoo(code: 1)', 0)
