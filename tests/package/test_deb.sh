#!/bin/sh
# The Debian package as a user gets it: build it with CPack (from the already built programs), unpack it into
# a scratch root (dpkg -x), check its metadata, and run the installed programs from there: tracklab-cli
# --version and a short run of the installed demo (rolling stock found beside the binary), and tracklab
# --screenshot with fresh settings (on the test's X display).
#   test_deb.sh BUILD_DIR
set -eu
build=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$build"
cpack -G DEB -B "$scratch/out" >"$scratch/cpack.log" 2>&1 || { cat "$scratch/cpack.log"; exit 1; }
deb=$(find "$scratch/out" -name "tracklab_*.deb" | head -n 1)
[ -n "$deb" ] || { cat "$scratch/cpack.log"; exit 1; }
echo "package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for need in libqt6widgets6 libopenscenegraph libbullet fonts-dejavu-core libgl1-mesa-dri; do
    echo "$depends" | grep -q "$need" || { echo "Depends lacks $need"; exit 1; }
done
root=$scratch/root
dpkg -x "$deb" "$root"
for f in usr/bin/tracklab usr/bin/tracklab-cli usr/share/applications/tracklab.desktop \
    usr/share/icons/hicolor/scalable/apps/tracklab.svg usr/share/mime/packages/tracklab.xml \
    usr/share/tracklab/layouts/demo.json usr/share/tracklab/rolling-stock/locomotive.json \
    usr/share/doc/tracklab/user-guide.md; do
    [ -e "$root/$f" ] || { echo "missing in the package: /$f"; exit 1; }
done
grep -q '^MimeType=application/x-tracklab-layout;' "$root/usr/share/applications/tracklab.desktop"
grep -q '^Icon=tracklab' "$root/usr/share/applications/tracklab.desktop"

# the installed programs, with no way back to the source tree's data
unset TRACKLAB_ROLLING_STOCK
"$root/usr/bin/tracklab-cli" --version
"$root/usr/bin/tracklab-cli" run "$root/usr/share/tracklab/layouts/demo.json" --duration 0.5 >"$scratch/run.log" 2>&1 ||
    { cat "$scratch/run.log"; exit 1; }
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" XDG_DATA_HOME="$scratch/home/.local/share"
mkdir -p "$XDG_CONFIG_HOME"
"$root/usr/bin/tracklab" "$root/usr/share/tracklab/layouts/coaster.json" --screenshot "$scratch/shot.png"
size=$(stat -c %s "$scratch/shot.png")
[ "$size" -gt 20000 ] || { echo "screenshot too small: $size bytes"; exit 1; }
if [ -n "$(find "$XDG_CONFIG_HOME" -type f)" ]; then
    echo "--screenshot wrote settings:"; find "$XDG_CONFIG_HOME" -type f; exit 1
fi
echo "installed programs run; screenshot $size bytes"
