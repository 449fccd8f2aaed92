"""What `.ci/release` ships (issue 51): a self-contained Linux binary that builds the bundled site
byte for byte in a root folder holding only it and the C libraries `ldd` names (with `/proc`
mounted, and reads its arguments without it) — a versioned archive with its
completions, man page and README, its SHA-256, and a SwiftPM artifact bundle whose `info.json` is
valid and whose binary runs."""
import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import zipfile

import pytest

from conftest import REPOSITORY, archive_name, version

pytestmark = pytest.mark.skipif(os.uname().sysname != "Linux", reason=".ci/release builds the Linux archive")


def tree(folder):
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.rglob("*") if p.is_file()}


def root_with(binary, root):
    """A root folder holding the binary, the libraries `ldd` names (at their paths) and a copy of
    the bundled site: nothing else."""
    (root / "bin").mkdir(parents=True)
    shutil.copy(binary, root / "bin" / "linkwell")
    for line in subprocess.run(["ldd", str(binary)], capture_output=True, text=True, check=True).stdout.splitlines():
        path = next((part for part in line.split() if part.startswith("/")), None)
        if path:
            target = root / path.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(os.path.realpath(path), target)
    site = root / "site"
    site.mkdir()
    shutil.copy(REPOSITORY / "site.yaml", site)
    for folder in ["Templates", "data", "app-files"]:
        shutil.copytree(REPOSITORY / folder, site / folder)


def in_root(root, *arguments):
    def enter():
        os.chroot(root)
        os.chdir("/site")
    return subprocess.run(["/bin/linkwell", *arguments], preexec_fn=enter, capture_output=True, text=True,
                          env={"XDG_CACHE_HOME": "/site/.cache", "NO_COLOR": "1"}, timeout=120)


def test_the_binary_links_only_the_c_runtime(release):
    with tarfile.open(release / f"{archive_name()}.tar.gz") as archive:
        archive.extractall(release / "unpacked", filter="data")
    binary = release / "unpacked" / archive_name() / "linkwell"
    names = [line.split()[0] for line in subprocess.run(["ldd", str(binary)], capture_output=True, text=True,
                                                        check=True).stdout.splitlines()]
    allowed = ("linux-vdso", "ld-linux", "/lib", "libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so",
               "libstdc++.so", "libgcc_s.so", "libutil.so", "libresolv.so")
    assert all(name.startswith(allowed) for name in names), names
    assert not any("yaml" in name or "swift" in name.lower() for name in names), names


@pytest.mark.skipif(os.geteuid() != 0, reason="chroot needs root")
def test_it_builds_the_bundled_site_alone_in_a_root_folder(release, tmp_path):
    binary = release / "unpacked" / archive_name() / "linkwell"
    if not binary.exists():
        with tarfile.open(release / f"{archive_name()}.tar.gz") as archive:
            archive.extractall(release / "unpacked", filter="data")
    root = tmp_path / "root"
    root_with(binary, root)
    # Without /proc the arguments are still read (the Swift runtime reads them from
    # /proc/self/cmdline on Linux; without them the binary printed its overview and exited 0).
    # libdispatch's thread-pool monitor reads /proc/<tid>/stat and traps (SIGILL) when it cannot,
    # in about one run in a hundred here: such a run is tried again, any other outcome counts.
    for _ in range(5):
        version_run = in_root(root, "--version")
        if version_run.returncode != -4:
            break
    assert version_run.returncode == 0 and version_run.stdout == version() + "\n", version_run.stdout + version_run.stderr
    # With /proc mounted, as a container has it.
    (root / "proc").mkdir()
    subprocess.run(["mount", "-t", "proc", "proc", str(root / "proc")], check=True)
    try:
        built = in_root(root, "build")
        assert built.returncode == 0, built.stderr
    finally:
        subprocess.run(["umount", str(root / "proc")], check=True)
    reference = tmp_path / "reference"
    shutil.copytree(REPOSITORY / "Output", reference)
    assert tree(root / "site" / "Output") == tree(reference)


def test_the_archive_holds_the_binary_completions_man_page_and_readme(release):
    name = archive_name()
    with tarfile.open(release / f"{name}.tar.gz") as archive:
        members = sorted(archive.getnames())
    for expected in ["linkwell", "README.md", "LICENSE", "completions/linkwell.bash", "completions/linkwell.zsh",
                     "completions/linkwell.fish", "man/linkwell.1"]:
        assert f"{name}/{expected}" in members, members
    checked = subprocess.run(["sha256sum", "-c", f"{name}.tar.gz.sha256"], cwd=release, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_artifact_bundle_is_valid_and_its_binary_runs(release, tmp_path):
    with zipfile.ZipFile(release / "linkwell.artifactbundle.zip") as bundle:
        bundle.extractall(tmp_path)
    root = tmp_path / "linkwell.artifactbundle"
    info = json.loads((root / "info.json").read_text())
    assert info["schemaVersion"] == "1.0"
    artifact = info["artifacts"]["linkwell"]
    assert artifact["type"] == "executable" and artifact["version"] == version()
    for variant in artifact["variants"]:
        binary = root / variant["path"]
        binary.chmod(0o755)
        assert variant["supportedTriples"] == [f"{os.uname().machine}-unknown-linux-gnu"]
        assert subprocess.run([str(binary), "--version"], capture_output=True, text=True).stdout == version() + "\n"
    checksum = (release / "linkwell.artifactbundle.zip.checksum").read_text().strip()
    assert len(checksum) == 64 and checksum == hashlib.sha256((release / "linkwell.artifactbundle.zip").read_bytes()).hexdigest()


def test_a_package_runs_the_bundle_through_a_command_plugin(release, tmp_path):
    """README's SwiftPM way: a package names the artifact bundle as a binary target and runs it
    from a command plugin of its own (here by path; a release's by URL and checksum)."""
    package = tmp_path / "site-tools"
    (package / "Plugins" / "Links").mkdir(parents=True)
    shutil.copy(release / "linkwell.artifactbundle.zip", package / "linkwell.artifactbundle.zip")
    (package / "Package.swift").write_text(
        "// swift-tools-version: 6.0\n"
        "import PackageDescription\n"
        "let package = Package(\n"
        "    name: \"site-tools\",\n"
        "    targets: [\n"
        "        .binaryTarget(name: \"linkwell\", path: \"linkwell.artifactbundle.zip\"),\n"
        "        .plugin(name: \"Links\", capability: .command(intent: .custom(verb: \"links\", description: \"Run linkwell\")),\n"
        "                dependencies: [\"linkwell\"]),\n"
        "    ])\n")
    (package / "Plugins" / "Links" / "plugin.swift").write_text(
        "import Foundation\n"
        "import PackagePlugin\n"
        "@main struct Links: CommandPlugin {\n"
        "    func performCommand(context: PluginContext, arguments: [String]) async throws {\n"
        "        let process = Process()\n"
        "        process.executableURL = try context.tool(named: \"linkwell\").url\n"
        "        process.arguments = arguments\n"
        "        try process.run()\n"
        "        process.waitUntilExit()\n"
        "    }\n"
        "}\n")
    done = subprocess.run(["swift", "package", "--disable-sandbox", "links", "--version"], cwd=package, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert done.stdout.strip().endswith(version()), done.stdout[-500:]

