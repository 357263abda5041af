"""A game server in miniature: tables of three families behind one loop, clients that see only
their own view (as JSON), a bad request refused without harm, and a restart from saved documents.

Every family has the same public face (docs/core-concepts.md), so nothing below names a family
but the table list. The "clients" are random bots that read nothing but the JSON they are sent
(they take a win when it is offered, yet seldom reach one: most hands end without a winner).

Run: python examples/table_server.py
"""

from __future__ import annotations

import json
import random
from typing import Any

import changpai
from changpai.errors import ChangpaiError

TABLES = {"table 1": ("跑胡子", 7), "table 2": ("犢子胡", 8), "table 3": ("大貳", 9)}


def client_choice(view_json: str, rng: random.Random) -> str:
    """What a client sends back: one of the actions its view offers, as JSON (a client knows
    only its view: its hand, the table, the card on offer, its legal actions) — a win when it
    is offered ("win" is the kind's name in every family that has one), else any."""
    offered = json.loads(view_json)["legal_actions"]
    wins = [action for action in offered if action["kind"] == "win"]
    return json.dumps(wins[0] if wins else rng.choice(offered), ensure_ascii=False)


def handle(game: Any, request: str) -> str:
    """The server's answer to one request: the action applied, or why it was refused (an
    illegal or malformed request leaves the game as it was)."""
    try:
        # (every family's Game knows its Action class; from_dict checks the fields)
        action = type(game).action_class.from_dict(json.loads(request))
        game.apply(action)
    except (ChangpaiError, ValueError) as error:  # (ValueError: the text is no JSON)
        return f"refused: {error}"
    return f"ok: {action}"


def play_some(tables: dict[str, Any], rng: random.Random, steps: int) -> None:
    """Serve ``steps`` requests at every table still playing."""
    for game in tables.values():
        for _ in range(steps):
            if game.is_over:
                break
            seat = game.to_act[0]
            handle(game, client_choice(json.dumps(game.view(seat).to_dict()), rng))


def main() -> None:
    rng = random.Random(0)
    tables = {name: changpai.variant(v).game(seed=seed) for name, (v, seed) in TABLES.items()}

    # A client of table 1 sends an action of another seat, then garbage: both are refused.
    game = tables["table 1"]
    before = game.copy()
    other = next(s for s in game.seats if s not in game.to_act)
    print("table 1, wrong seat ->", handle(game, json.dumps({"seat": other, "kind": "pass"})))
    print("table 1, garbage    ->", handle(game, '{"seat": 0, "kind": "fly"}'))
    assert game == before  # nothing changed

    play_some(tables, rng, steps=20)

    # The server restarts: every table is saved as a document and loaded back, equal.
    saved = {name: game.to_json() for name, game in tables.items()}
    tables = {name: changpai.game_from_json(text) for name, text in saved.items()}
    print("restored", len(tables), "tables, sizes:", {n: len(t) for n, t in saved.items()})

    while not all(game.is_over for game in tables.values()):
        play_some(tables, rng, steps=50)
    for name, game in tables.items():
        result = game.result
        payments = [(p.payer, p.payee, p.amount) for p in result.payments]
        print(f"{name}: {changpai.variant(TABLES[name][0]).title}: {result.headline} {payments}")


if __name__ == "__main__":
    main()
