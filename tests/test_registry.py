"""The variant registry of changpai/__init__.py: ids, pinyin and hanzi aliases."""

from __future__ import annotations

import re
from pathlib import Path

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


@pytest.mark.parametrize("name", ["橋字牌", "棍棍", "八一字牌", "大字牌"])
def test_the_other_names_of_zipai_find_hunan(name: str) -> None:
    """zipai.md (the names above §1): the seeds' other names of 字牌 are aliases of ``hunan``;
    Z15: 大貳, a name the seeds give it too, is the Sichuan game here, said in the description
    (review h32)."""
    assert changpai.variant(name) is changpai.variant("hunan")
    assert changpai.variant("大貳").family == "daer"
    assert "大貳" in changpai.variant("hunan").description


def test_every_variant_is_found_by_its_title() -> None:
    """docs/index.md "every preset is a variant found by its English id, pinyin or hanzi
    name": the title ``changpai variants`` prints too (笃子胡（百搭） was unknown — review h34)."""
    for entry in changpai.variants():
        assert changpai.variant(entry.title) is entry


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
    assert isinstance(changpai.__version__, str) and changpai.__version__.count(".") in (2, 3)


def test_version_of_main_is_not_the_last_release() -> None:
    """A build of main, which holds [Unreleased] changes, says so: a development release after
    the last release of CHANGELOG.md (pip would keep the released wheel of the same version,
    and the two read different documents; Semantic Versioning §3)."""
    changelog = (Path(__file__).resolve().parents[1] / "CHANGELOG.md").read_text(encoding="utf-8")
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - ", changelog, flags=re.M)
    unreleased = "## [Unreleased]" in changelog
    version = changpai.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+)?", version), version
    if unreleased:
        assert version.endswith(".dev0") and version not in released, version
        last = tuple(int(x) for x in released[0].split("."))
        assert tuple(int(x) for x in version.split(".")[:3]) > last, (version, released[0])
    else:
        assert version == released[0]


@pytest.mark.parametrize("name", [None, 5, ["hunan"], b"hunan"])
def test_a_name_that_is_not_a_string_is_a_rules_error(name: object) -> None:
    """Issue 12: variant(None) raised a TypeError from unicodedata."""
    with pytest.raises(RulesError, match="is not a string"):
        changpai.variant(name)  # type: ignore[arg-type]


def test_clear_caches_empties_every_family() -> None:
    from changpai.core import caches

    zipai.random_game(seed=1)
    assert any(size for size, _ in caches.stats("zipai").values())
    changpai.clear_caches()
    assert all(size == 0 for size, _ in caches.stats().values())


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # chuanpai.md §4: 割胡 has no 叫牌 and the others only 扯 (碰) a turned card
        ("gehu", ("no 叫牌", "扯")),
        # daer.md §7 [EXT]: 自摸 paid double, no replacement draw (八塊), 過張
        ("luzhou", ("自摸 paid double", "八塊", "過張")),
        # zipai.md §9 (seed 004): one dealt 提 kept in hand, a 提 shown face down (Z6)
        ("haha", ("dealt 提", "face down")),
    ],
)
def test_a_preset_description_names_the_play_it_changes(name: str, words: tuple[str, ...]) -> None:
    """Review h49: a preset's description names every option by which its play differs from
    its family's defaults (the docs' preset tables say the same)."""
    description = changpai.variant(name).description
    assert all(word in description for word in words), description
