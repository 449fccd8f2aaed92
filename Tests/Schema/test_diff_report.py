"""`linkwell diff --format json` against its schema (docs/diff-report.schema.json, draft 2020-12):
a change that touches every section validates, and its platform and decision ids are the ones
`linkwell match --json` prints."""
import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import REPOSITORY, linkwell_binary  # noqa: E402

SCHEMA = json.loads((REPOSITORY / "docs" / "diff-report.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker())
DIFF = REPOSITORY / "Tests" / "Fixtures" / "diff"


def report():
    run = subprocess.run([str(linkwell_binary()), "diff", "--base-manifest", str(DIFF / "base.yaml"), "--manifest",
                          str(DIFF / "head.yaml"), "--format", "json"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_a_change_touching_every_section_validates():
    data = report()
    errors = sorted(VALIDATOR.iter_errors(data), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:10])
    for section in ["regions", "samples", "changes", "previews", "routes", "files"]:
        assert data[section], f"the fixture leaves {section} empty: it would not be checked"


def test_ids_are_match_jsons():
    data = report()
    match = subprocess.run([str(linkwell_binary()), "match", "--manifest", str(REPOSITORY / "site.yaml"), "--json",
                            "https://m.example.com/u/alex", "https://m.example.com/account/x", "https://m.example.com/nothing"],
                           capture_output=True, text=True, timeout=60)
    lines = [json.loads(line) for line in match.stdout.splitlines() if line.strip()]
    match_platforms = {line["platform"] for line in lines if "platform" in line}
    match_decisions = {line["decision"] for line in lines if "decision" in line}
    assert {r["platform"] for r in data["regions"]} <= match_platforms
    assert {p for s in data["samples"] for p in s["platforms"]} <= match_platforms
    decisions = {side["decision"] for r in data["regions"] + data["samples"] for side in (r["before"], r["after"])}
    assert decisions & match_decisions and decisions - match_decisions <= {"no_app", "no_host"}, (decisions, match_decisions)


def test_display_names_are_refused():
    data = report()
    data["regions"][0]["platform"] = "iOS 13+"
    assert not VALIDATOR.is_valid(data)


def test_every_topic_the_diff_writes_is_in_the_schema():
    # Read from the source: each topic `ManifestChanges` adds a change under, as its JSON code.
    source = (REPOSITORY / "Sources" / "LinkwellCore" / "Diffing" / "ManifestChanges.swift").read_text()
    topics = set(re.findall(r'add\(\s*"([a-z .]+)",', source))
    assert {"apps", "app files", "home pages", "item pages", "robots.txt"} <= topics, topics
    codes = {"robots" if topic == "robots.txt" else topic.replace(" ", "-") for topic in topics}
    enum = set(_topic_enum(SCHEMA))
    assert codes <= enum, f"topics the schema does not list: {sorted(codes - enum)}"


def _topic_enum(node):
    """The `enum` of the first `topic` property in the schema."""
    if isinstance(node, dict):
        if "topic" in node and isinstance(node["topic"], dict) and "enum" in node["topic"]:
            return node["topic"]["enum"]
        for value in node.values():
            found = _topic_enum(value)
            if found:
                return found
    if isinstance(node, list):
        for value in node:
            found = _topic_enum(value)
            if found:
                return found
    return None
