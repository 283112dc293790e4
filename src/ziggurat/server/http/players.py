"""Players in the lobby API: a game's leaderboard and a player's profile (ratings over time, recent
games, win share by game)."""

from __future__ import annotations

from collections import defaultdict
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from ziggurat.engine import Json, registry
from ziggurat.server.accounts import usernames
from ziggurat.server.errors import Refused
from ziggurat.server.hall import Hall
from ziggurat.server.http import schemas
from ziggurat.server.table import ratings
from ziggurat.store import AccountRecord

router = APIRouter(
    prefix="/api",
    tags=["players"],
    responses=schemas.refusals({400: "no such game", 404: "no such player"}),
)


class Standing(BaseModel):
    place: int = Field(description="on the game's leaderboard")
    username: str
    game: str
    rating: int = Field(description="as shown: 1000 + 40 (mu - 3 sigma), openskill's Plackett-Luce")
    mu: float
    sigma: float
    games: int
    wins: int


class Point(BaseModel):
    at: float
    rating: int
    table: str = Field(description="the rated game that led here (its replay: /api/tables/{id}/replay)")
    rank: int


class Recent(BaseModel):
    table: str
    game: str
    finished_at: float | None
    rated: bool
    seat: int
    players: int
    rank: int | None
    won: bool


class Share(BaseModel):
    games: int
    wins: float = Field(description="shared victories count 1/k to each of their k winners")
    share: float


class Profile(BaseModel):
    username: str
    since: float
    ratings: list[Standing]
    history: dict[str, list[Point]] = Field(description="per game, the rating after each rated game")
    recent: list[Recent] = Field(description="the last finished games, newest first (rated or friendly)")
    win_share: dict[str, Share]


@router.get("/ratings/{game}", response_model=list[Standing])
async def leaderboard(
    game: str, request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> list[Json]:
    """The game's rated players, best first."""
    gid = registry.get(game).info.id  # (an unknown game: 400 unknown-game)
    hall: Hall = request.app.state.hall
    rows = await hall.store.ratings.standings(game=gid, limit=limit)
    return [_standing(i + 1, r) for i, r in enumerate(rows)]


@router.get("/players/{username}", response_model=Profile)
async def profile(username: str, request: Request) -> Json:
    hall: Hall = request.app.state.hall
    account = await named(hall, username)
    store = hall.store.ratings
    history: dict[str, list[Json]] = defaultdict(list)
    for game, table, at, mu, sigma, place in await store.history(account.id):
        history[game].append({"at": at, "rating": ratings.display(mu, sigma), "table": table, "rank": place})
    finished = await store.finished(account.id)
    shares: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    recent: list[Json] = []
    for g in finished:
        result: dict[str, Any] = g["result"] or {}
        winners, ranks = result.get("winners", []), result.get("ranks", [])
        won = g["seat"] in winners
        shares[g["game"]][0] += 1
        shares[g["game"]][1] += 1 / len(winners) if won else 0.0
        if len(recent) < 20:
            rank = ranks[g["seat"]] if g["seat"] < len(ranks) else None
            seen = {k: g[k] for k in ("game", "finished_at", "seat", "players")}
            recent.append({**seen, "table": g["id"], "rated": bool(g["rated"]), "rank": rank, "won": won})
    return {
        "username": account.username,
        "since": account.created_at,
        "ratings": [
            _standing(await store.place(r.game, r.mu, r.sigma), r)
            for r in await store.standings(account=account.id)
        ],
        "history": history,
        "recent": recent,
        "win_share": {g: {"games": n, "wins": w, "share": w / n} for g, (n, w) in shares.items()},
    }


async def named(hall: Hall, username: str) -> AccountRecord:
    """The account of this username (any case, any look-alike), or a `no-such-player` refusal."""
    name = usernames.lookup(username)
    account = await hall.store.accounts.by_name(*name) if name is not None else None
    if account is None:
        raise Refused("no-such-player", "There is no player of that name.", 404)
    return account


def _standing(place: int, r: Any) -> Json:
    return {"place": place, "username": r.username, "rating": ratings.display(r.mu, r.sigma), "mu": r.mu,
            "sigma": r.sigma, "games": r.games, "wins": r.wins, "game": r.game}  # fmt: skip
