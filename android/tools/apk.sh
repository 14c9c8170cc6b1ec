#!/usr/bin/env bash
# Assembles and checks a debug APK without the Android SDK (run by android/apk's Maven build):
#   apk.sh DIR RES ABI...
# DIR holds jars/ (the app and its runtime libraries) and tools/ (r8.jar, android.jar, jna.aar); RES is
# `res.py compile`'s output (resources.ap_: the manifest, resources.arsc and res/). Writes DIR/giveaway-debug.apk.
set -euo pipefail
dir=$1
res=$2
shift 2
abis=("$@")
work=$dir/work
rm -rf "$work" && mkdir -p "$work/dex" "$work/jna" "$work/stage"
(cd "$work/jna" && jar xf "$dir/tools/jna.aar" classes.jar jni)

# Java bytecode → classes.dex (debug build, the app's minSdk).
min_sdk=$(sed -n 's/.*minSdkVersion="\([0-9]*\)".*/\1/p' "$res/AndroidManifest.xml")
# The framework jar has no java.*: the running JDK supplies them for desugaring.
jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
java -cp "$dir/tools/r8.jar" com.android.tools.r8.D8 --debug --min-api "$min_sdk" \
    --lib "$dir/tools/android.jar" --lib "$jdk" --output "$work/dex" "$dir"/jars/*.jar "$work/jna/classes.jar"

# Resources (from aapt) + dex + JNA's native dispatch libraries. The core's own lib/<abi>/libgiveaway_ffi.so
# would go beside them: building it needs the Android NDK (`make android`), which this machine lacks.
cp "$res/resources.ap_" "$work/unaligned.apk"
cp "$work"/dex/classes*.dex "$work/stage/"
mkdir -p "$work/stage/lib"
for abi in "${abis[@]}"; do cp -r "$work/jna/jni/$abi" "$work/stage/lib/"; done
(cd "$work/stage" && aapt add "$work/unaligned.apk" classes*.dex $(find lib -name '*.so' | sort) >/dev/null)

zipalign -f -p 4 "$work/unaligned.apk" "$work/aligned.apk"
key=$dir/debug.keystore
[ -f "$key" ] || keytool -genkeypair -keystore "$key" -storepass android -keypass android -alias androiddebugkey \
    -keyalg RSA -keysize 2048 -validity 10000 -dname "CN=Android Debug,O=Android,C=US" 2>/dev/null
apk=$dir/giveaway-debug.apk
apksigner sign --ks "$key" --ks-pass pass:android --key-pass pass:android --out "$apk" "$work/aligned.apk"

# The checks: signature and alignment, then what a device reads from the package.
apksigner verify --verbose "$apk" | grep -E '^Verified|^Verifies'

zipalign -c -p 4 "$apk"
echo "apk: $apk ($(du -k "$apk" | cut -f1) KB), $(jar tf "$apk" | grep -c '^classes.*\.dex$') dex file(s), $(jar tf "$apk" | grep -c '^lib/.*\.so$') native libraries"
aapt dump badging "$apk"
# The endgame tables ship stored (they are compressed already), within their 4 MB budget.
tables=$(unzip -lv "$apk" | awk '$NF == "assets/tablebase-4.gwtb" { print $1, $2 }')
[ -n "$tables" ] || { echo "apk: assets/tablebase-4.gwtb missing" >&2; exit 1; }
set -- $tables
[ "$2" = Stored ] || { echo "apk: the endgame tables are compressed ($2), not stored" >&2; exit 1; }
echo "apk: endgame tables $1 bytes"
[ "$1" -le 4194304 ] || { echo "apk: the endgame tables ($1 bytes) are over their 4 MB budget" >&2; exit 1; }
