#!/usr/bin/env python3
"""Android resources without the Android SDK.

  res.py check RES_DIR [MANIFEST]
                              every XML file is well-formed; every string, plural and array exists in values/,
                              values-ru/ and values-pt/ with the same format arguments; every @type/name reference
                              in res/ and the manifest names a defined resource.
  res.py compile APP_DIR OUT_DIR
                              the binary resources with Debian's aapt (v1) against android-framework-res, as the
                              Gradle build would give them: OUT_DIR/AndroidManifest.xml (the app's manifest with the
                              package, version and <uses-sdk> of APP_DIR/build.gradle.kts added, as Gradle's merge
                              does), OUT_DIR/resources.ap_ and the real R in OUT_DIR/gen/app/giveaway/R.java.
"""
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

LANGUAGES = ["values", "values-ru", "values-pt"]
# Resource files whose name is the resource (folder prefix -> R type).
FILE_TYPES = ["drawable", "mipmap", "layout", "xml", "raw", "anim", "font", "menu", "color"]
VALUE_TAGS = {
    "string": "string", "plurals": "plurals", "string-array": "array", "integer-array": "array", "array": "array",
    "color": "color", "dimen": "dimen", "style": "style", "bool": "bool", "integer": "integer", "attr": "attr",
}
REF = re.compile(r"@(\+?)([a-z]+)/([A-Za-z0-9_.]+)")
FORMAT_ARG = re.compile(r"%(?:\d+\$)?[sdf]")
ANDROID_NS = "{http://schemas.android.com/apk/res/android}"


class ResError(Exception):
    pass


def xml_files(res):
    for folder in sorted(os.listdir(res)):
        path = os.path.join(res, folder)
        if not os.path.isdir(path):
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith(".xml"):
                yield folder, name, os.path.join(path, name)


def parse(path):
    try:
        return ET.parse(path).getroot()
    except ET.ParseError as e:
        raise ResError(f"{path}: not well-formed XML: {e}")


def resources(res):
    """{type: set(names)} for every resource defined under res/."""
    found = {}

    def add(kind, name):
        found.setdefault(kind, set()).add(name.replace(".", "_"))

    for folder, name, path in xml_files(res):
        root = parse(path)
        base = folder.split("-")[0]
        if base == "values":
            for el in root:
                kind = VALUE_TAGS.get(el.tag)
                if el.tag == "item" and el.get("type"):
                    kind = el.get("type")
                if kind and el.get("name"):
                    add(kind, el.get("name"))
        elif base in FILE_TYPES:
            add(base, name[:-4])
        for el in root.iter():
            for value in list(el.attrib.values()) + [el.text or ""]:
                for plus, kind, ref in REF.findall(value):
                    if plus and kind == "id":
                        add("id", ref)
    for folder in sorted(os.listdir(res)):
        base = folder.split("-")[0]
        path = os.path.join(res, folder)
        if base in FILE_TYPES and os.path.isdir(path):
            for name in os.listdir(path):
                if not name.endswith(".xml"):
                    add(base, name.split(".")[0])
    return found


def translatable(res, folder):
    """{(tag, name): format-argument signature} for one language folder."""
    table = {}
    path = os.path.join(res, folder)
    if not os.path.isdir(path):
        raise ResError(f"{path}: missing language folder")
    for name in sorted(os.listdir(path)):
        if not name.endswith(".xml"):
            continue
        for el in parse(os.path.join(path, name)):
            if el.tag in ("string", "plurals", "string-array") and el.get("translatable") != "false":
                text = "".join(el.itertext())
                table[(el.tag, el.get("name"))] = sorted(FORMAT_ARG.findall(text)) if el.tag == "string" else None
    return table


def check(res, manifest=None):
    errors = []
    found = resources(res)
    tables = {lang: translatable(res, lang) for lang in LANGUAGES}
    base = tables[LANGUAGES[0]]
    if not base:
        errors.append("values/ defines no strings")
    for lang in LANGUAGES[1:]:
        other = tables[lang]
        for key in sorted(set(base) - set(other)):
            errors.append(f"{lang}: missing {key[0]} '{key[1]}'")
        for key in sorted(set(other) - set(base)):
            errors.append(f"{lang}: {key[0]} '{key[1]}' is not in values/")
        for key in sorted(set(base) & set(other)):
            if base[key] != other[key]:
                errors.append(f"{lang}: '{key[1]}' has format arguments {other[key]}, values/ has {base[key]}")
    paths = [p for _, _, p in xml_files(res)] + ([manifest] if manifest else [])
    for path in paths:
        for el in parse(path).iter():
            for value in list(el.attrib.values()) + [el.text or ""]:
                for plus, kind, ref in REF.findall(value):
                    if plus:
                        continue
                    if ref.replace(".", "_") not in found.get(kind, set()):
                        errors.append(f"{path}: @{kind}/{ref} is not defined")
    if errors:
        raise ResError("\n".join(errors))
    count = len(base)
    print(f"resources: {len(paths)} XML files well-formed, {count} strings in {len(LANGUAGES)} languages, references ok")


# Debian's android-framework-res; the framework's public resource ids are the same in every release.
FRAMEWORK_RES = os.environ.get("ANDROID_FRAMEWORK_RES", "/usr/share/android-framework-res/framework-res.apk")
GRADLE_FIELDS = {"namespace": r'namespace\s*=\s*"([^"]+)"', "minSdk": r"minSdk\s*=\s*(\d+)",
                 "targetSdk": r"targetSdk\s*=\s*(\d+)", "versionCode": r"versionCode\s*=\s*(\d+)",
                 "versionName": r'versionName\s*=\s*"([^"]+)"'}


def gradle_config(app):
    """The fields of app/build.gradle.kts that Gradle's manifest merge writes into the manifest."""
    path = os.path.join(app, "build.gradle.kts")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    config = {}
    for key, pattern in GRADLE_FIELDS.items():
        m = re.search(pattern, text)
        if not m:
            raise ResError(f"{path}: no {key}")
        config[key] = m.group(1)
    return config


def merged_manifest(app, out):
    """The app's manifest with what Gradle's merge adds: package, version, <uses-sdk>."""
    config = gradle_config(app)
    ET.register_namespace("android", ANDROID_NS[1:-1])
    root = parse(os.path.join(app, "src/main/AndroidManifest.xml"))
    root.set("package", config["namespace"])
    root.set(ANDROID_NS + "versionCode", config["versionCode"])
    root.set(ANDROID_NS + "versionName", config["versionName"])
    sdk = ET.Element("uses-sdk", {ANDROID_NS + "minSdkVersion": config["minSdk"],
                                  ANDROID_NS + "targetSdkVersion": config["targetSdk"]})
    root.insert(0, sdk)
    ET.ElementTree(root).write(out, encoding="utf-8", xml_declaration=True)


def compile_resources(app, out):
    aapt = shutil.which("aapt")
    if not aapt:
        raise ResError("aapt not found: `make android-tools` installs Debian's aapt and android-framework-res")
    if not os.path.isfile(FRAMEWORK_RES):
        raise ResError(f"{FRAMEWORK_RES} not found: `make android-tools` installs android-framework-res")
    gen = os.path.join(out, "gen")
    os.makedirs(gen, exist_ok=True)
    manifest = os.path.join(out, "AndroidManifest.xml")
    merged_manifest(app, manifest)
    # Assets (the shipped endgame tables, put there by `make android-assets`) go in stored: they are
    # compressed already.
    assets = os.path.join(app, "src/main/assets")
    extra = ["-A", assets, "-0", "gwtb"] if os.path.isdir(assets) else []
    run = subprocess.run([aapt, "package", "-f", "-m", "-M", manifest, "-S", os.path.join(app, "src/main/res"),
                          *extra, "-I", FRAMEWORK_RES, "-J", gen, "-F", os.path.join(out, "resources.ap_")],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise ResError(f"aapt failed:\n{run.stdout}{run.stderr}")


def main(argv):
    try:
        if len(argv) == 4 and argv[1] == "compile":
            compile_resources(argv[2], argv[3])
        elif len(argv) in (3, 4) and argv[1] == "check":
            check(argv[2], argv[3] if len(argv) == 4 else None)
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except ResError as e:
        print(f"res.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
