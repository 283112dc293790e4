"""A designer's variant from the lobby: the rule changes are folded away under "Variant rules", sent
only when changed, stored with the table, and named at the table for everyone."""

from __future__ import annotations

from typing import Any

from playwright.async_api import expect

from .conftest import Pages


async def test_a_table_with_variant_rules_from_the_lobby(pages: Pages) -> None:
    ada = await pages.new()
    await ada.fill("#player-name", "Ada")
    await ada.locator('[data-game="zealous"] button').click()
    await ada.select_option("#opt-seats", "4")
    box = ada.locator("details.variants")
    await expect(ada.locator("#opt-head_start")).to_be_hidden()  # folded away until asked for
    await box.locator("summary").click()
    await ada.fill("#opt-head_start", "2")
    await ada.select_option("#opt-birth_order", "reversed")
    await ada.fill('[name="cards.stone"]', "1")
    await expect(ada.locator('[name="cards.vision"]')).to_have_value("3")  # printed counts to start from
    await ada.get_by_role("button", name="Create table").click()
    await ada.wait_for_selector("#waiting-room h2")
    subtitle = ada.locator(".subtitle")
    await expect(subtitle).to_contain_text("Variant: head start 2, birth order reversed, stone \u00d71")
    await expect(subtitle).not_to_contain_text("holy city")  # unchanged rules are not mentioned
    table_id = ada.url.split("#/table/")[1]
    info: dict[str, Any] = await ada.evaluate(f"fetch('/api/tables/{table_id}').then(r => r.json())")
    assert info["options"]["head_start"] == 2 and info["options"]["cards"] == {"stone": 1}
    assert info["options"]["holy_city_points"] == 2 and info["options"]["birth_order"] == "reversed"


async def test_a_bad_variant_value_is_refused_with_the_servers_reason(pages: Pages) -> None:
    ada = await pages.new()
    await ada.fill("#player-name", "Ada")
    await ada.locator('[data-game="zealous"] button').click()
    await ada.locator("details.variants summary").click()
    # The field's own max is 60; typed past it, the server still has the last word.
    await ada.evaluate("document.querySelector('#opt-followers').removeAttribute('max')")
    await ada.fill("#opt-followers", "99")
    await ada.get_by_role("button", name="Create table").click()
    await expect(ada.locator(".toast")).to_contain_text("followers must be from 1 to 60")
    await expect(ada.locator("#waiting-room h2")).to_have_count(0)
