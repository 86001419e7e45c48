"""The page's JavaScript as issue 29 item 7 asks for it: ES modules without import cycles (every
imported file there), and no function over 80 lines. Pure Python, no browser: a small tokenizer
that knows JavaScript's strings, template literals, regular expressions and comments finds the
imports and matches the braces of every function (declarations, expressions, arrows with a block
body, methods)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[3] / "src" / "pencilbox" / "player" / "static"
MOST_LINES = 80

# after these words a "/" starts a regular expression, not a division
BEFORE_EXPRESSION = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case",
                     "do", "else", "yield", "await"}
# a name followed by "(...) {" that is no method
NOT_METHODS = {"if", "for", "while", "switch", "catch", "with", "function", "return", "typeof", "await",
               "yield", "new", "delete", "void", "in", "of", "do", "else", "throw", "case"}
NAME = re.compile(r"[A-Za-z_$][\w$]*")
NUMBER = re.compile(r"\.?\d[\w.]*")


@dataclass(frozen=True)
class Token:
    kind: str  # "name", "num", "str", "template", "regex" or "punct"
    text: str
    line: int


@dataclass(frozen=True)
class Function:
    name: str
    first: int  # the line it starts on
    last: int   # the line of its closing brace

    @property
    def lines(self) -> int:
        return self.last - self.first + 1


class Scanner:
    """JavaScript source to tokens; comments and whitespace dropped. A template literal is one
    "template" token per stretch of text, its ${...} parts tokens of their own."""

    def __init__(self, src: str) -> None:
        self.src, self.i, self.line = src, 0, 1
        self.out: list[Token] = []
        self.braces: list[str] = []  # "{" for a brace, "${" for a template's expression

    def fail(self, what: str) -> AssertionError:
        return AssertionError(f"line {self.line}: {what}")

    def emit(self, kind: str, start: int) -> None:
        text = self.src[start:self.i]
        self.out.append(Token(kind, text, self.line))
        self.line += text.count("\n")

    def regex_allowed(self) -> bool:
        if not self.out:
            return True
        t = self.out[-1]
        if t.kind == "name":
            return t.text in BEFORE_EXPRESSION
        return t.kind == "punct" and t.text not in (")", "]", "}")

    def string(self, quote: str) -> None:
        start, src = self.i, self.src
        self.i += 1
        while self.i < len(src) and src[self.i] != quote:
            if src[self.i] == "\n":
                raise self.fail("a string runs past its line")
            self.i += 2 if src[self.i] == "\\" else 1
        if self.i >= len(src):
            raise self.fail("a string never ends")
        self.i += 1
        self.emit("str", start)

    def template(self) -> None:
        """From a backquote or a "}" that ends a ${...}, to the next backquote or "${"."""
        start, src = self.i, self.src
        self.i += 1
        while self.i < len(src):
            if src[self.i] == "\\":
                self.i += 2
            elif src[self.i] == "`":
                self.i += 1
                self.emit("template", start)
                return
            elif src.startswith("${", self.i):
                self.emit("template", start)
                start = self.i
                self.i += 2
                self.emit("punct", start)
                self.braces.append("${")
                return
            else:
                self.i += 1
        raise self.fail("a template literal never ends")

    def regex(self) -> None:
        start, src = self.i, self.src
        self.i += 1
        in_class = False
        while self.i < len(src) and (in_class or src[self.i] != "/"):
            ch = src[self.i]
            if ch == "\n":
                raise self.fail("a regular expression runs past its line")
            in_class = (in_class or ch == "[") and ch != "]"
            self.i += 2 if ch == "\\" else 1
        self.i += 1
        while self.i < len(src) and src[self.i].isalpha():
            self.i += 1
        self.emit("regex", start)

    def comment(self) -> bool:
        src, i = self.src, self.i
        if src.startswith("//", i):
            end = src.find("\n", i)
            self.i = len(src) if end < 0 else end
            return True
        if src.startswith("/*", i):
            end = src.find("*/", i + 2)
            if end < 0:
                raise self.fail("a comment never ends")
            self.line += src.count("\n", i, end)
            self.i = end + 2
            return True
        return False

    def punct(self) -> None:
        start, ch = self.i, self.src[self.i]
        if ch == "}" and self.braces and self.braces[-1] == "${":
            self.braces.pop()
            self.template()
            return
        if ch == "{":
            self.braces.append("{")
        elif ch == "}":
            if not self.braces:
                raise self.fail("a } closes nothing")
            self.braces.pop()
        self.i += 2 if self.src.startswith("=>", start) else 1
        self.emit("punct", start)

    def run(self) -> list[Token]:
        src = self.src
        while self.i < len(src):
            ch = src[self.i]
            if ch.isspace():
                self.line += ch == "\n"
                self.i += 1
            elif self.comment():
                continue
            elif ch in "'\"":
                self.string(ch)
            elif ch == "`":
                self.template()
            elif ch == "/" and self.regex_allowed():
                self.regex()
            elif m := NAME.match(src, self.i) or NUMBER.match(src, self.i):
                self.i = m.end()
                self.emit("name" if NAME.match(m.group()) else "num", m.start())
            else:
                self.punct()
        if self.braces:
            raise self.fail("a { never closes")
        return self.out


def tokens(src: str) -> list[Token]:
    return Scanner(src).run()


def matching(toks: list[Token]) -> dict[int, int]:
    """Each bracket's index to its partner's ((), [], {}; a template's ${ } are not brackets)."""
    pairs = {")": "(", "]": "[", "}": "{"}
    stack: list[int] = []
    out: dict[int, int] = {}
    for k, t in enumerate(toks):
        if t.kind != "punct":
            continue
        if t.text in ("(", "[", "{"):
            stack.append(k)
        elif t.text in pairs:
            assert stack and toks[stack[-1]].text == pairs[t.text], f"line {t.line}: {t.text} does not match"
            j = stack.pop()
            out[j], out[k] = k, j
    assert not stack, f"line {toks[stack[-1]].line}: {toks[stack[-1]].text} never closes"
    return out


def _called(toks: list[Token], k: int) -> str:
    """The name a function expression starting at token k is given (x = ..., x: ...), or where it is."""
    if k >= 2 and toks[k - 1].text in ("=", ":") and toks[k - 2].kind == "name":
        return toks[k - 2].text
    return f"(anonymous, line {toks[k].line})"


def functions(src: str) -> list[Function]:
    """Every function of src with the lines it spans, nested ones too (each counted whole)."""
    toks = tokens(src)
    match = matching(toks)
    found: dict[int, Function] = {}  # by the index of the body's "{"

    def brace(k: int) -> bool:
        return k < len(toks) and toks[k].kind == "punct" and toks[k].text == "{"

    def body(name: str, first: int, k: int) -> None:
        found.setdefault(k, Function(name, first, toks[match[k]].line))

    for k, t in enumerate(toks):
        after = toks[k + 1] if k + 1 < len(toks) else None
        if t.kind == "name" and t.text == "function" and (k == 0 or toks[k - 1].text != "."):
            start = k - 1 if k > 0 and toks[k - 1].text == "async" else k
            j = k + 2 if toks[k + 1].text == "*" else k + 1
            name = _called(toks, start)
            if toks[j].kind == "name":
                name, j = toks[j].text, j + 1
            if toks[j].text == "(" and brace(match[j] + 1):
                body(name, t.line, match[j] + 1)
        elif t.kind == "punct" and t.text == "=>" and brace(k + 1):
            start = match[k - 1] if toks[k - 1].text == ")" else k - 1
            if start > 0 and toks[start - 1].text == "async":
                start -= 1
            body(_called(toks, start), toks[start].line, k + 1)
        elif (t.kind == "name" and t.text not in NOT_METHODS and after is not None and after.text == "("
              and (k == 0 or toks[k - 1].text != ".") and brace(match[k + 1] + 1)):
            body(t.text, t.line, match[k + 1] + 1)
    return sorted(found.values(), key=lambda f: f.first)


def imports(src: str) -> list[str]:
    """What src imports: import ... from "x", import "x", import("x"), export ... from "x"."""
    toks = tokens(src)
    match = matching(toks)
    out: list[str] = []
    for k, t in enumerate(toks):
        if t.kind != "name" or t.text not in ("import", "export") or (k and toks[k - 1].text == "."):
            continue
        after = toks[k + 1]
        if t.text == "import" and after.text == ".":  # import.meta
            continue
        if t.text == "import" and after.text == "(":
            assert toks[k + 2].kind == "str", f"line {t.line}: an import() of no plain string"
            out.append(toks[k + 2].text[1:-1])
            continue
        if after.kind == "str":
            out.append(after.text[1:-1])
            continue
        if t.text == "export" and after.text not in ("{", "*"):
            continue  # export function, const, default ...
        j = k + 1
        while j < len(toks) and toks[j].text not in (";", "from"):
            j = match[j] + 1 if toks[j].text == "{" else j + 1
        if j + 1 < len(toks) and toks[j].text == "from" and toks[j + 1].kind == "str":
            out.append(toks[j + 1].text[1:-1])
        else:
            assert t.text == "export", f"line {t.line}: an import without from"
    return out


def named_imports(src: str) -> list[tuple[str, str]]:
    """(file, name) for each name of an import { name, other as alias } from "file"."""
    toks = tokens(src)
    match = matching(toks)
    out: list[tuple[str, str]] = []
    for k, t in enumerate(toks):
        if t.kind == "name" and t.text == "import" and toks[k + 1].text == "{":
            end = match[k + 1]
            assert toks[end + 1].text == "from", f"line {t.line}: an import without from"
            names = [toks[j].text for j in range(k + 2, end) if toks[j - 1].text in ("{", ",")]
            out += [(toks[end + 2].text[1:-1], name) for name in names]
    return out


def exported(src: str) -> set[str]:
    """The names src exports: export function / const / let / class NAME, export { a, b as c }."""
    toks = tokens(src)
    match = matching(toks)
    out: set[str] = set()
    for k, t in enumerate(toks):
        if t.kind != "name" or t.text != "export":
            continue
        j = k + 1 + (toks[k + 1].text == "async")
        if toks[j].text in ("function", "const", "let", "var", "class"):
            j += 1 + (toks[j + 1].text == "*")
            out.add(toks[j].text)
        elif toks[j].text == "{":
            group: list[str] = []
            for tok in toks[j + 1:match[j] + 1]:
                if tok.text in (",", "}"):
                    out.add(group[-1])
                    group = []
                else:
                    group.append(tok.text)
    return out


def resolve(spec: str, folder: Path, where: Path) -> Path:
    """The file an import names: /static/x.js is folder/x.js; ./x.js sits beside the importer."""
    if spec.startswith("/static/"):
        return folder / spec.removeprefix("/static/")
    assert spec.startswith(("./", "../")), f"{where.name} imports {spec!r}: no file of the page"
    return (where.parent / spec).resolve()


SITE_ONLY = ("../pyodide/",)  # what the static site's build puts beside the page (tests/site checks it)


def module_graph(folder: Path) -> dict[str, list[str]]:
    """Each module's file name to the names of the files it imports (checked to exist)."""
    graph: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.js")):
        deps = [resolve(spec, folder, path) for spec in imports(path.read_text())
                if not spec.startswith(SITE_ONLY)]
        missing = [str(d) for d in deps if not d.is_file()]
        assert not missing, f"{path.name} imports files that do not exist: {missing}"
        graph[path.name] = [d.name for d in deps]
    return graph


def unexported(folder: Path) -> list[str]:
    """Every name a module imports that its file does not export, as "importer: name from file"."""
    out: list[str] = []
    for path in sorted(folder.glob("*.js")):
        for spec, name in named_imports(path.read_text()):
            if spec.startswith(SITE_ONLY):
                continue
            target = resolve(spec, folder, path)
            if target.is_file() and name not in exported(target.read_text()):
                out.append(f"{path.name}: {name} from {target.name}")
    return out


def cycle(graph: dict[str, list[str]]) -> list[str]:
    """One import cycle as the modules along it (first == last), or [] when there is none."""
    state: dict[str, str] = {}  # "open" while on the walk, "done" after
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = "open"
        path.append(node)
        for dep in graph.get(node, []):
            if state.get(dep) == "open":
                return [*path[path.index(dep):], dep]
            if dep not in state and (found := walk(dep)):
                return found
        state[node] = "done"
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return []


def long_functions(folder: Path, most: int = MOST_LINES) -> list[str]:
    """Every function over most lines, as "file:line name (n lines)"."""
    return [f"{path.name}:{f.first} {f.name} ({f.lines} lines)"
            for path in sorted(folder.glob("*.js")) for f in functions(path.read_text()) if f.lines > most]


# ---------------------------------------------------------------- the scanner on a small sample

SAMPLE = r"""// a } in a comment, and a { too
import { a, b as c } from "/static/x.js";
import "./side.js";
export { d } from "./y.js";
/* a block comment
   with a { and a `template` and a "string" */
export function first(x, { y } = {}) {
  const s = "}" + '{' + `}${ { k: "}" }.k }${`${"{"}`}{`;
  const r = /[}/]{2}\//g, half = x / 2 / y;
  return s.replace(/^\{/, "") + r + half;
}
const arrow = async (p,
  q) => {
  if (p) { return q; }
  const obj = { method(z) {
    return z;
  }, get g() { return 1; } };
  return obj;
};
const plain = (v) => v + 1;
setTimeout(function () {
  plain(1);
}, 0);
const later = import("./z.js");
"""


def test_the_scanner_finds_every_function_and_its_length() -> None:
    got = [(f.name, f.first, f.lines) for f in functions(SAMPLE)]
    assert got == [("first", 7, 5), ("arrow", 12, 8), ("method", 15, 3), ("g", 17, 1),
                   ("(anonymous, line 21)", 21, 3)]


def test_the_scanner_reads_strings_templates_regexes_and_comments() -> None:
    toks = tokens(SAMPLE)
    assert [t.text for t in toks if t.kind == "regex"] == ["/[}/]{2}\\//g", "/^\\{/"]
    assert not [t for t in toks if "comment" in t.text or "a }" in t.text]
    assert [t.text for t in toks if t.kind == "template"] == ["`}", "}", "`", "}`", "}{`"]
    assert "/" in [t.text for t in toks if t.kind == "punct"]  # the divisions stay divisions
    assert imports(SAMPLE) == ["/static/x.js", "./side.js", "./y.js", "./z.js"]
    assert named_imports(SAMPLE) == [("/static/x.js", "a"), ("/static/x.js", "b")]
    assert exported(SAMPLE) == {"d", "first"}


def test_the_checks_catch_a_cycle_a_missing_file_and_a_long_function(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { b } from "/static/b.js";\nexport const a = 1;\n')
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\nexport function b() {\n'
                                   + "  a;\n" * 80 + "}\n")
    assert cycle(module_graph(tmp_path)) == ["a.js", "b.js", "a.js"]
    assert unexported(tmp_path) == []
    (tmp_path / "a.js").write_text('import { b, c } from "/static/b.js";\nconst a = 1;\nexport { a as d };\n')
    assert unexported(tmp_path) == ["a.js: c from b.js", "b.js: a from a.js"]
    assert long_functions(tmp_path) == ["b.js:2 b (82 lines)"]
    (tmp_path / "c.js").write_text('import "./gone.js";\n')
    with pytest.raises(AssertionError, match="gone.js"):
        module_graph(tmp_path)


# ---------------------------------------------------------------- the page itself

def test_the_page_is_es_modules_without_import_cycles() -> None:
    graph = module_graph(STATIC)
    assert "app.js" in graph
    loop = cycle(graph)
    assert not loop, f"an import cycle: {' -> '.join(loop)}"
    assert unexported(STATIC) == [], "imported names no module exports"
    html = (STATIC / "index.html").read_text()
    assert re.findall(r'<script type="module" src="static/([\w.]+)"></script>', html) == ["app.js"]
    workers = {w for path in STATIC.glob("*.js")
               for w in re.findall(r'new Worker\(new URL\("\./([\w.]+)", import\.meta\.url\)',
                                   path.read_text())}
    assert workers == {"pyworker.js"}  # the static site's engine
    reached: set[str] = set()
    todo = ["app.js", *workers]  # the entry module and the workers it starts reach every module
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(graph[name])
    assert reached == set(graph), f"modules app.js never loads: {sorted(set(graph) - reached)}"


def test_no_function_of_the_page_is_over_80_lines() -> None:
    long = long_functions(STATIC)
    assert not long, f"functions over {MOST_LINES} lines: {'; '.join(long)}"
