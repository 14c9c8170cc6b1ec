#!/usr/bin/env python3
"""What `make test` can check of the iOS app on a machine without Swift.

1. Every Swift file under ios/ parses with tree-sitter-swift (no ERROR or MISSING node), except uniffi's
   generated bindings: tree-sitter-swift 0.7.4 cannot parse the `#if swift(>=5.8)` blocks wrapped around
   attributes there (valid Swift). That file is checked by 3 instead: byte-identical to uniffi's output.
2. The String Catalog is valid JSON and every key has a translated value in en, ru and pt, with the same format
   arguments; every key the app's Swift code uses is in the catalog: every `tr("...")` argument, and every
   string literal in a namespace the catalog uses (`"rules.goal"`).
3. The Swift bindings the package compiles against equal freshly generated ones (`--bindings DIR`).
4. Every method the Swift code calls on the core's objects (`library.…`, and the controller calls handed to a
   screen model, `perform { try $0.…(` ) is a function the generated bindings declare, and every field read from
   a state, a snapshot, the settings or an analysis is declared in the bindings or GiveawayKit: a renamed or
   removed API name is caught without a compiler (the app's views are only parsed here).
5. No `try!` in hand-written Swift: a failing core call must never crash the app.
6. Every `tr("key", args…)` passes as many arguments as the English text has format specifiers, and an
   argument that is plainly a number (`Int(…)`) or plainly text (`tr(…)`, `L10n.…`, a string literal) sits
   where the specifier expects one (`%lld` / `%@`): `String(format:)` with a wrong argument crashes or prints junk.

Exit 1 with one line per problem.
"""
import argparse
import filecmp
import json
import re
import sys
from pathlib import Path

LANGUAGES = ("en", "ru", "pt")
# Keys are dotted identifiers (`game.undo`) looked up with `tr("...")`.
TR_USES = re.compile(r'\btr\("([^"\\]*)"')
KEY_LITERALS = re.compile(r'"([a-z][A-Za-z0-9]*)\.([A-Za-z0-9.]+)"')


def swift_parser():
    from tree_sitter import Language, Parser
    import tree_sitter_swift

    return Parser(Language(tree_sitter_swift.language()))


def syntax_problems(parser, path: Path):
    tree = parser.parse(path.read_bytes())
    problems = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            kind = "missing " + node.type if node.is_missing else "syntax error"
            row, col = node.start_point
            problems.append(f"{path}:{row + 1}:{col + 1}: {kind}")
            continue
        if node.has_error:
            stack.extend(node.children)
    return problems


def catalog_problems(catalog: Path, swift_files):
    try:
        data = json.loads(catalog.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return [f"{catalog}: not valid JSON: {e}"], set()
    problems = []
    strings = data.get("strings")
    if data.get("sourceLanguage") != "en" or not isinstance(strings, dict):
        return [f"{catalog}: needs sourceLanguage \"en\" and a \"strings\" object"], set()
    for key, entry in strings.items():
        locs = entry.get("localizations", {}) if isinstance(entry, dict) else {}
        for lang in LANGUAGES:
            unit = locs.get(lang, {}).get("stringUnit", {})
            if not isinstance(unit.get("value"), str) or not unit["value"].strip():
                problems.append(f"{catalog}: key {key!r} has no {lang} value")
            elif unit.get("state") != "translated":
                problems.append(f"{catalog}: key {key!r} in {lang} is not marked translated")
        values = [locs.get(lang, {}).get("stringUnit", {}).get("value", "") for lang in LANGUAGES]
        specifiers = {tuple(sorted(re.findall(r"%(?:\d+\$)?(?:lld|@|d|\.\d+f|f)", v))) for v in values}
        if len(specifiers) > 1:
            problems.append(f"{catalog}: key {key!r} has different format arguments across languages")
    namespaces = {k.split(".")[0] for k in strings}
    used = set()
    for f in swift_files:
        text = f.read_text(encoding="utf-8")
        keys = set(TR_USES.findall(text))
        keys |= {f"{ns}.{rest}" for ns, rest in KEY_LITERALS.findall(text) if ns in namespaces}
        for key in sorted(keys):
            used.add(key)
            if key not in strings:
                problems.append(f"{f}: uses key {key!r} that is not in {catalog.name}")
    return problems, used


STRING_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')
CORE_CALL = re.compile(r'\b(?:library|opened|controller)\??\.([a-zA-Z_]\w*)\(|\bperform\s*\{\s*(?:try\s+)?\$0\.(\w+)')
DECLARED_FUNC = re.compile(r'\bfunc\s+`?([a-zA-Z_]\w*)`?')
# Records read by name: a snapshot's or the settings' fields must exist in the bindings or GiveawayKit's extensions.
# A lookahead, so that in `state.actions.undo` both `actions` and `undo` are checked.
RECORD_READ = re.compile(r'(?=\b(?:state|snapshot|settings|analysis|actions|orientation)\??\.([a-zA-Z_]\w*)\b)')
DECLARED_MEMBER = re.compile(r'\b(?:func|var|let)\s+`?([a-zA-Z_]\w*)`?')


def api_call_problems(generated: Path, kit: Path, swift_files):
    text = generated.read_text(encoding="utf-8")
    functions = set(DECLARED_FUNC.findall(text))
    members = set(DECLARED_MEMBER.findall(text))
    for f in kit.glob("*.swift"):
        members |= set(DECLARED_MEMBER.findall(f.read_text(encoding="utf-8")))
    problems = []
    calls = 0
    for f in swift_files:
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            code = STRING_LITERAL.sub('""', line.split("//", 1)[0])
            if "try!" in code:
                problems.append(f"{f}:{n}: `try!` crashes the app when the call fails; handle the error")
            for name in (a or b for a, b in CORE_CALL.findall(code)):
                calls += 1
                if name not in functions:
                    problems.append(f"{f}:{n}: calls {name!r}, which the generated bindings do not declare")
            for name in RECORD_READ.findall(code):
                calls += 1
                if name not in members:
                    problems.append(f"{f}:{n}: reads {name!r}, which neither the bindings nor GiveawayKit declare")
    return problems, calls


SPECIFIER = re.compile(r"%(?:\d+\$)?(lld|@|d|\.\d+f|f)")


def text_of(node, src: bytes) -> str:
    return src[node.start_byte:node.end_byte].decode("utf-8")


def format_problems(parser, swift_files, english: dict):
    """Checks each tr("key", …) call against the English value's format specifiers."""
    problems = []
    for f in swift_files:
        src = f.read_bytes()
        stack = [parser.parse(src).root_node]
        while stack:
            node = stack.pop()
            stack.extend(node.children)
            if node.type != "call_expression" or node.child_count < 2:
                continue
            callee, suffix = node.children[0], node.children[1]
            if callee.type != "simple_identifier" or text_of(callee, src) != "tr" or suffix.type != "call_suffix":
                continue
            arguments = next((c for c in suffix.children if c.type == "value_arguments"), None)
            if arguments is None:
                continue
            args = [c for c in arguments.children if c.type == "value_argument"]
            literal = args[0].children[0] if args and args[0].children else None
            if literal is None or literal.type != "line_string_literal":
                continue  # a key chosen at run time (checked by the namespace rule instead)
            key = text_of(literal, src).strip('"')
            if key not in english:
                continue  # reported as a missing key
            wanted = SPECIFIER.findall(english[key])
            given = [text_of(a, src) for a in args[1:]]
            where = f"{f}:{node.start_point[0] + 1}"
            if len(wanted) != len(given):
                problems.append(f"{where}: tr({key!r}) passes {len(given)} arguments for {len(wanted)} specifiers")
                continue
            for spec, arg in zip(wanted, given):
                numeric = arg.startswith("Int(")
                textual = arg.startswith(("tr(", "L10n.", '"'))
                if (spec == "@" and numeric) or (spec != "@" and textual):
                    problems.append(f"{where}: tr({key!r}) passes `{arg}` for %{spec}")
    return problems


def bindings_problems(committed: dict, fresh_dir: Path):
    problems = []
    for name, path in committed.items():
        fresh = fresh_dir / name
        if not fresh.exists():
            problems.append(f"{fresh}: not generated (run `make bindings`)")
        elif not filecmp.cmp(fresh, path, shallow=False):
            problems.append(f"{path}: differs from the generated {fresh}; run `make ios-bindings` and review the Swift wrapper")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ios", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--bindings", type=Path, help="freshly generated Swift bindings (target/bindings/swift)")
    args = ap.parse_args()
    ios = args.ios
    swift_files = sorted(p for p in ios.rglob("*.swift") if ".build" not in p.parts)
    if not swift_files:
        print(f"{ios}: no Swift files found", file=sys.stderr)
        return 1
    parser = swift_parser()
    generated = ios / "Sources" / "GiveawayCore" / "GiveawayCore.swift"
    problems = [p for f in swift_files if f != generated for p in syntax_problems(parser, f)]
    catalog = ios / "App" / "Localizable.xcstrings"
    cat_problems, used = catalog_problems(catalog, [f for f in swift_files if "App" in f.relative_to(ios).parts])
    unused = set(json.loads(catalog.read_text(encoding="utf-8")).get("strings", {})) - used if not cat_problems else set()
    problems += [f"{catalog}: key {k!r} is not used by the app" for k in sorted(unused)]
    problems += cat_problems
    if not cat_problems:
        strings = json.loads(catalog.read_text(encoding="utf-8"))["strings"]
        english = {k: v["localizations"]["en"]["stringUnit"]["value"] for k, v in strings.items()}
        app_files = [f for f in swift_files if "App" in f.relative_to(ios).parts]
        problems += format_problems(parser, app_files, english)
    hand_written = [f for f in swift_files if f != generated]
    call_problems, calls = api_call_problems(generated, ios / "Sources" / "GiveawayKit", hand_written)
    problems += call_problems
    if args.bindings:
        problems += bindings_problems(
            {
                "GiveawayCore.swift": ios / "Sources" / "GiveawayCore" / "GiveawayCore.swift",
                "GiveawayCoreFFI.h": ios / "Sources" / "GiveawayCoreFFI" / "GiveawayCoreFFI.h",
            },
            args.bindings,
        )
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    checked = "bindings current, " if args.bindings else ""
    print(f"ios: {len(hand_written)} Swift files parse, {calls} uses of core objects and records all declared, {checked}"
          f"{len(used)} catalog keys used, all in en/ru/pt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
