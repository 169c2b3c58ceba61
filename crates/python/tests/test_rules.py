"""goishi.variants() and goishi.Rules: the registry and rules strings."""

import copy
import pickle

import pytest

import goishi


def test_variants_list_every_family_with_options():
    variants = goishi.variants()
    ids = [v["id"] for v in variants]
    assert ids == sorted(ids)
    assert len(set(ids)) == len(ids)
    assert {v["family"] for v in variants} == {"go", "contact", "capture"}
    for v in variants:
        assert v["id"].startswith(v["family"] + "/")
        assert len(v["default_size"]) == 2
        for o in v["options"]:
            assert set(o) >= {"name", "default", "values", "help"}
            # The default a variant lists is the value its rules have.
            assert goishi.Rules(v["id"]).get(o["name"]) == o["default"]


def test_rules_are_canonical_and_round_trip(variant):
    rules = goishi.Rules(variant)
    assert rules.variant == variant
    again = goishi.Rules(str(rules))
    assert again == rules
    assert hash(again) == hash(rules)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert copy.deepcopy(rules) == rules
    assert eval(repr(rules), {"goishi": goishi}) == rules


def test_aliases_and_overrides():
    rules = goishi.Rules("japanese:komi=0")
    assert rules.variant == "go/japanese"
    assert rules.get("komi") == "0"
    assert rules.options["komi"] == "0"
    assert rules.get("no-such-option") is None
    assert rules != goishi.Rules("japanese")
    # Naming the default value does not change the rules, nor the default board and size.
    assert goishi.Rules("japanese:komi=6.5") == goishi.Rules("japanese")
    plain = goishi.Rules("chinese")
    named = goishi.Rules("chinese:size=19,board=square")
    assert named == plain and hash(named) == hash(plain) and str(named) == "go/chinese"
    assert goishi.Game("chinese:size=19").rules == goishi.Game("chinese").rules
    assert goishi.Rules("chinese:size=13") != plain
    assert rules != "go/japanese:komi=0"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty rules string"),
        ("nope", 'unknown rules "nope"'),
        ("japanese:komi=nan", 'invalid komi "nan"'),
        ("japanese:komi=inf", 'invalid komi "inf"'),
        ("japanese:komi=0.3", 'invalid komi "0.3"'),
        ("japanese:frobnicate=1", 'unknown option "frobnicate"'),
        ("japanese:komi", "has no value"),
        ("chinese:board=cube", "cube"),
        ("contact/2b:contact=sideways", "sideways"),
    ],
)
def test_bad_rules_raise_rules_error_with_the_engines_sentence(text, words):
    with pytest.raises(goishi.RulesError) as e:
        goishi.Rules(text)
    assert words in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(goishi.RulesError):
        goishi.Game(text, size=9)


def test_rules_of_the_wrong_type_are_a_type_error():
    for bad in (None, 3, b"chinese", ["chinese"]):
        with pytest.raises(TypeError):
            goishi.Rules(bad)
        with pytest.raises(TypeError):
            goishi.Game(bad, size=9)
