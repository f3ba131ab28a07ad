"""Training the built-in recognizer from annotated examples: parsing, errors, determinism, saved state, cold start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import orjson
import pytest

from intent import Intent, IntentConfig, IntentError
from intent.nlu import setup as nlu_setup
from intent.nlu.examples import parse_example
from intent.nlu.rasa import load_rasa_nlu
from intent.nlu.setup import load_or_train, save_state

SCHEMA = {"type": "object", "properties": {
    "artist": {"type": "string", "description": "The artist"},
    "city": {"type": "string", "description": "The city"},
    "dish": {"type": "string", "description": "What to cook"},
    "guests": {"type": "integer", "description": "How many guests"},
}}  # fmt: skip

EXAMPLES = {
    "music": [
        "play something by [Nina Simone](artist)", "put on [Miles Davis](artist)", "I want to hear [Adele](artist)",
        "play a song from [Queen](artist)", "some [Bob Marley](artist) please", "start the radio with [Blur](artist)",
        "let me listen to [Bach](artist)", "queue up [Radiohead](artist)", "play [Bjork](artist) loud",
    ],
    "weather": [
        "how cold is it in [Oslo](city)", "will it rain in [Lima](city) tomorrow", "forecast for [Cairo](city)",
        "is it sunny in [Rome](city)", "what's the temperature in [Tokyo](city)",
        "do I need an umbrella in [Bern](city)",
        "weather in [Quito](city) this weekend", "is it snowing in [Riga](city)", "how windy is [Perth](city) today",
    ],
    "cooking": [
        "how do I make [lasagna](dish) for [6](guests)", "recipe for [pad thai](dish)", "cook [risotto](dish) tonight",
        "I want to bake [bread](dish)", "show me how to prepare [paella](dish) for [4](guests) people",
        "what goes into [gumbo](dish)", "a quick [omelette](dish) recipe", "make [curry](dish) for [2](guests)",
        "teach me to cook [dumplings](dish)",
    ],
}


def _config(**extra: Any) -> IntentConfig:
    hints = {domain: {"examples": items} for domain, items in EXAMPLES.items()}
    return IntentConfig(schema=SCHEMA, domains=list(EXAMPLES), domain_hints=hints, **extra)


def _parse(config: IntentConfig, text: str) -> Any:
    async def run() -> Any:
        instance = Intent(config)
        try:
            return await instance.parse(text)
        finally:
            await instance.close()

    return anyio.run(run)


@pytest.mark.parametrize(
    ("annotated", "text", "slots"),
    [
        ("play [the beatles](artist) on [spotify](service)", "play the beatles on spotify",
         ((5, 16, "artist"), (20, 27, "service"))),
        ("fly to [NYC](city:New York)", "fly to NYC", ((7, 10, "city"),)),
        ('fly to [Berlin]{"entity": "city", "role": "to"}', "fly to Berlin", ((7, 13, "city"),)),
        ("no slots here", "no slots here", ()),
    ],
)
def test_annotations_are_read_as_rasa_and_snips_users_write_them(annotated: str, text: str, slots: Any) -> None:
    example = parse_example("d", annotated)
    assert (example.text, example.slots) == (text, slots)


@pytest.mark.parametrize(
    ("examples", "path"),
    [
        ({"music": ["play [x](colour)"]}, "/domain_hints/music/examples/0"),  # not a field of the Schema
        ({"music": ['play [x]{"role": "a"}']}, "/domain_hints/music/examples/0"),  # no entity
        ({"music": "play x"}, "/domain_hints/music/examples"),  # not a list
    ],
)
def test_bad_examples_are_config_errors(examples: dict[str, Any], path: str) -> None:
    with pytest.raises(IntentError) as caught:
        IntentConfig(schema=SCHEMA, domains=["music"], domain_hints={"music": {"examples": examples["music"]}})
    assert caught.value.code == "CONFIG_INVALID" and caught.value.path == path


def test_trained_recognizer_chooses_domains_and_fills_fields() -> None:
    config = _config()
    assert config.trained is not None
    result = _parse(config, "play something by Patti Smith")
    [intent] = result.effective.intents
    assert (intent.domain, intent.inputs) == ("music", {"artist": "Patti Smith"})
    result = _parse(config, "will it be sunny in Nairobi tomorrow?")
    assert [i.domain for i in result.effective.intents] == ["weather"]
    assert result.effective.intents[0].inputs.get("city") == "Nairobi"
    result = _parse(config, "how do I make gnocchi for 3")
    assert [i.domain for i in result.effective.intents] == ["cooking"]
    assert result.effective.intents[0].inputs == {"dish": "gnocchi", "guests": 3}


def test_the_model_task_never_carries_the_examples() -> None:
    task = Intent(_config()).prepare("play Blur")
    hints = task["input"]["domainHints"]
    assert set(hints) == set(EXAMPLES) and all("examples" not in hint for hint in hints.values())


def test_training_is_deterministic() -> None:
    first = load_or_train(EXAMPLES, list(EXAMPLES), list(SCHEMA["properties"]))
    second = load_or_train(EXAMPLES, list(EXAMPLES), list(SCHEMA["properties"]))
    assert orjson.dumps(first.to_dict()) == orjson.dumps(second.to_dict())


def test_saved_state_is_reused_only_for_the_same_examples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    state = tmp_path / "state.json"
    fields = list(SCHEMA["properties"])
    save_state(load_or_train(EXAMPLES, list(EXAMPLES), fields), state)
    calls: list[int] = []
    from intent.nlu import training

    real_train = training.train

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real_train(*args, **kwargs)

    monkeypatch.setattr(training, "train", counted)
    reused = load_or_train(EXAMPLES, list(EXAMPLES), fields, state)
    assert calls == [] and reused.domain("forecast for Lagos")[0] == "weather"
    changed = {**EXAMPLES, "music": [*EXAMPLES["music"], "play [Nirvana](artist)"]}
    load_or_train(changed, list(EXAMPLES), fields, state)
    assert calls == [1]
    state.write_text("not json")
    load_or_train(EXAMPLES, list(EXAMPLES), fields, state)  # a broken state is trained anew, not an error
    assert calls == [1, 1]


def test_without_the_extra_examples_are_a_config_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pycrfsuite", None)  # import fails as if not installed
    with pytest.raises(IntentError) as caught:
        _config()
    assert caught.value.code == "CONFIG_INVALID"
    assert "intent-mcp[nlu]" in caught.value.message
    assert nlu_setup.split_examples(None) == (None, {})


def test_an_instance_without_examples_never_imports_the_extra() -> None:
    code = (
        "import sys, anyio\n"
        "from intent import Intent, IntentConfig\n"
        "i = Intent(IntentConfig(domains=['music'], domain_hints={'music': {'verbs': ['play']}}))\n"
        "anyio.run(i.parse, 'play some jazz')\n"
        "print(sorted(m for m in ('sklearn', 'pycrfsuite', 'scipy', 'numpy') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]"


def test_rasa_nlu_file_loads_intents_and_examples(tmp_path: Path) -> None:
    pytest.importorskip("yaml")
    file = tmp_path / "nlu.yml"
    file.write_text('version: "3.1"\nnlu:\n- intent: music\n  examples: |\n    - play [Blur](artist)\n'
                    "    - put on some jazz\n- synonym: nyc\n  examples: |\n    - NYC\n"
                    "- intent: weather\n  examples: |\n    - rain in [Oslo](city)?\n")  # fmt: skip
    assert load_rasa_nlu(file) == {"music": ["play [Blur](artist)", "put on some jazz"],
                                   "weather": ["rain in [Oslo](city)?"]}  # fmt: skip
    (tmp_path / "bad.yml").write_text("nlu:\n- intent: music\n  examples: |\n    play x\n")
    with pytest.raises(IntentError) as caught:
        load_rasa_nlu(tmp_path / "bad.yml", where="/nlu/rasaFile")
    assert caught.value.code == "CONFIG_INVALID" and caught.value.path.startswith("/nlu/rasaFile")
