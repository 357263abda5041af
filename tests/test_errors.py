"""changpai.errors: the typed error hierarchy (DESIGN.md, Conventions)."""

from __future__ import annotations

import pytest

import changpai
from changpai import errors


@pytest.mark.parametrize(
    "cls", [errors.NotationError, errors.IllegalActionError, errors.RulesError]
)
def test_every_error_is_a_changpai_error_and_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, errors.ChangpaiError)
    assert issubclass(cls, ValueError)
    assert getattr(changpai, cls.__name__) is cls


def test_messages_name_the_input_and_the_reason() -> None:
    from changpai import zipai

    with pytest.raises(errors.NotationError) as caught:
        zipai.parse("x1 x11")
    assert "'x11'" in str(caught.value) and "expected" in str(caught.value)
