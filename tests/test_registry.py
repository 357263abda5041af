"""The variant registry of changpai/__init__.py: ids, pinyin and hanzi aliases."""

from __future__ import annotations

import pytest

import changpai
from changpai import zipai
from changpai.errors import RulesError


@pytest.mark.parametrize(
    "name", ["hunan", "paohuzi", "跑胡子", "Hunan", "PAOHUZI", "跑鬍子", "zipai"]
)
def test_aliases_find_the_same_variant(name: str) -> None:
    assert changpai.variant(name) is changpai.variant("hunan")
    assert changpai.variant(name).rules is zipai.HUNAN


def test_liuhudao_by_hanzi_and_digits() -> None:
    assert changpai.variant("六胡倒") is changpai.variant("6胡倒") is changpai.variant("liuhudao")
    assert changpai.variant("liuhudao").rules.players == 4


def test_unknown_variant_lists_known_names() -> None:
    with pytest.raises(RulesError) as caught:
        changpai.variant("bridge")
    message = str(caught.value)
    assert "'bridge'" in message and "hunan" in message and "跑胡子" in message


def test_variants_lists_every_registered_variant_once() -> None:
    found = changpai.variants()
    assert len({v.name for v in found}) == len(found)
    assert {"hunan", "liuhudao", "haha"} <= {v.name for v in found}
    for entry in found:
        assert changpai.variant(entry.name) is entry
        for alias in entry.aliases:
            assert changpai.variant(alias) is entry


def test_version_is_a_string() -> None:
    assert isinstance(changpai.__version__, str) and changpai.__version__.count(".") == 2
