"""A small, independent checker for the Mermaid flowchart subset a dashboard may contain.

Written from Mermaid's flowchart syntax, not from the generator (it imports nothing from ``bot``), so
a generator bug is not mirrored here. It accepts one statement per line — a node declaration with a
quoted label in one of the usual shapes, an edge between two ids, or a ``classDef`` — and refuses
what would break a renderer: unbalanced brackets, unquoted or quote-breaking labels, raw ``<``/``>``
other than ``<br/>``, stray ``#`` that is no entity code, duplicate or reserved node ids, edges or
classes that point at nothing declared.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

HEADER = re.compile(r"^(flowchart|graph) (LR|RL|TB|TD|BT)$")
NODE_ID = r"[A-Za-z][A-Za-z0-9_]*"
SHAPES = (("([", "])"), ("[(", ")]"), ("((", "))"), ("{{", "}}"), ("[", "]"), ("(", ")"), ("{", "}"))
NODE = re.compile(rf"^(?P<id>{NODE_ID})(?P<rest>[\[({{].*?)(?::::(?P<cls>[A-Za-z][\w-]*))?$")
EDGE = re.compile(rf"^(?P<a>{NODE_ID}) (?P<link>-->|---|-\.-|-\.->|==>|===) (?P<b>{NODE_ID})$")
CLASS_DEF = re.compile(r"^classDef (?P<name>[A-Za-z][\w-]*) [a-z-]+:[^\s;]+(,[a-z-]+:[^,;]+)*$")
ENTITY = re.compile(r"#(\d+|[a-z]+);")
RESERVED = {"end", "graph", "flowchart", "subgraph", "classDef", "class", "style", "click", "linkStyle"}
PAIRS = {"(": ")", "[": "]", "{": "}"}


class MermaidError(ValueError):
    """The block is not a flowchart this checker accepts; the message says which line and why."""


@dataclass
class Flowchart:
    nodes: dict[str, tuple[str, str]] = field(default_factory=dict)  # id -> (decoded label, class)
    edges: list[tuple[str, str, str]] = field(default_factory=list)
    classes: set[str] = field(default_factory=set)

    def labels(self) -> list[str]:
        return [label for label, _ in self.nodes.values()]


def mermaid_blocks(markdown: str) -> list[str]:
    return re.findall(r"^```mermaid\n(.*?)\n```$", markdown, flags=re.S | re.M)


def _balanced(line: str) -> bool:
    stack: list[str] = []
    inside = False
    for char in line:
        if char == '"':
            inside = not inside
        elif inside:
            continue
        elif char in PAIRS:
            stack.append(PAIRS[char])
        elif char in PAIRS.values() and (not stack or stack.pop() != char):
            return False
    return not stack and not inside


def _label(raw: str, number: int) -> str:
    if not (len(raw) >= 2 and raw[0] == raw[-1] == '"') or '"' in raw[1:-1]:
        raise MermaidError(f"line {number}: label is not one quoted string: {raw!r}")
    text = raw[1:-1].replace("<br/>", "\n")
    if any(char in text for char in "<>`"):
        raise MermaidError(f"line {number}: raw markup in label {raw!r}")
    if "#" in ENTITY.sub("", text):
        raise MermaidError(f"line {number}: '#' outside an entity code in {raw!r}")
    return ENTITY.sub(lambda m: _entity(m.group(1)), text)


def _entity(code: str) -> str:
    return chr(int(code)) if code.isdigit() else html.unescape(f"&{code};")


def _node(match: re.Match[str], number: int) -> tuple[str, str]:
    rest = match.group("rest")
    for opening, closing in SHAPES:
        if rest.startswith(opening) and rest.endswith(closing):
            return _label(rest[len(opening) : -len(closing)], number), match.group("cls") or ""
    raise MermaidError(f"line {number}: unknown node shape {rest!r}")


def parse_flowchart(block: str) -> Flowchart:
    """The nodes, edges and classes of ``block``; raises :class:`MermaidError` on anything invalid."""
    lines = block.splitlines()
    if not lines or not HEADER.match(lines[0].strip()):
        raise MermaidError("line 1: not a flowchart header")
    chart = Flowchart()
    for number, line in enumerate(lines[1:], start=2):
        statement = line.strip()
        if not statement:
            continue
        if not _balanced(statement):
            raise MermaidError(f"line {number}: unbalanced brackets or quotes: {statement!r}")
        if edge := EDGE.match(statement):
            chart.edges.append((edge.group("a"), edge.group("link"), edge.group("b")))
        elif class_def := CLASS_DEF.match(statement):
            chart.classes.add(class_def.group("name"))
        elif node := NODE.match(statement):
            node_id = node.group("id")
            if node_id in chart.nodes or node_id in RESERVED:
                raise MermaidError(f"line {number}: node id {node_id!r} is reused or reserved")
            chart.nodes[node_id] = _node(node, number)
        else:
            raise MermaidError(f"line {number}: not a statement this flowchart allows: {statement!r}")
    dangling = {end for a, _, b in chart.edges for end in (a, b)} - set(chart.nodes)
    if dangling:
        raise MermaidError(f"edges reference undeclared nodes: {sorted(dangling)}")
    undefined = {cls for _, cls in chart.nodes.values() if cls} - chart.classes
    if undefined:
        raise MermaidError(f"nodes use undefined classes: {sorted(undefined)}")
    return chart
