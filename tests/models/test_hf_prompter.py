"""The ``hf:`` prompter and the judge's HFChat on a tiny Llama built from config (random weights).

Random weights write gibberish: these tests check the plumbing (chat template, generation
settings, the shared instructions and extraction, warm models, errors), not the prompts.
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch", reason="the hf extra is not installed")
pytest.importorskip("transformers", reason="the hf extra is not installed")

from pytest_atelier.components import PromptRequest
from pytest_atelier.errors import ComponentError, ConfigError, PrompterError
from pytest_atelier.judge.hf_judge import JUDGE_MAX_NEW_TOKENS, make_chat
from pytest_atelier.prompters import llm
from pytest_atelier.providers.hf_local import HFChat
from pytest_atelier.registry import ComponentContext, Registry, parse_spec
from pytest_atelier.suite import load_suite

from ..conftest import CO_TASK, IM_TASK, write_suite
from .tiny import build_tiny_lm

MULTI = """\
id: co_pair
category: CO
brief: Two matching stickers for a cafe.
constraints: {quantity: ['one cup']}
outputs: [a steaming cup, a croissant]
checkpoints:
  - id: c01
    output: 1
    image: A cup.
    prompt: The first prompt asks for a cup.
"""


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    return load_suite(write_suite(tmp_path_factory.mktemp("suite"), {"co_sign": CO_TASK, "im_flag": IM_TASK, "co_pair": MULTI}))


def prompter(model, settings="max_new_tokens=12"):
    return Registry().make("prompter", f"hf:{model}?{settings}", ComponentContext(root=model.parent))


def ask(p, suite, task_id, seed=3):
    task = suite.task(task_id)
    return p.write_prompt(PromptRequest(task, suite.target_image_path(task), seed))


def test_prompt_from_a_local_chat_model_with_the_shared_instructions(tiny_lm, suite, monkeypatch):
    p = prompter(tiny_lm)
    assert isinstance(p, llm.LLMPrompter) and p.strategy == "skilled"
    assert p.instructions == (llm.INSTRUCTIONS / "skilled.md").read_text().strip()
    seen = []
    real = HFChat._generate
    monkeypatch.setattr(HFChat, "_generate", lambda self, messages, *a: seen.append(messages) or real(self, messages, *a))
    result = ask(p, suite, "co_sign")
    # gibberish with no <prompt> tags: the whole answer is the prompt (extract_prompts' last resort)
    assert len(result.prompts) == 1 and result.prompts[0] == result.meta["answer"].strip()
    assert result.meta["output_tokens"] <= 12 and result.meta["input_tokens"] > 100 and result.meta["cost_usd"] == 0.0
    system, user = seen[0]
    assert system == {"role": "system", "content": p.instructions}
    assert "A shop sign for a bakery" in user["content"] and "<prompt>" in user["content"]
    assert ask(p, suite, "co_sign").prompts == result.prompts  # greedy: the same answer again


def test_identity_has_model_files_strategy_and_settings(tiny_lm):
    p = prompter(tiny_lm)
    assert p.identity.startswith(f"llm/{llm.VERSION}:skilled:skilled.md@") and f'"model": "{tiny_lm}@' in p.identity
    assert '"api": "transformers"' in p.identity and not p.uses_seed  # greedy: the seed changes nothing
    assert prompter(tiny_lm, "strategy=novice").identity != p.identity
    assert prompter(tiny_lm, "max_new_tokens=12&temperature=0.7").identity != p.identity


def test_sampling_is_seeded(tiny_lm, suite):
    p = prompter(tiny_lm, "max_new_tokens=12&temperature=1.5")
    assert p.client.do_sample is None and p.temperature == 1.5
    first = ask(p, suite, "co_sign", seed=1).prompts
    assert ask(p, suite, "co_sign", seed=1).prompts == first
    assert any(ask(p, suite, "co_sign", seed=s).prompts != first for s in (2, 3, 4))


def test_extraction_errors_are_prompter_errors(tiny_lm, suite, monkeypatch):
    with pytest.raises(PrompterError, match="could not find 2 final prompts in the answer to task co_pair"):
        ask(prompter(tiny_lm), suite, "co_pair")
    monkeypatch.setattr(
        HFChat, "_generate", lambda self, *a: ('<prompt n="1">a cup</prompt> <prompt n="2">a croissant</prompt>', 9, 9, "stop")
    )
    assert ask(prompter(tiny_lm), suite, "co_pair").prompts == ["a cup", "a croissant"]


def test_a_text_only_model_cannot_see_the_target_image(tiny_lm, suite):
    with pytest.raises(ComponentError, match="text-only model and cannot see images"):
        ask(prompter(tiny_lm), suite, "im_flag")


def test_model_without_chat_template(tmp_path, suite):
    model = build_tiny_lm(tmp_path / "plain-lm", chat_template=None)
    with pytest.raises(ComponentError, match="has no chat template"):
        ask(prompter(model), suite, "co_sign")


def test_system_turn_folded_in_when_the_template_refuses_it(tmp_path):
    template = (
        "{% for m in messages %}{% if m['role'] == 'system' %}{{ raise_exception('System role not supported') }}{% endif %}"
        "<|{{ m['role'] }}|>{{ m['content'] }}<|end|>{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}"
    )
    chat = HFChat(str(build_tiny_lm(tmp_path / "nosys-lm", chat_template=template)), max_new_tokens=4)
    assert isinstance(chat.complete([{"role": "system", "content": "Be brief."}, {"role": "user", "content": "a cat"}]), str)


def test_model_is_loaded_once_per_process(tiny_lm):
    a, b = HFChat(str(tiny_lm)), prompter(tiny_lm).client
    assert a._loaded() is b._loaded()


def test_judge_chat_plumbing(tiny_lm):
    chat = make_chat(parse_spec(f"hf:{tiny_lm}?max_new_tokens=5"), ComponentContext(root=tiny_lm.parent))
    reply = chat.chat("You judge images.", "Does the prompt ask for a cat?")
    assert reply.usage.output_tokens <= 5 and reply.model == chat.model and reply.finish_reason in ("stop", "length")
    text = chat.complete([{"role": "user", "content": "yes or no?"}], max_new_tokens=3)
    assert isinstance(text, str)
    default = make_chat(parse_spec(f"hf:{tiny_lm}"), ComponentContext(root=tiny_lm.parent))
    assert default.max_new_tokens == JUDGE_MAX_NEW_TOKENS and default.do_sample is None
    with pytest.raises(ConfigError, match=r"unknown setting\(s\) strategy"):
        make_chat(parse_spec(f"hf:{tiny_lm}?strategy=novice"), ComponentContext(root=tiny_lm.parent))


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ("strategy=expert", "strategy must be one of novice, skilled"),
        ("format=yaml", "format must be text or json"),
        ("max_new_tokens=0", "at least 1"),
        ("temperature=hot", "temperature a number"),
        ("do_sample=maybe", "do_sample must be true or false"),
        ("dtype=int4", "dtype must be one of"),
        ("base_url=http://x", r"unknown setting\(s\) base_url"),
    ],
)
def test_bad_settings(tiny_lm, settings, message):
    with pytest.raises(ConfigError, match=message):
        prompter(tiny_lm, settings)


def test_missing_model(tmp_path):
    with pytest.raises(ConfigError, match="name the model after the colon"):
        Registry().make("prompter", "hf", ComponentContext(root=tmp_path))
    (tmp_path / "empty").mkdir()
    chat = HFChat(str(tmp_path / "empty"))
    for _ in range(2):
        with pytest.raises(ComponentError, match="cannot load the transformers model"):
            chat.complete([{"role": "user", "content": "hi"}])


def test_a_vision_language_model_sees_the_target_image(tiny_vlm, suite, monkeypatch):
    p = prompter(tiny_vlm)
    loaded = p.client._loaded()
    assert loaded.vision and type(loaded.model).__name__ == "LlavaForConditionalGeneration"
    seen = {}
    real = loaded.model.generate
    monkeypatch.setattr(loaded.model, "generate", lambda **kw: seen.update(kw) or real(**kw))
    result = ask(p, suite, "im_flag")
    assert len(result.prompts) == 1 and result.prompts[0]
    assert tuple(seen["pixel_values"].shape) == (1, 3, 16, 16)  # the flag, resized by the model's processor
    image_token = loaded.processor.tokenizer.convert_tokens_to_ids("<image>")
    assert (seen["input_ids"] == image_token).sum().item() == 4  # (16 / 8) ** 2 patches
    text_only = ask(p, suite, "co_sign")  # and tasks without an image still work
    assert text_only.prompts
