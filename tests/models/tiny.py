"""Tiny models built from config with random weights, saved with ``save_pretrained``.

The way diffusers and transformers test themselves (``get_dummy_components``), but offline:
the tokenizers are written here instead of fetched from ``hf-internal-testing``.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["build_tiny_lm", "build_tiny_sd", "build_tiny_vlm", "clip_tokenizer"]

CHAT_TEMPLATE = (
    "{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] }}<|end|>{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}"
)


def _bytes_to_unicode() -> dict[int, str]:
    """GPT-2's reversible byte-to-character map (CLIP's BPE vocabulary is built on it)."""
    bs = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    cs, extra = bs[:], 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + extra)
            extra += 1
    return dict(zip(bs, map(chr, cs)))


def clip_tokenizer(folder: Path):
    """A CLIP tokenizer with a character-level vocabulary (no merges): one token per character."""
    from transformers import CLIPTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    chars = list(_bytes_to_unicode().values())
    vocab = [*chars, *(c + "</w>" for c in chars), "<|startoftext|>", "<|endoftext|>"]
    (folder / "vocab.json").write_text(json.dumps({t: i for i, t in enumerate(vocab)}))
    (folder / "merges.txt").write_text("#version: 0.2\n")
    return CLIPTokenizer(str(folder / "vocab.json"), str(folder / "merges.txt"), model_max_length=77)


def build_tiny_sd(folder: Path) -> Path:
    """A Stable Diffusion pipeline: a 4/8-channel UNet, a 4-channel VAE (8x downscale, as the real
    ones) and a 1-layer CLIP text encoder."""
    import torch
    from diffusers import (
        AutoencoderKL,
        DDIMScheduler,
        StableDiffusionPipeline,
        UNet2DConditionModel,
    )
    from transformers import CLIPTextConfig, CLIPTextModel

    tokenizer = clip_tokenizer(folder.parent / f"{folder.name}-vocab")
    torch.manual_seed(0)
    unet = UNet2DConditionModel(
        block_out_channels=(4, 8), layers_per_block=1, sample_size=8, in_channels=4, out_channels=4,
        down_block_types=("DownBlock2D", "CrossAttnDownBlock2D"), up_block_types=("CrossAttnUpBlock2D", "UpBlock2D"),
        cross_attention_dim=8, norm_num_groups=2, attention_head_dim=2,
    )  # fmt: skip
    vae = AutoencoderKL(
        block_out_channels=[4, 4, 4, 4], in_channels=3, out_channels=3, latent_channels=4, norm_num_groups=2, sample_size=32,
        down_block_types=["DownEncoderBlock2D"] * 4, up_block_types=["UpDecoderBlock2D"] * 4,
    )  # fmt: skip
    n = len(tokenizer)
    text_encoder = CLIPTextModel(
        CLIPTextConfig(
            vocab_size=n, bos_token_id=n - 2, eos_token_id=n - 1, pad_token_id=n - 1, hidden_size=8, intermediate_size=16,
            num_attention_heads=2, num_hidden_layers=1, max_position_embeddings=77, projection_dim=8,
        )
    )  # fmt: skip
    scheduler = DDIMScheduler(
        beta_start=0.00085, beta_end=0.012, beta_schedule="scaled_linear", clip_sample=False, set_alpha_to_one=False, steps_offset=1
    )
    pipe = StableDiffusionPipeline(
        unet=unet, vae=vae, text_encoder=text_encoder, tokenizer=tokenizer, scheduler=scheduler,
        safety_checker=None, feature_extractor=None, requires_safety_checker=False,
    )  # fmt: skip
    pipe.save_pretrained(folder)
    return folder


def build_tiny_lm(folder: Path, chat_template: str | None = CHAT_TEMPLATE) -> Path:
    """A 1-layer Llama with a byte-level BPE tokenizer trained here and a small chat template."""
    import torch
    from tokenizers import ByteLevelBPETokenizer
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    specials = ["<|system|>", "<|user|>", "<|assistant|>", "<|end|>", "<|pad|>"]
    bpe = ByteLevelBPETokenizer()
    corpus = ["a red cat on a blue mat", "write a prompt for a text to image model", "the final prompt"] * 20
    bpe.train_from_iterator(corpus, vocab_size=300, min_frequency=1, special_tokens=specials, show_progress=False)
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=bpe, eos_token="<|end|>", pad_token="<|pad|>")
    if chat_template:
        tokenizer.chat_template = chat_template
    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=2,
        num_key_value_heads=1, max_position_embeddings=4096, eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id, bos_token_id=None,
    )  # fmt: skip
    LlamaForCausalLM(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


VLM_TEMPLATE = (
    "{% for m in messages %}<|{{ m['role'] }}|>{% for c in m['content'] %}"
    "{% if c['type'] == 'image' %}<image>{% else %}{{ c['text'] }}{% endif %}{% endfor %}<|end|>{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>{% endif %}"
)


def build_tiny_vlm(folder: Path) -> Path:
    """A LLaVA with a 1-layer CLIP vision tower on 16x16 images and the tiny Llama's tokenizer."""
    import torch
    from transformers import (
        AutoTokenizer,
        CLIPImageProcessor,
        CLIPVisionConfig,
        LlamaConfig,
        LlavaConfig,
        LlavaForConditionalGeneration,
        LlavaProcessor,
    )

    text = build_tiny_lm(folder.parent / f"{folder.name}-text")
    tokenizer = AutoTokenizer.from_pretrained(text)
    tokenizer.add_special_tokens({"additional_special_tokens": ["<image>"]})
    torch.manual_seed(0)
    config = LlavaConfig(
        vision_config=CLIPVisionConfig(hidden_size=8, intermediate_size=16, num_hidden_layers=1, num_attention_heads=2,
                                       image_size=16, patch_size=8, projection_dim=8),
        text_config=LlamaConfig(vocab_size=len(tokenizer), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=4096,
                                eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id),
        image_token_index=tokenizer.convert_tokens_to_ids("<image>"), vision_feature_select_strategy="default",
    )  # fmt: skip
    LlavaForConditionalGeneration(config).save_pretrained(folder)
    image_processor = CLIPImageProcessor(size={"shortest_edge": 16}, crop_size={"height": 16, "width": 16})
    processor = LlavaProcessor(image_processor=image_processor, tokenizer=tokenizer, patch_size=8,
                               vision_feature_select_strategy="default", chat_template=VLM_TEMPLATE, num_additional_image_tokens=1)  # fmt: skip
    processor.save_pretrained(folder)
    return folder
