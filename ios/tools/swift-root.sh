#!/usr/bin/env bash
# Compiles the Swift package in ios/ and runs its XCTests against the host build of the core, and parses the
# SwiftUI app's files with the real compiler (`swiftc -parse`; type-checking them needs Apple's SDK), and checks
# their style with `swift format lint` (ios/.swift-format).
#
# Where a Swift compiler is installed (a Mac, a Linux box with Swift) it is used as it is. Elsewhere on Linux the
# compiler comes from a Debian trixie root with `swiftlang` (bookworm has no Swift), made with debootstrap once
# and cached outside the clone, so a rerun on the same machine costs only the Swift build and tests.
#
# Usage: ios/tools/swift-root.sh CORE_LIB      (CORE_LIB: the host library the package links, already built)
# Environment: GIVEAWAY_SWIFT_ROOT   where the root lives (default /var/cache/giveaway/swift-trixie)
#              GIVEAWAY_DEBIAN_MIRROR the Debian mirror (default: the one the host's apt uses)
#              GIVEAWAY_TEST_SERVER   the online tests' server directory (ios/tools/online-server.sh), inside the
#                                     repository; handed to the tests as the root sees it
# Where the root cannot be made (not root, no debootstrap to be had, mirror unreachable) it says so in one line
# and exits 0; a failure once the root can be made, or in Swift, exits non-zero.
set -euo pipefail

lib=${1:?usage: swift-root.sh CORE_LIB}
repo=$(cd "$(dirname "$0")/../.." && pwd)
root=${GIVEAWAY_SWIFT_ROOT:-/var/cache/giveaway/swift-trixie}
suite=trixie
packages=(swiftlang libc6-dev)
# Written last when the root is complete: a root without it (an interrupted run) is wiped and made again.
stamp=$root/.giveaway-swift-root-complete
# Where the repository appears inside the root.
inner=/repo

say() { echo "test-ios: $*"; }
skip() { say "'swift test' and 'swiftc -parse' did not run: $*"; exit 0; }
now() { date +%s; }

[ -f "$lib" ] || { say "missing $lib: build the host core library first (make core-lib)" >&2; exit 1; }
lib=$(realpath "$lib")
case $lib in "$repo"/*) ;; *) say "$lib is outside $repo: the package links the core from the repository" >&2; exit 1;; esac

# Build, test and parse in $1 (the repository, as the compiler sees it). Runs on the host or inside the root.
swift_checks() {
    local dir=$1 start log
    cd "$dir/ios"
    start=$(now)
    swift build --build-tests
    say "swift build: $(( $(now) - start )) s"
    start=$(now)
    log=$(mktemp)
    # The exit status is swift test's, the summary line is repeated last so it is easy to find.
    set +e
    swift test --skip-build 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    set -e
    say "swift test: $(( $(now) - start )) s: $(grep -E "^[[:space:]]*Executed [0-9]+ tests?," "$log" | tail -n 1 | sed 's/^[[:space:]]*//')"
    if [ "$status" -ne 0 ]; then
        # CI keeps only the end of the output: the failures and a crash's cause and last test, repeated last.
        say "swift test failed (status $status); its failures, crash and last test started:"
        grep -E "error: |failed \(|Fatal error|Program crashed|crashed:|^Thread [0-9]+ crashed| at /" "$log" | grep -v "non-sendable" | head -n 40 >&2
        grep -E "^Test Case '.*' started" "$log" | tail -n 1 >&2
    fi
    rm -f "$log"
    [ "$status" -eq 0 ] || return "$status"
    local views=(App/*.swift)
    swiftc -parse "${views[@]}" || { say "swiftc -parse: a file in ios/App does not parse (above)" >&2; return 1; }
    say "swiftc -parse: the ${#views[@]} files in ios/App parse (SwiftUI views type-check only on a Mac)"
    # The style (ios/.swift-format); the generated bindings are uniffi's and left as it writes them.
    if ! swift format --version >/dev/null 2>&1; then say "swift-format: not in this toolchain, style not checked"; return; fi
    swift format lint --strict -r App Sources/GiveawayKit Tests Package.swift ||
        { say "swift-format: the files above differ from ios/.swift-format (fix: swift format -i -r <file>)" >&2; return 1; }
    say "swift-format: App, GiveawayKit and the tests follow ios/.swift-format"
}

if [ "${GIVEAWAY_SWIFT_INSIDE:-}" = 1 ]; then swift_checks "$inner"; exit; fi
# Out here every failure is the script's own (Swift's failures come back as a status): name the line.
trap 'say "failed (exit $?) at line $LINENO: $BASH_COMMAND" >&2' ERR

# `swift` may also be OpenStack's object-store client: only a compiler that says "Swift version" counts.
if swift --version 2>&1 | grep -q "Swift version"; then swift_checks "$repo"; exit; fi

[ "$(uname -s)" = Linux ] || skip "no Swift compiler on this machine"
[ "$(id -u)" -eq 0 ] || skip "no Swift compiler here, and making the Debian trixie root for one needs root"

mounts=()
unmount_all() {
    local i
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
        umount "${mounts[i]}" 2>/dev/null || umount -l "${mounts[i]}"
    done
    mounts=()
}
trap unmount_all EXIT
trap 'say interrupted; exit 130' INT
trap 'say terminated; exit 143' TERM
trap 'exit 129' HUP
mount_in() { mount "$@"; mounts+=("${*: -1}"); }

# Unmounts whatever a run killed before its trap ran left mounted in the root, deepest first: nothing may be
# deleted or mounted again through a mount (a bind-mounted repository would be wiped with a half-made root).
unmount_leftovers() {
    local m
    awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/self/mounts | sort -r |
        while read -r m; do umount "$m" 2>/dev/null || umount -l "$m"; done
}

in_root() {
    chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

# The host's Debian mirror (deb822 sources first, then the one-line format), not the security archive.
host_mirror() {
    { grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{ print $2 }'
      grep -hE '^deb[[:space:]]' /etc/apt/sources.list 2>/dev/null | awk '{ print $2 }'; } |
        grep -v -- -security | head -n 1 || true
}

make_root() {
    local start mirror
    start=$(now)
    mirror=${GIVEAWAY_DEBIAN_MIRROR:-$(host_mirror)}
    mirror=${mirror:-http://deb.debian.org/debian}
    if ! command -v debootstrap >/dev/null 2>&1; then
        { apt-get update -qq && apt-get install -y -qq --no-install-recommends debootstrap; } >/dev/null 2>&1 ||
            skip "no Swift compiler here, and debootstrap (to make a Debian trixie root with one) cannot be installed"
    fi
    wget -q -O /dev/null "$mirror/dists/$suite/Release" ||
        skip "no Swift compiler here, and the Debian mirror $mirror has no $suite reachable to make a root with one"
    say "making the Swift root in $root from $mirror (about 4 minutes, once per machine)"
    rm -rf --one-file-system "$root"
    mkdir -p "$root"
    debootstrap --variant=minbase "$suite" "$root" "$mirror" > "$root.log" 2>&1 ||
        { tail -n 20 "$root.log" >&2; say "debootstrap failed (log: $root.log)" >&2; exit 1; }
    cp -L /etc/resolv.conf "$root/etc/resolv.conf"
    mount_in -t proc proc "$root/proc"
    { in_root apt-get update -qq && in_root apt-get install -y -qq --no-install-recommends "${packages[@]}" &&
        in_root apt-get clean; } >> "$root.log" 2>&1 ||
        { tail -n 20 "$root.log" >&2; say "installing ${packages[*]} in $root failed (log: $root.log)" >&2; exit 1; }
    unmount_all
    # /usr/bin/swift inside is an absolute symlink: from outside, test the real binary.
    [ -x "$root/usr/libexec/swift/bin/swift" ] || { say "swiftlang installed no compiler in $root" >&2; exit 1; }
    in_root dpkg-query -W "${packages[@]}" > "$stamp"
    say "Swift root made in $(( $(now) - start )) s: $(tr '\n\t' '; ' < "$stamp")"
}

mkdir -p "$(dirname "$root")"
# One run at a time per root: the repository is mounted at the same place for every clone.
exec 9>"$root.lock"
flock -n 9 || { say "waiting for another run that uses $root"; flock 9; }

total=$(now)
unmount_leftovers
if [ -f "$stamp" ] && [ -x "$root/usr/libexec/swift/bin/swift" ]; then
    say "reusing the Swift root in $root ($(tr '\n\t' '; ' < "$stamp"))"
else
    make_root
fi

# The root shares the host's network, so the tests reach the server on the host's loopback.
server_env=()
if [ -n "${GIVEAWAY_TEST_SERVER:-}" ]; then
    server_dir=$(realpath "$GIVEAWAY_TEST_SERVER")
    case $server_dir in
        "$repo"/*) server_env=("GIVEAWAY_TEST_SERVER=$inner/${server_dir#"$repo"/}") ;;
        *) say "$server_dir is outside $repo: the root sees only the repository" >&2; exit 1 ;;
    esac
fi

mkdir -p "$root$inner"
mount_in --bind "$repo" "$root$inner"
mount_in -t proc proc "$root/proc"
status=0
in_root GIVEAWAY_SWIFT_INSIDE=1 "${server_env[@]}" bash "$inner/ios/tools/swift-root.sh" "$inner/${lib#"$repo"/}" || status=$?
unmount_all
say "Swift checks in the trixie root: $(( $(now) - total )) s in all"
exit "$status"
