"""The agent's own unit tests (plain pytest, no evaluation)."""

from agent.poster_agent import write


def _task(**kw):
    task = {"brief": "A poster for a jazz night. No people, please.", "constraints": None, "outputs": [], "tags": {"visual_style": ["vector_flat"]}}
    task.update(kw)
    return task


def test_negations_become_a_negative_prompt():
    (prompt,) = write(_task())
    assert prompt.endswith("Negative prompt: people")
    assert "No people" not in prompt


def test_constraints_and_style_are_restated():
    (prompt,) = write(_task(constraints={"text": ['Headline reads "BLUE NOTE"'], "quantity": []}))
    assert 'Headline reads "BLUE NOTE"' in prompt and "flat vector illustration" in prompt


def test_one_prompt_per_output():
    prompts = write(_task(outputs=["the band arrives", "the band plays"]))
    assert [p.split("Image ")[1][:1] for p in prompts] == ["1", "2"]
