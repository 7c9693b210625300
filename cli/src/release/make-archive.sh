#!/usr/bin/env bash
# Assembles the release archive (the Maven profile 'release' of cli runs it after jlink has written
# RELEASE_DIR/runtime): the distribution, bin/, the docs; then the .tar.gz and its .sha256.
#   make-archive.sh REPO DIST_DIR RELEASE_DIR ARCHIVE
set -euo pipefail
repo="$1" dist="$2" release_dir="$3" archive="$4"

[[ -x "$release_dir/runtime/bin/java" ]] || { echo "make-archive: $release_dir/runtime/bin/java is missing (jlink)" >&2; exit 2; }
mkdir -p "$release_dir/lib" "$release_dir/plugins" "$release_dir/bin" "$release_dir/docs"
cp "$dist"/lib/*.jar "$release_dir/lib/"
cp "$dist"/plugins/*.jar "$release_dir/plugins/"
cp "$dist/build.properties" "$release_dir/"
cp "$repo/cli/src/release/bin/perfport" "$repo/backend-tornado/bin/tornado-jvm-args" "$release_dir/bin/"
chmod 755 "$release_dir"/bin/*
cp "$repo/README.md" "$repo"/docs/*.md "$release_dir/docs/"

# tar keeps the runtime's file modes (bin/java, lib/jspawnhelper); one top folder, owned by no one in particular
out="$(dirname "$archive")"
tar --owner=0 --group=0 --numeric-owner -czf "$archive" -C "$(dirname "$release_dir")" "$(basename "$release_dir")"
(cd "$out" && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256")
echo "make-archive: $archive ($(du -h "$archive" | cut -f1))" >&2
