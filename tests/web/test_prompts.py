"""A Faiths card's text is said once, not in its notation and then again in plain words."""

from __future__ import annotations

import re

from .conftest import Pages

# Words of a card's effect ("Add X", "Remove X"…): a line says each once.
EFFECT = re.compile(r"\b(Add|Remove|Replace|Move|Draw|Negate) X\b", re.IGNORECASE)


async def test_a_faiths_pair_says_its_card_text_once(pages: Pages) -> None:
    page = await pages.new()
    await page.wait_for_selector(".game-card")
    lines = await page.evaluate(
        """async () => {
          const m = await import('/static/js/games/faiths.js');
          const religions = ['islam', 'judaism', 'shinto'];
          const view = {
            religions, homelands: ['arabia', 'south_israel', 'japan'], chits: {arabia: [10, 0, 0]},
            round: 1, max_rounds: 3, turn: 0, phase: 'effect', prompt: 'Choose where the event acts',
            territories: [1, 1, 1], pcs: [10, 10, 10], hand_counts: [3, 3, 3], bars: [0, 0, 0],
            deck: 20, discard: ['colonization'], options: {}, growth: null, reaction: null,
            hand: ['spread', 'theology', 'crusade'], known: {deck_top: [], hands: [null, null, null]},
            pending: {event: 'colonization', magnitude: 'scriptures', x: 3, opponent: null, bonus: false,
                      left: 3, targets: ['arabia'], from: null, into: null, removed: []},
          };
          const c = {view, legal: ['add:arabia', 'done'], toAct: [0], names: ['Ada', 'Bo', 'Cy'], seat: 0,
                     ui: {}, log: [], fresh: [], result: null, version: 9, act: () => {}, rerender: () => {}};
          const out = m.default.render(c).board;
          // the line under the pair, and each card as a screen reader says it
          return [...out.querySelectorAll('.pair-line')].map((e) => e.textContent)
            .concat([...out.querySelectorAll('.card')].map((e) => e.getAttribute('aria-label')));
        }"""
    )
    assert any("Colonization" in line for line in lines), lines
    twice = [line for line in lines if len(EFFECT.findall(line)) > 1]
    assert not twice, twice
    assert not [line for line in lines if " ," in line], lines
