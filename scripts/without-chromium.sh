#!/usr/bin/env bash
# Runs a command (from the checkout) as on a machine without Chromium: in a private
# copy-on-write view of this one (a mount namespace with an overlay of /) where the chromium
# packages are purged and no Playwright browser is installed. Nothing outside changes: the
# machine's own browser stays for every other process, and whatever the command installs is
# gone when it ends. Only the checkout is shared, so its test results stay. Needs root.
#   scripts/without-chromium.sh npm test
set -euo pipefail
script="$(readlink -f "$0")"
repo="$(pwd -P)"

case "${1:-}" in
  --in-view)
    # Third step, chrooted into the view: take Chromium away, then run the command.
    shift
    export DEBIAN_FRONTEND=noninteractive
    installed="$(dpkg-query -W -f '${Package} ${Status}\n' 'chromium*' 2>/dev/null |
      awk '/ installed$/ { print $1 }' | xargs)"
    # shellcheck disable=SC2086
    if [ -n "$installed" ]; then apt-get purge -y -qq $installed >/dev/null; fi
    rm -rf "${HOME:-/root}/.cache/ms-playwright"
    unset CHROMIUM_PATH PLAYWRIGHT_BROWSERS_PATH
    # What the tests would find, by the tests' own rule (scripts/browser.ts): nothing.
    found="$(node --import tsx -e "import('./scripts/browser.ts').then(({ findBrowser, thisMachine }) => console.log(findBrowser(thisMachine())?.path ?? ''))")"
    if [ -n "$found" ]; then
      echo "without-chromium: ${found} is still there" >&2
      exit 1
    fi
    echo "without-chromium: no Chromium in this view (purged: ${installed:-nothing})" >&2
    exec "$@"
    ;;
  --in-namespace)
    # Second step, in a mount namespace of our own: build the view and enter it.
    shift
    view="$(mktemp -d /tmp/without-chromium.XXXXXX)"
    cleanup() {
      cd /
      umount -R "$view/root" "$view" 2>/dev/null || umount -lR "$view" 2>/dev/null || true
      rmdir "$view" 2>/dev/null || true
    }
    trap cleanup EXIT
    mount -t tmpfs tmpfs "$view"
    mkdir "$view/upper" "$view/work" "$view/root"
    mount -t overlay overlay -o "lowerdir=/,upperdir=$view/upper,workdir=$view/work" "$view/root"
    for dir in /proc /sys /dev; do mount --rbind "$dir" "$view/root$dir"; done
    mount --bind "$repo" "$view/root$repo"
    if [ -L "$repo/node_modules" ]; then
      # A worktree borrowing another checkout's packages: share those too.
      modules="$(readlink -f "$repo/node_modules")"
      mount --bind "$modules" "$view/root$modules"
    fi
    chroot "$view/root" /bin/sh -c 'cd "$1" && shift && exec "$@"' sh "$repo" \
      "$script" --in-view "$@"
    ;;
  *)
    exec unshare --mount --propagation private "$script" --in-namespace "$@"
    ;;
esac
