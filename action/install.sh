#!/usr/bin/env bash
# The action's install step: the Linkwell release archive for this runner, downloaded into a
# fresh private folder, checked against the SHA-256 pinned in action/checksums.txt, and those very
# bytes unpacked there; the binary's path is written to $GITHUB_OUTPUT as `linkwell=`.
#
# Nothing is kept between runs or restored from a cache: a cache entry is written by whatever
# ran in its scope, and what is restored before a check could replace the script that checks.
# The archive is hashed and unpacked from the same file in a folder only this user can enter
# (mktemp -d), so a process swapping a file between the check and the unpack finds nothing to
# swap; and the file is read once, its bytes going both to the hash and to tar, so what is
# unpacked is what was hashed even then (an unpacked tree whose hash differs is removed unused).
# Every failure ends with one `::error` line.
#
#   install.sh install   downloads, checks, unpacks and writes linkwell=
#
# Environment: LINKWELL_VERSION (empty: the newest listed), RUNNER_TEMP, GITHUB_OUTPUT;
# LINKWELL_CHECKSUMS names another list (the install test's).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
checksums="${LINKWELL_CHECKSUMS:-$here/checksums.txt}"

fail() {
    trap - ERR
    echo "::error title=Linkwell could not be installed::$*"
    exit 1
}
# A command that fails without its own message (a full disk, a folder in the way) still ends
# with the one line.
trap 'fail "the install step stopped at line $LINENO (exit $?); see the lines above"' ERR

case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) fail "no Linkwell release for $(uname -s); run the job on Linux or macOS, or set from-source: true" ;;
esac
case "$os-$(uname -m)" in
    linux-x86_64 | linux-amd64) arch=x86_64 ;;
    linux-aarch64 | linux-arm64) arch=aarch64 ;;
    darwin-arm64 | darwin-x86_64) arch=universal ;;
    *) fail "no Linkwell release for $os on $(uname -m); set from-source: true" ;;
esac

# The newest line (the last) for this OS and architecture, and the version asked for if any.
wanted="${LINKWELL_VERSION:-}"
line="$(awk -v os="$os" -v arch="$arch" -v wanted="$wanted" '
    /^[[:space:]]*(#|$)/ { next }
    {
        name = $2; sub(/.*\//, "", name)
        suffix = "-" os "-" arch ".tar.gz"
        if (substr(name, 1, 9) != "linkwell-" || substr(name, length(name) - length(suffix) + 1) != suffix) next
        version = substr(name, 10, length(name) - 9 - length(suffix))
        if (wanted == "" || wanted == version) found = $1 " " $2 " " version
    }
    END { if (found != "") print found }' "$checksums")"
if [ -z "$line" ]; then
    fail "this version of the action pins no Linkwell release archive for $os $arch${wanted:+ at version $wanted} ($checksums); use a released version of the action, or set from-source: true to build Linkwell from the action's source"
fi
read -r sha256 url version <<<"$line"
archive="${url##*/}"


# The SHA-256 of standard input.
digest() {
    if command -v sha256sum >/dev/null; then sha256sum | cut -d' ' -f1; else shasum -a 256 | cut -d' ' -f1; fi
}

# A folder only this user can enter, new for this run: the archive is downloaded, hashed and
# unpacked here and nowhere else.
private="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/linkwell-install.XXXXXX")" || fail "cannot make a private folder in ${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
chmod 700 "$private"
download="$private/$archive"
if ! curl --fail --silent --show-error --location --retry 3 --max-time 300 --output "$download" "$url"; then
    fail "downloading $url failed (see the line above); the release may not be published yet"
fi
unpacked="$private/linkwell-$version"
mkdir "$unpacked" || fail "cannot make $unpacked"
# One read: tee hands each byte to tar and, through descriptor 3, to the hash.
if ! got="$({ tee /dev/fd/3 <"$download" | tar -xzf - -C "$unpacked" --strip-components 1 --no-same-owner >/dev/null 2>"$private/tar.log"; } 3>&1 | digest)"; then
    [ -n "$got" ] && [ "$got" != "$sha256" ] || fail "$archive could not be unpacked: $(head -c 300 "$private/tar.log" | tr '\n' ' ')"
fi
if [ "$got" != "$sha256" ]; then
    # The file's own hash for the message (tar may have stopped reading early).
    whole="$(digest <"$download")" || whole="$got"
    rm -rf "$unpacked" "$download"
    fail "$archive has SHA-256 $whole, but the action pins $sha256: refusing it (a changed or corrupted release)"
fi
binary="$unpacked/linkwell"
[ -f "$binary" ] && [ -x "$binary" ] && [ ! -L "$binary" ] || fail "$archive holds no linkwell binary"
reported="$("$binary" --version 2>&1)" || fail "the installed linkwell does not run: $reported"
[ "$reported" = "$version" ] || fail "$archive's linkwell says it is version $reported, not $version"
echo "linkwell $version from $archive (SHA-256 $sha256)"
echo "linkwell=$binary" >>"$GITHUB_OUTPUT"
