#!/usr/bin/env python3
"""Translate feedparser's own test suite into expectations our Swift parser can be checked against.

feedparser (PyPI sdist) ships tests/{wellformed,illformed,encoding,entities}/**/*.xml, each with a
comment holding `Expect: <python expression>` over feedparser's result, plus a table of date
strings in tests/runtests.py. This script reads those, never imports or runs feedparser, and writes
one JSON file: per document, the HTTP headers the suite's server would send, and every assertion
that maps onto a field FeedParsing models; assertions about fields we do not model are listed as
not applicable, with the reason, so the rate printed later is over applicable assertions only.

Mapping notes (each follows feedparser's documented semantics, not our convenience):
- feedparser returns (sanitised) HTML for text constructs; FeedParsing returns plain text, so the
  expected value is reduced to text here with Python's own html.parser (tags dropped, entities
  decoded, script/style content dropped) and both sides are whitespace-normalised when compared.
- feedparser's `summary` falls back to the entry's content; ours is `summaryText ?? bodyText`.
- feedparser's combined `author` string "Name (email)" is checked as name and e-mail separately.
- `updated_parsed` falls back to the published date in feedparser; ours likewise.

Usage: translate_expectations.py FEEDPARSER_TESTS_DIR OUTPUT.json
"""
import ast
import calendar
import html.parser
import json
import os
import re
import sys
import urllib.parse

DOC_GROUP_ROOTS = ("wellformed", "illformed", "encoding", "entities")
EXPECT_RE = re.compile(rb"Expect:\s*(.*?)\s*-->", re.S)
HEADER_RE = re.compile(rb"^\s*Header:\s+([^:]+):(.+)$", re.M)
SERVER_ROOT = "http://127.0.0.1:8097/"
# Date parsers of runtests.py whose inputs are English RFC 822 / ISO 8601 style; the others parse
# Greek, Hungarian and Korean month names, which FeedParsing does not claim to read.
DATE_GROUPS = {"_parse_date_rfc822": "rfc822", "_parse_date_w3dtf": "w3dtf", "_parse_date_iso8601": "iso8601",
               "_parse_date_asctime": "asctime", "_parse_date_perforce": "perforce"}


class TextOnly(html.parser.HTMLParser):
    """HTML to text the way a reader sees it: what FeedParsing's bodyText promises."""
    BLOCKS = {"p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr", "ul", "ol", "table"}
    HIDDEN = {"script", "style", "noscript", "iframe", "object", "embed", "template", "head", "svg", "math"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def html_to_text(value):
    parser = TextOnly()
    parser.feed(value)
    parser.close()
    return "".join(parser.parts)


def key_chain(node):
    """entries[0]['title'] -> ['entries', 0, 'title']; None when not a plain subscript chain."""
    parts = []
    while True:
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            parts.append(node.slice.value)
            node = node.value
        elif isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Name):
            parts.append(node.id)
            return list(reversed(parts))
        else:
            return None


FEED_FIELDS = {
    ("title",): ("feed.title", "text"), ("title_detail", "value"): ("feed.title", "text"),
    ("link",): ("feed.link", "exact"),
    ("description",): ("feed.subtitle", "text"), ("subtitle",): ("feed.subtitle", "text"),
    ("tagline",): ("feed.subtitle", "text"), ("subtitle_detail", "value"): ("feed.subtitle", "text"),
    ("tagline_detail", "value"): ("feed.subtitle", "text"),
    ("id",): ("feed.id", "exact"), ("guid",): ("feed.id", "exact"), ("language",): ("feed.language", "exact"),
    ("author",): ("feed.author", "person"), ("author_detail", "name"): ("feed.author", "exact"),
    ("author_detail", "email"): ("feed.authorEmail", "exact"),
    ("updated_parsed",): ("feed.updated", "date"), ("published_parsed",): ("feed.published", "date"),
    ("image", "url"): ("feed.imageURL", "exact"), ("image", "href"): ("feed.imageURL", "exact"),
    ("logo",): ("feed.imageURL", "exact"),
}
ENTRY_FIELDS = {
    ("title",): ("entry.title", "text"), ("title_detail", "value"): ("entry.title", "text"),
    ("link",): ("entry.link", "exact"), ("id",): ("entry.guid", "exact"), ("guid",): ("entry.guid", "exact"),
    ("summary",): ("entry.summary", "text"), ("description",): ("entry.summary", "text"),
    ("summary_detail", "value"): ("entry.summary", "text"), ("content", 0, "value"): ("entry.body", "text"),
    ("author",): ("entry.author", "person"), ("author_detail", "name"): ("entry.author", "exact"),
    ("author_detail", "email"): ("entry.authorEmail", "exact"), ("authors", 0, "name"): ("entry.author", "exact"),
    ("authors", 0, "email"): ("entry.authorEmail", "exact"),
    ("published_parsed",): ("entry.published", "date"), ("updated_parsed",): ("entry.updated", "date"),
    ("category",): ("entry.category0", "exact"), ("media_thumbnail", 0, "url"): ("entry.imageURL", "exact"),
}


def epoch(value):
    return calendar.timegm(tuple(value)[:6]) if value is not None else None


def translate_term(term):
    """One `a == b` term -> list of assertions, or a reason it is not applicable."""
    if not (isinstance(term, ast.Compare) and all(isinstance(op, ast.Eq) for op in term.ops)):
        return None, "not an equality: " + ast.unparse(term)[:60]
    try:
        expected = ast.literal_eval(term.comparators[-1])
    except (ValueError, SyntaxError):
        return None, "expected value is not a literal"
    # `a == b == 'x'` (node precedence tests) asserts each side equals the literal.
    translated = []
    for left in [term.left] + term.comparators[:-1]:
        assertions, reason = translate_lookup(left, expected)
        if reason:
            return None, reason
        translated.extend(assertions)
    return translated, None


def translate_lookup(left, expected):
    if isinstance(left, ast.Call) and ast.unparse(left) == "len(entries)":
        return [{"target": "entries.count", "kind": "count", "expected": expected}], None
    chain = key_chain(left)
    if chain is None:
        return None, "not a field lookup: " + ast.unparse(left)[:60]
    if chain in (["version"], ["encoding"]):
        return [{"target": chain[0], "kind": "exact", "expected": expected}], None
    if chain[0] == "feed":
        mapped, index = FEED_FIELDS.get(tuple(chain[1:])), 0
    elif chain[0] == "entries" and len(chain) > 2 and isinstance(chain[1], int):
        mapped, index = ENTRY_FIELDS.get(tuple(chain[2:])), chain[1]
        if mapped is None and chain[2] == "tags" and len(chain) == 5 and chain[4] == "term":
            mapped = ("entry.category%d" % chain[3], "exact")
    else:
        mapped, index = None, 0
    if mapped is None:
        return None, "field not modelled: " + ".".join(str(part) for part in chain)
    target, kind = mapped
    if kind == "date":
        return [{"target": target, "index": index, "kind": "date", "expected": epoch(expected)}], None
    if kind == "person":
        match = re.fullmatch(r"(.*?)\s*\(([^()]*@[^()]*)\)", expected or "")
        if match:
            email_target = target.replace("author", "authorEmail")
            return [{"target": target, "index": index, "kind": "exact", "expected": match.group(1)},
                    {"target": email_target, "index": index, "kind": "exact", "expected": match.group(2)}], None
        kind = "exact"
    if kind == "text" and isinstance(expected, str):
        expected = html_to_text(expected)
    return [{"target": target, "index": index, "kind": kind, "expected": expected}], None


def readable_head(data):
    """The leading comment of a test file, decoded even when the file is UTF-16 or UTF-32."""
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8"), (b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
                       (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le")):
        if data.startswith(bom):
            return data[len(bom):].decode(codec, "replace").encode("utf-8")
    if data.startswith(b"\x4c\x6f\xa7\x94"):
        return data.decode("cp037", "replace").encode("utf-8")  # EBCDIC "<?xm"
    for pattern, codec in ((b"<\x00\x00\x00", "utf-32-le"), (b"\x00\x00\x00<", "utf-32-be"),
                           (b"<\x00", "utf-16-le"), (b"\x00<", "utf-16-be")):
        if data.startswith(pattern):
            return data.decode(codec, "replace").encode("utf-8")
    return data


def document_case(root, path):
    relative = os.path.relpath(path, root)
    head = readable_head(open(path, "rb").read())
    case = {"group": os.path.dirname(relative), "path": os.path.abspath(path),
            "wellFormed": not relative.startswith("illformed"), "assertions": [], "notApplicable": []}
    headers = {key.strip().decode().lower(): value.strip().decode("utf-8", "replace") for key, value in HEADER_RE.findall(head)}
    case["contentType"] = headers.get("content-type")
    is_http = "http" in relative
    document_uri = SERVER_ROOT + "tests/" + relative if is_http else None
    # The suite's server sends Content-Location, which feedparser resolves against the request URI.
    location = headers.get("content-location")
    case["baseURL"] = urllib.parse.urljoin(document_uri or "", location) if location else document_uri
    match = EXPECT_RE.search(head)
    if not match:
        case["notApplicable"].append("no readable Expect: comment")
        return case
    try:
        tree = ast.parse(match.group(1).decode("utf-8", "replace"), mode="eval").body
    except SyntaxError:
        case["notApplicable"].append("Expect: is not a Python expression")
        return case
    terms = tree.values if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.And) else [tree]
    for term in terms:
        text = ast.unparse(term)
        if text in ("bozo", "not bozo", "1"):
            continue  # well-formedness flags are reported separately, not as field assertions
        assertions, reason = translate_term(term)
        if assertions:
            case["assertions"].extend(assertions)
        else:
            case["notApplicable"].append(reason)
    return case


def date_cases(runtests_path):
    tree = ast.parse(open(runtests_path, encoding="utf-8").read())
    cases = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "date_tests" for t in node.targets):
            for key, value in zip(node.value.keys, node.value.values):
                group = DATE_GROUPS.get(key.id)
                if group is None:
                    continue
                for text, expected in ast.literal_eval(value):
                    cases.append({"group": group, "input": text, "expected": epoch(expected)})
    return cases


def main():
    tests_dir, output = sys.argv[1], sys.argv[2]
    documents = []
    for group_root in DOC_GROUP_ROOTS:
        for directory, _, files in sorted(os.walk(os.path.join(tests_dir, group_root))):
            documents.extend(document_case(tests_dir, os.path.join(directory, name)) for name in sorted(files) if name.endswith(".xml"))
    result = {"documents": documents, "dates": date_cases(os.path.join(tests_dir, "runtests.py"))}
    with open(output, "w", encoding="utf-8") as handle:
        json.dump(result, handle, ensure_ascii=False, indent=1)
    applicable = sum(len(d["assertions"]) for d in documents)
    print("translated %d documents, %d applicable assertions, %d date cases" % (len(documents), applicable, len(result["dates"])))


if __name__ == "__main__":
    main()
