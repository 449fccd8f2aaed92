#!/usr/bin/env bash
# The action's install step: the Linkwell release archive for this runner, checked against the
# SHA-256 pinned in action/checksums.txt, unpacked, and its binary's path written to
# $GITHUB_OUTPUT as `linkwell=`. Archives are kept in $LINKWELL_CACHE (the action caches that
# folder between runs); a kept archive is checked again before each use, so a cache entry another
# branch wrote is never trusted.
#
#   install.sh resolve   writes version=, archive=, sha256= (the cache key) to $GITHUB_OUTPUT
#   install.sh install   downloads (or reuses), checks, unpacks and writes linkwell=
#
# Environment: LINKWELL_VERSION (empty: the newest listed), LINKWELL_CACHE, RUNNER_TEMP,
# GITHUB_OUTPUT; LINKWELL_CHECKSUMS names another list (the install test's).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
checksums="${LINKWELL_CHECKSUMS:-$here/checksums.txt}"
cache="${LINKWELL_CACHE:-$HOME/.cache/linkwell-action}"

fail() {
    echo "::error title=Linkwell could not be installed::$*"
    exit 1
}

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

if [ "${1:-}" = resolve ]; then
    { echo "version=$version"; echo "archive=$archive"; echo "sha256=$sha256"; } >>"$GITHUB_OUTPUT"
    exit 0
fi

digest() {
    if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

mkdir -p "$cache"
kept="$cache/$archive"
if [ ! -f "$kept" ] || [ "$(digest "$kept")" != "$sha256" ]; then
    rm -f "$kept"
    partial="$(mktemp "$cache/.download.XXXXXX")"
    if ! curl --fail --silent --show-error --location --retry 3 --max-time 300 --output "$partial" "$url"; then
        rm -f "$partial"
        fail "downloading $url failed (see the line above); the release may not be published yet"
    fi
    got="$(digest "$partial")"
    if [ "$got" != "$sha256" ]; then
        rm -f "$partial"
        fail "$archive has SHA-256 $got, but the action pins $sha256: refusing it (a changed or corrupted release)"
    fi
    mv "$partial" "$kept"
fi

unpacked="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/linkwell-$version"
rm -rf "$unpacked"
mkdir -p "$unpacked"
tar -xzf "$kept" -C "$unpacked" --strip-components 1
binary="$unpacked/linkwell"
[ -x "$binary" ] || fail "$archive holds no linkwell binary"
reported="$("$binary" --version 2>&1)" || fail "the installed linkwell does not run: $reported"
[ "$reported" = "$version" ] || fail "$archive's linkwell says it is version $reported, not $version"
echo "linkwell $version from $archive (SHA-256 $sha256)"
echo "linkwell=$binary" >>"$GITHUB_OUTPUT"
