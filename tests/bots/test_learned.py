"""The hard bot's learned value: Zealous's features, the shipped weights, and `ziggurat train`."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from ziggurat.bots.heuristics.base import softmax
from ziggurat.bots.learned import LinearValue, chances
from ziggurat.bots.train import play
from ziggurat.cli import main
from ziggurat.engine import get
from ziggurat.games.zealous import value
from ziggurat.games.zealous.heuristic import HEURISTIC, project
from ziggurat.games.zealous.state import ZealousState

GAME = get("zealous")


def positions(n: int, count: int, seed: int, length: str = "beginner", holy: int = 2) -> list[ZealousState]:
    """`count` positions from random play at `n` players (some mid-turn, some at a round's end)."""
    rng = random.Random(seed)
    options = GAME.options({"length": length, "holy_city_points": holy})
    st = GAME.new(n, options, seed)
    out: list[ZealousState] = []
    while len(out) < count:
        if GAME.result(st) is not None:
            st = GAME.new(n, options, rng.getrandbits(32))
        for s in GAME.each_to_act(st):
            legal = GAME.legal(st, s)
            GAME.apply(st, s, legal[rng.randrange(len(legal))])
        if rng.random() < 0.1:
            out.append(GAME.clone(st))
    return out


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_every_seat_gets_a_row_with_a_number_per_named_feature(n: int) -> None:
    for st in positions(n, 40, n):
        rows = value.features(st)
        assert len(rows) == n
        for row in rows:
            assert len(row) == len(value.names(n))
            assert all(math.isfinite(x) for x in row)


def test_the_shipped_weights_are_fitted_to_todays_features() -> None:
    doc = json.loads(HEURISTIC.learned.path.read_text())
    assert "4" in doc["players"]
    for n, entry in doc["players"].items():
        assert tuple(entry["features"]) == value.names(int(n))
        assert len(entry["weights"]) == len(entry["features"])
        assert entry["log_loss"] < entry["hand_set_log_loss"] < entry["uniform_log_loss"]


def test_chances_are_shared_out_by_seat_whoever_asks() -> None:
    rng = random.Random(1)
    w = tuple(rng.uniform(-1, 1) for _ in range(5))
    rows = [[rng.uniform(0, 3) for _ in range(5)] for _ in range(4)]
    p = chances(rows, w)
    assert sum(p) == pytest.approx(1.0)
    order = [2, 0, 3, 1]
    assert chances([rows[i] for i in order], w) == pytest.approx([p[i] for i in order])
    rows[1] = [x + 1 for x in rows[1]]  # more of everything the weights favour...
    better = chances(rows, (1.0,) * 5)
    assert better[1] == max(better)  # ... the likeliest winner


def test_the_judge_is_learned_where_weights_exist_and_hand_set_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = value.names(4)
    path = tmp_path / "value.json"
    w = [0.0] * len(names)
    w[names.index("score")] = 1.0
    path.write_text(json.dumps({"players": {"4": {"features": list(names), "weights": w}}}))
    monkeypatch.setattr(HEURISTIC, "learned", LinearValue(path))
    rng = random.Random(0)
    learned = [
        *positions(4, 5, 7),
        *positions(4, 5, 7, length="intermediate"),
        *positions(4, 5, 7, length="advanced"),
    ]
    for st in learned:  # the printed rules at any length
        rows = value.features(st)
        assert HEURISTIC.values(GAME, st, rng) == pytest.approx(softmax([r[1] for r in rows], 1.0))
    for st in [*positions(3, 5, 7), *positions(4, 5, 7, holy=3)]:  # no weights for 3, and a variant
        assert HEURISTIC.values(GAME, st, rng) == softmax(project(st), HEURISTIC.temperature(st))


@pytest.mark.parametrize("length", ["intermediate", "advanced"])
def test_the_weights_fitted_at_the_default_length_judge_the_other_lengths_better_too(length: str) -> None:
    """Why the weights serve every length: on games of normal bots at another length, they predict the
    winners better than the hand-set judge (the log-loss of each's chances at every round's end)."""
    w = HEURISTIC.learned.weights(4, value.names(4))
    assert w is not None
    samples = [s for i in range(30) for s in play("zealous", 4, 3, i, {"length": length})]
    assert len(samples) > 150

    def loss(chance: list[float], shares: list[float]) -> float:
        return -sum(y * math.log(max(p, 1e-12)) for p, y in zip(chance, shares, strict=True))

    ours = sum(loss(chances(rows, w), shares) for rows, shares, _ in samples) / len(samples)
    theirs = sum(loss(base, shares) for _, shares, base in samples) / len(samples)
    assert ours < theirs - 0.05


def test_weights_fitted_to_other_features_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "value.json"
    path.write_text(json.dumps({"players": {"4": {"features": ["score"], "weights": [1.0]}}}))
    with pytest.raises(ValueError, match="other features"):
        LinearValue(path).weights(4, value.names(4))
    assert LinearValue(path).weights(5, value.names(5)) is None
    assert LinearValue(tmp_path / "none.json").weights(4, value.names(4)) is None


def test_train_gives_the_same_weights_from_the_same_seed_with_any_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outs = []
    for i, workers in enumerate((1, 2, 1)):
        out = tmp_path / f"v{i}.json"
        seed = "5" if i < 2 else "6"
        args = ["train", "zealous", "--players", "3", "--games", "20", "--seed", seed]
        assert main([*args, "--workers", str(workers), "--out", str(out)]) == 0
        outs.append(json.loads(out.read_text()))
    assert "3 players:" in capsys.readouterr().out
    entry = outs[0]["players"]["3"]
    assert entry["features"] == list(value.names(3))
    assert entry["games"] == 20 and entry["seed"] == 5 and entry["samples"] > 20
    assert outs[0] == outs[1]  # one process or two: the same games, the same fit
    assert outs[2]["players"]["3"]["weights"] != entry["weights"]  # another seed: other games


def test_train_adds_a_player_count_and_keeps_the_others(tmp_path: Path) -> None:
    out = tmp_path / "value.json"
    out.write_text(json.dumps({"players": {"4": {"features": ["x"], "weights": [1.0]}}}))
    args = ["train", "zealous", "--players", "3", "--games", "10", "--workers", "1"]
    assert main([*args, "--out", str(out)]) == 0
    assert list(json.loads(out.read_text())["players"]) == ["3", "4"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["zenith"], "no learned value"),
        (["zealous", "--players", "9"], "3 to 6 players"),
        (["zealous", "--games", "3"], "at least 10"),
        (["nope"], "Unknown game"),
    ],
)
def test_train_refuses_what_it_cannot_fit(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["train", *args]) == 2
    assert says in capsys.readouterr().err
