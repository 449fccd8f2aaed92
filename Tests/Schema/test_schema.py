"""site.schema.json with a real JSON Schema validator (draft 2020-12), on the manifests as an editor
reads them (YAML 1.2, ruamel.yaml): every valid manifest in the repository passes, and an invalid
fixture fails exactly when its expected errors are ones of shape (unknown keys, wrong types,
missing required keys, values outside a fixed list) — the schema says no more and no less than
the decoder about shape."""
import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from ruamel.yaml import YAML

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Support"))
from linkwell_testing import REPOSITORY, linkwell_binary  # noqa: E402
FIXTURES = REPOSITORY / "Tests" / "Fixtures"
SCHEMA = json.loads((REPOSITORY / "site.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

# Errors the schema can see: everything else needs values compared with each other or parsed.
SHAPE_ERRORS = [
    r"unknown key '",
    r"expected (a|true or false|a whole number)",
    r"missing required key '",
    r"unsupported manifest version",
    r"fallback '[^']*' of page type '[^']*' must be one of",
    r"android '[^']*' of page type '[^']*' must be one of",
    r"unknown hosting provider",
    r"theme \w+ '[^']*' must be a hex colour",
    r"theme font '[^']*' must be a font stack",
    r"font (family|src|weight|style) '[^']*' must be",
    r"detail column '[^']*' of page type '[^']*' must be a column name",
    r"' in contentSecurityPolicy must be an https:// origin",
    r"clipboard '[^']*' of page type '[^']*' must be true, false, link or code",
    # Formats the schema's patterns carry:
    r"Team ID '[^']*' must be 10 upper-case letters or digits",
    r"bundle ID '[^']*' must be reverse-DNS",
    r"Android package '[^']*' must have at least two parts",
    r"fingerprint '[^']*' (contains|has)",
    r"error: host '[^']*' (must not carry|is a wildcard|must not end with a dot|is not ASCII|must be lower case|is not a valid host name)",
    r"App Store ID '[^']*' must be the numeric ID",
    r"scheme '[^']*' must (be the bare name|start with a letter)",
    r"version '[^']*' must be dot-separated numbers",
    r"short code '[^']*' may use only",
    r"(route name|app id|page type name) '[^']*' must start with a lower-case letter",
    r"lang '[^']*' must be a BCP 47 language tag",
    # A route needs a condition (the schema's anyOf), and a path starts with '/' (its pattern).
    r"route .* has no 'path', 'query' or 'fragment'",
    r"path '[^']*' of route .* must start with '/'",
    r"route .* has an empty path pattern",
]


def load(path):
    return YAML(typ="safe", pure=True).load(path.read_text())


def errors(document):
    return sorted(VALIDATOR.iter_errors(document), key=lambda e: list(e.absolute_path))


VALID = [REPOSITORY / "site.yaml"] + sorted(FIXTURES.glob("golden/*/site.yaml")) + sorted(FIXTURES.glob("diff/*.yaml"))


def test_the_schema_is_itself_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", VALID, ids=lambda p: str(p.relative_to(REPOSITORY)))
def test_valid_manifests_pass(path):
    problems = errors(load(path))
    assert not problems, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in problems)


INVALID = sorted(FIXTURES.glob("invalid/*.yaml"))


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_fixtures_fail_exactly_when_their_errors_are_of_shape(path):
    text = path.read_text()
    expected = [line for line in text.splitlines() if line.startswith("# expect:") and " error: " in line]
    if any("invalid YAML" in line or "duplicate key" in line or "through YAML aliases" in line or "YAML tag" in line
           for line in expected):
        pytest.skip("not YAML a schema can be applied to (or, for an alias bomb, one no validator should walk)")
    shape = [line for line in expected if any(re.search(pattern, line) for pattern in SHAPE_ERRORS)]
    problems = errors(load(path))
    if shape:
        assert problems, f"the decoder reports {shape} but the schema accepts the manifest"
    else:
        assert not problems, f"the schema rejects a manifest whose only errors are semantic: {[e.message for e in problems]}"


def test_init_output_passes(tmp_path):
    subprocess.run([str(linkwell_binary()), "init", "--team-id", "ABCDE12345", "--bundle-id", "com.example.app", "--package",
                    "com.example.app", "--domain", "m.example.com", "--mirror", "mlink.example.com", "--templates"],
                   cwd=tmp_path, check=True, capture_output=True)
    assert (tmp_path / "site.yaml").read_text().startswith("# yaml-language-server: $schema=site.schema.json\n")
    assert json.loads((tmp_path / "site.schema.json").read_text()) == SCHEMA
    assert not errors(load(tmp_path / "site.yaml"))
    assert sorted(p.name for p in (tmp_path / "Templates").iterdir()) == [
        "head.mustache", "page.mustache", "short-link.mustache", "style.mustache"]
