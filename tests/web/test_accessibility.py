"""Issue 17, "Everyone can play": axe-core (axe-playwright-python) finds no serious or critical violation
on the lobby and on a running table of each of the four games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Page

from .conftest import Pages
from .driver import MY_TURN_OR_OVER, create_table, fill_with_bots_and_start

SERIOUS = {"serious", "critical"}

TABLES = {
    "zealous": (3, {"length": "beginner"}),
    "faiths": (4, {"max_rounds": "2"}),
    "zombology": (3, {}),
    "zenith": (2, {"board": "fuji"}),
}


async def _serious(page: Page, name: str, output: Path) -> list[str]:
    """axe's serious and critical violations, one line each (rule, impact, where); all of them are
    written to output/axe-<name>.json for a person to read."""
    results = await Axe().run(page)
    violations: list[dict[str, Any]] = results.response["violations"]
    (output / f"axe-{name}.json").write_text(json.dumps(violations, indent=1))
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
        for v in violations
        if v["impact"] in SERIOUS
    ]


async def test_the_lobby_has_no_serious_violation(pages: Pages, output: Path) -> None:
    page = await pages.new()
    await page.wait_for_selector("[data-game] button")
    assert await _serious(page, "lobby", output) == []


@pytest.mark.parametrize("game", sorted(TABLES))
async def test_a_running_table_has_no_serious_violation(pages: Pages, output: Path, game: str) -> None:
    seats, options = TABLES[game]
    page = await pages.new()
    await create_table(page, game, seats, **options)
    await fill_with_bots_and_start(page)
    await page.wait_for_selector(MY_TURN_OR_OVER)
    assert await _serious(page, f"table-{game}", output) == []
