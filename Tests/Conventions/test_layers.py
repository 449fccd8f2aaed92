"""The core's folders are layers: a folder may use the folders below it in ARCHITECTURE.md's
order and never one above it. Read from the sources: every type declared at the top level of a
file belongs to its folder, and a file that names a type of a folder above its own (in code, not
in comments or strings) breaks the order."""
import re
from collections import defaultdict
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CORE = REPOSITORY / "Sources" / "LinkwellCore"

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)\n]*\))?[ \t]+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)[ \t]+)*"
    r"(?:struct|enum|class|protocol|typealias|actor)[ \t]+([A-Z]\w*)", re.M)


def layers():
    """The order in ARCHITECTURE.md: the line `Layers, bottom to top: A → B → …`."""
    text = (REPOSITORY / "ARCHITECTURE.md").read_text()
    line = next(line for line in text.splitlines() if line.startswith("Layers, bottom to top:"))
    return re.findall(r"`(\w+)/`", line)


def code_of(text):
    """The text without comments and string literals, so prose never counts as a use."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'#*"""(.*?)"""#*', '""', text, flags=re.S)
    text = re.sub(r'#+"(?:[^"\n])*"#+', '""', text)
    text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
    return re.sub(r"//[^\n]*", "", text)


def uses():
    """(folder, file, type, folder of the type) for every use of a type from another folder."""
    owners = defaultdict(set)
    files = {}
    for path in sorted(CORE.rglob("*.swift")):
        folder = path.relative_to(CORE).parts[0]
        code = code_of(path.read_text())
        files[path] = (folder, code)
        for match in DECLARATION.finditer(code):
            owners[match.group(1)].add(folder)
    found = []
    for path, (folder, code) in files.items():
        for name in sorted(set(re.findall(r"\b[A-Z]\w*\b", code))):
            for owner in owners.get(name, ()):
                if owner != folder:
                    found.append((folder, path.relative_to(CORE), name, owner))
    return found


def test_every_core_folder_is_a_layer():
    order = layers()
    folders = sorted(p.name for p in CORE.iterdir() if p.is_dir())
    assert sorted(order) == folders, f"ARCHITECTURE.md's layers {order} must name every core folder once: {folders}"


def test_no_folder_uses_a_folder_above_it():
    order = layers()
    rank = {folder: index for index, folder in enumerate(order)}
    upward = [f"{file} ({folder}/) uses {name} from {owner}/, which is above it"
              for folder, file, name, owner in uses() if rank[owner] > rank[folder]]
    assert not upward, "\n".join(upward)


def test_core_tests_are_where_their_code_is():
    """Tests/LinkwellCoreTests/ mirrors the core's folders: each test file sits in a folder named
    as the core folder whose code it holds (Support/ also holds test helpers), and no file is
    over 600 lines."""
    tests = REPOSITORY / "Tests" / "LinkwellCoreTests"
    folders = {path.name for path in CORE.iterdir() if path.is_dir()}
    misplaced = [str(path.relative_to(tests)) for path in tests.rglob("*.swift")
                 if len(path.relative_to(tests).parts) != 2 or path.relative_to(tests).parts[0] not in folders]
    assert not misplaced, f"not in a folder named as a core folder: {misplaced}"
    long = [f"{path.relative_to(REPOSITORY)} ({count} lines)" for path in REPOSITORY.glob("Tests/*Tests/**/*.swift")
            if (count := len(path.read_text().splitlines())) > 600]
    assert not long, f"test files over 600 lines: {long}"
