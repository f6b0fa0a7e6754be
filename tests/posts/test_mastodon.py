"""Converting a Mastodon account archive (outbox.json + media_attachments/) to the posts format."""

import json
import zipfile

import pytest
from PIL import Image

from pytest_atelier.errors import ConfigError
from pytest_atelier.posts.mastodon import convert_mastodon_archive, html_to_text
from pytest_atelier.posts.model import load_posts

BASE = "https://social.example/users/ana/statuses"


def _note(n, content, reply=None, attachment=()):
    return {
        "id": f"{BASE}/{n}/activity", "type": "Create", "actor": "https://social.example/users/ana", "published": "2026-02-01T09:00:00Z",
        "object": {"id": f"{BASE}/{n}", "type": "Note", "content": content, "inReplyTo": reply, "published": "2026-02-01T09:00:00Z",
                   "attributedTo": "https://social.example/users/ana", "attachment": list(attachment)},
    }  # fmt: skip


def _archive(tmp_path):
    png = tmp_path / "x.png"
    Image.new("RGB", (8, 8), "red").save(png)
    outbox = {
        "@context": "https://www.w3.org/ns/activitystreams", "id": "outbox.json", "type": "OrderedCollection",
        "orderedItems": [
            _note(101, "<p>prompt in the reply &amp; more</p>"),
            _note(102, "<p>a lighthouse at dawn,<br>linocut style</p>", reply=f"{BASE}/101",
                  attachment=[{"type": "Document", "mediaType": "image/png", "url": "/media_attachments/files/1/original/a.png", "name": "result"},
                              {"type": "Document", "mediaType": "video/mp4", "url": "/media_attachments/files/1/original/b.mp4"}]),
            {"id": "x", "type": "Announce", "object": "https://elsewhere.example/notes/9"},
            _note(103, "<p>replying to someone else</p>", reply="https://elsewhere.example/users/bo/statuses/77"),
        ],
    }  # fmt: skip
    path = tmp_path / "archive-20260301.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("outbox.json", json.dumps(outbox))
        z.write(png, "media_attachments/files/1/original/a.png")
    return path


def test_an_archive_becomes_posts_with_threads_text_and_images(tmp_path):
    out = tmp_path / "posts" / "posts.jsonl"
    assert convert_mastodon_archive(_archive(tmp_path), out) == 3
    posts = {p.id: p for p in load_posts(out)}
    assert posts["101"].text == "prompt in the reply & more"
    assert (
        posts["102"].reply_to == "101"
        and posts["102"].text == "a lighthouse at dawn,\nlinocut style"
    )
    assert (
        posts["102"].images == ["media/102-1.png"]
        and (out.parent / "media" / "102-1.png").is_file()
    )  # the video is left out
    assert (
        posts["103"].reply_to == "77"
    )  # a post outside the archive: the reply starts its own thread


def test_an_unpacked_folder_works_and_a_wrong_file_is_a_clear_error(tmp_path):
    folder = tmp_path / "unpacked"
    with zipfile.ZipFile(_archive(tmp_path)) as z:
        z.extractall(folder)
    assert convert_mastodon_archive(folder, tmp_path / "p.jsonl") == 3
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(ConfigError, match="not a zip file or a folder"):
        convert_mastodon_archive(tmp_path / "notes.txt", tmp_path / "q.jsonl")
    with pytest.raises(ConfigError, match="no outbox.json"):
        convert_mastodon_archive(_empty(tmp_path), tmp_path / "r.jsonl")


def _empty(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    return folder


def test_html_to_text_keeps_paragraphs():
    assert html_to_text("<p>one</p><p>two<br/>three</p>") == "one\n\ntwo\nthree"


# --- issue 29: every shape the format allows, and hostile archives, end in posts or a clear error ------------


def _outbox(folder, items, png=None):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "outbox.json").write_text(json.dumps({"type": "OrderedCollection", "orderedItems": items}))
    if png:
        target = folder / "media_attachments" / "a.png"
        target.parent.mkdir(parents=True)
        Image.new("RGB", (8, 8), "red").save(target)
    return folder


@pytest.mark.parametrize("attachment", [
    {"type": "Document", "mediaType": "image/png", "url": "/media_attachments/a.png"},  # one object, not a list
    "/media_attachments/a.png",  # a bare URL
    None, 5, ["text", None, {"mediaType": "image/png"}],
])  # fmt: skip
def test_an_attachment_of_any_allowed_shape_is_read_or_left_out(tmp_path, attachment):
    note = _note(101, "<p>a fox</p>")
    note["object"]["attachment"] = attachment
    folder = _outbox(tmp_path / "archive", [note], png=True)
    assert convert_mastodon_archive(folder, tmp_path / "posts.jsonl") == 1
    images = load_posts(tmp_path / "posts.jsonl")[0].images
    assert images == (["media/101-1.png"] if isinstance(attachment, (dict, str)) else [])


def test_a_deeply_nested_outbox_is_a_clear_error(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "outbox.json").write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ConfigError, match="nested too deeply"):
        convert_mastodon_archive(folder, tmp_path / "posts.jsonl")


def test_a_missing_archive_says_so(tmp_path):
    with pytest.raises(ConfigError, match="no such file or folder"):
        convert_mastodon_archive(tmp_path / "archive-missing.zip", tmp_path / "posts.jsonl")


def test_nul_bytes_in_ids_and_urls_are_clear_errors_or_left_out(tmp_path):
    note = _note(101, "<p>a fox</p>", attachment=[{"mediaType": "image/png", "url": "/media_attachments/a\0.png"}])
    assert convert_mastodon_archive(_outbox(tmp_path / "a", [note], png=True), tmp_path / "p.jsonl") == 1
    note = _note(101, "<p>a fox</p>")
    note["object"]["id"] = f"{BASE}/1\x000"
    with pytest.raises(ConfigError, match=r"orderedItems\[0\]\.object\.id"):
        convert_mastodon_archive(_outbox(tmp_path / "b", [note]), tmp_path / "q.jsonl")


def test_a_nul_byte_in_a_posts_image_is_a_clear_error(tmp_path):
    (tmp_path / "posts.jsonl").write_text(json.dumps({"id": "p1", "text": "x", "images": ["media/a\0.png"]}) + "\n")
    with pytest.raises(ConfigError, match=r"posts\.jsonl:1: images\[0\].*NUL byte"):
        load_posts(tmp_path / "posts.jsonl")
