"""The JSON lobby: games, tables, seats. Every change goes through the table's actor."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Query, Request, Response, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ziggurat.engine import Json, Match, registry
from ziggurat.server.accounts.tokens import hash_token, new_token
from ziggurat.server.errors import Refused, conflict
from ziggurat.server.hall import Hall
from ziggurat.server.http import replay_schemas, schemas
from ziggurat.server.http.accounts import SignedIn, signed_in
from ziggurat.server.http.guard import client_address
from ziggurat.server.table.histories import Histories
from ziggurat.server.table.replays import finished, whole_number
from ziggurat.server.table.views import summary
from ziggurat.store.records import Status

T = TypeVar("T")
# Every refusal has the same shape, `{code, message}`; these are the statuses the lobby answers with.
_REFUSALS = {
    400: "a refusal by the rules or the table (bad options, not your seat...)",
    401: "no seat token was sent, and nobody is signed in",
    403: "the token (or account) holds no seat here, or not the one needed; a change without its CSRF token",
    404: "no such table",
    409: "the table is not in the state this needs (started, full, over, moved on)",
    413: "the request body is too large",
    422: "the request is malformed (not JSON, a field missing or of the wrong type)",
    429: "too many requests from this address, or too many open tables",
}
router = APIRouter(
    prefix="/api",
    responses=schemas.refusals(_REFUSALS),
)
bearer = HTTPBearer(auto_error=False, description="the seat token from create or join")


# Dependencies are coroutines: FastAPI runs plain functions in a thread pool, a round trip per request.
async def hall(request: Request) -> Hall:
    h: Hall = request.app.state.hall
    return h


async def token_hash(
    table_id: str, request: Request, cred: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
) -> str:
    """Who asks, for a seat at this table: the hash of the seat token sent, or, signed in without one,
    the secret of the account's seat there (its token's hash; at a rematch, the hash it is held by)."""
    if cred is not None and cred.credentials:
        return hash_token(cred.credentials)
    me = await signed_in(request)
    if me is None:
        raise Refused("no-token", "Send your seat token as 'Authorization: Bearer <token>', or sign in.", 401)
    h: Hall = request.app.state.hall
    found = await h.store.accounts.seat_secret(table_id, me.account.id) if len(table_id) <= 32 else None
    return (found[0] or found[1] or NO_SEAT) if found else NO_SEAT


NO_SEAT = "-"  # (matches no seat's hash: the table refuses as it does a stranger's token)
HallDep = Annotated[Hall, Depends(hall)]
TokenDep = Annotated[str, Depends(token_hash)]
MeDep = Annotated[SignedIn | None, Depends(signed_in)]


@router.get("/games", response_model=list[schemas.GameInfo])
async def games() -> list[Json]:
    return [
        {**{f: getattr(g.info, f) for f in schemas.SHOWN_INFO}, "options": g.options_spec()}
        for g in registry.all_games()
    ]


@router.post("/tables", response_model=schemas.Seated, status_code=status.HTTP_201_CREATED)
async def create_table(body: schemas.CreateTable, h: HallDep, request: Request, me: MeDep) -> Json:
    """Create a table and sit at seat 0 as its host. One address may have only a few open at once.
    Signed in, the seat is the account's, under its username."""
    name, account = (me.account.username, me.account.id) if me else (body.name, None)
    table, token = await h.create(
        body.game,
        body.options,
        body.seats,
        name,
        client_address(request.scope),
        body.clock,
        account,
        body.rated,
    )
    return {"table": table.summary(), "seat": 0, "token": token}


@router.get("/tables", response_model=list[schemas.TableInfo])
async def list_tables(
    h: HallDep, me: MeDep, status: Status | None = None, limit: int = 100, friends: bool = False
) -> list[Json]:
    """Newest first; `status` is open, running or finished. `friends=true`: only the tables where the
    signed-in player's friends sit (none when signed out)."""
    limit = max(1, min(limit, 500))
    if friends:
        return (
            []
            if me is None
            else await h.summaries(await h.store.friends.tables(me.account.id, status, limit))
        )
    return await h.listing(status, limit)


@router.get("/tables/{table_id}", response_model=schemas.TableInfo)
async def get_table(table_id: str, h: HallDep) -> Json:
    return await h.summary(table_id)


@router.post("/tables/{table_id}/join", response_model=schemas.Seated)
async def join(table_id: str, body: schemas.Join, h: HallDep, me: MeDep) -> Json:
    """Take an empty seat: a name in, a secret seat token out. Signed in, the seat is the account's
    (one per table), under its username."""
    token, th = new_token()
    name, account = (me.account.username, me.account.id) if me else (body.name, None)
    seat, table = await h.command(table_id, "join", name=name, token_hash=th, seat=body.seat, account=account)
    return {"table": table, "seat": seat, "token": token}


@router.post("/tables/{table_id}/leave", response_model=schemas.TableInfo)
async def leave(table_id: str, h: HallDep, th: TokenDep) -> Json:
    """Before the start the seat empties; during the game the player is marked as gone (the host may kick)."""
    return (await h.command(table_id, "leave", token_hash=th))[1]


def _bot_seat(op: str, doc: str) -> Callable[..., Awaitable[Json]]:
    """The endpoint of a host's command that seats a bot of the chosen level: in an empty seat before
    the start (fill), in a player's who left (kick). The same inputs, the table's summary after it."""

    async def endpoint(table_id: str, seat: int, body: schemas.BotChoice, h: HallDep, th: TokenDep) -> Json:
        return (await h.command(table_id, op, token_hash=th, seat=seat, level=body.level))[1]

    endpoint.__doc__ = doc
    return endpoint


fill_with_bot = router.put(
    "/tables/{table_id}/seats/{seat}/bot", response_model=schemas.TableInfo, name="fill_with_bot"
)(_bot_seat("fill", "Host, before the start: a bot of the chosen level takes this empty seat."))


@router.delete("/tables/{table_id}/seats/{seat}", response_model=schemas.TableInfo)
async def remove_seat(table_id: str, seat: int, h: HallDep, th: TokenDep) -> Json:
    """Host, before the start: remove an empty or bot seat (the game then has one player fewer)."""
    return (await h.command(table_id, "remove", token_hash=th, seat=seat))[1]


@router.post("/tables/{table_id}/start", response_model=schemas.TableInfo)
async def start(table_id: str, h: HallDep, th: TokenDep) -> Json:
    """Host: start the game. Who sits in which seat is shuffled."""
    return (await h.command(table_id, "start", token_hash=th))[1]


kick = router.post("/tables/{table_id}/seats/{seat}/kick", response_model=schemas.TableInfo, name="kick")(
    _bot_seat(
        "kick", "Host: kick a player who has left; a bot takes the seat over as it stands (it can still win)."
    )
)


@router.post("/tables/{table_id}/kick-host", response_model=schemas.TableInfo)
async def kick_host(table_id: str, body: schemas.BotChoice, h: HallDep, th: TokenDep) -> Json:
    """Any other player, when the game has waited on an idle host long enough; the host role passes on."""
    return (await h.command(table_id, "kick_host", token_hash=th, level=body.level))[1]


@router.post("/tables/{table_id}/rematch", response_model=schemas.Seated)
async def rematch(table_id: str, h: HallDep, th: TokenDep, request: Request) -> Json:
    """A player of this finished table: "Play again". The first to ask creates the rematch (same game,
    options and seats, everyone one seat on) and hosts it; asking once it exists accepts your seat."""
    token, new_hash = new_token()
    seat, table = await h.rematch(table_id, th, new_hash, client_address(request.scope))
    return {"table": table, "seat": seat, "token": token}


@router.post("/tables/{table_id}/rematch/accept", response_model=schemas.Seated)
async def accept_rematch(table_id: str, h: HallDep, th: TokenDep) -> Json:
    """At a rematch, with your token of the last game: take the seat held for you (a new token)."""
    token, new_hash = new_token()
    seat, table = await h.command(table_id, "accept", token_hash=th, seat_hash=new_hash)
    return {"table": table, "seat": seat, "token": token}


@router.post("/tables/{table_id}/rematch/decline", response_model=schemas.TableInfo)
async def decline_rematch(table_id: str, h: HallDep, th: TokenDep) -> Json:
    """At a rematch, with your token of the last game: no thanks. Your seat is an empty seat again."""
    return (await h.command(table_id, "decline", token_hash=th))[1]


async def history_ask(request: Request) -> str:
    """The asker's address, once it may ask for another finished game's history (else 429)."""
    address = client_address(request.scope)
    histories_of(request).ask(address)
    return address


def histories_of(request: Request) -> Histories:
    found: Histories = request.app.state.histories
    return found


AskDep = Annotated[str, Depends(history_ask)]


@router.get("/tables/{table_id}/match", responses={409: {"model": schemas.Error}})
async def match_log(table_id: str, h: HallDep, _: AskDep) -> Json:
    """A finished game's match log (`ziggurat-match/1`): `ziggurat replay` replays it exactly."""
    rec = await h.store.get_table(table_id)
    if rec is None:
        raise Refused("no-such-table", "There is no such table.", 404)
    if rec.status != "finished":
        raise conflict("not-finished", "The match log is published when the game is over.")
    actions = await h.store.actions(table_id)
    names = [s.name for s in rec.seats]
    return Match(rec.game, rec.players, rec.options, rec.seed, names, actions=actions).to_json()


@router.get("/tables/{table_id}/log", response_model=schemas.PublicLog)
async def public_log(table_id: str, h: HallDep, request: Request, address: AskDep) -> Any:
    """What happened, as a spectator sees it (events without secrets, and sentences). A finished
    game's is replayed once and kept."""
    live = h.tables.get(table_id)
    if live is not None and live.rec.status != "finished":
        return await h.public_log(table_id)
    rec = await h.store.get_table(table_id) if len(table_id) <= 32 else None
    if rec is None or rec.status != "finished":
        return await h.public_log(table_id)  # (it says there is no such table, or it is open)
    table = live.summary() if live is not None else summary(rec, rec.version, set())
    body = await histories_of(request).public_log(rec, table, partial(h.store.actions, table_id), address)
    return Response(body, media_type="application/json")


@router.get("/tables/{table_id}/replay", response_model=replay_schemas.ReplayPage)
async def replay_page(
    table_id: str,
    h: HallDep,
    request: Request,
    address: AskDep,
    from_: Annotated[
        str | None, Query(alias="from", description="the first version shown (0: the set-up)")
    ] = None,
    count: Annotated[str | None, Query(description="versions in the page, 1 to 50 (default 20)")] = None,
    seat: Annotated[str | None, Query(description="follow this seat's view (default: everything)")] = None,
    log: Annotated[str | None, Query(description="1: the whole log in words as well")] = None,
) -> Any:
    """A finished game, a page of versions at a time: the view after each (everything shown, or what
    `seat` saw), its log entry in words and who was asked. Computed from the nearest checkpoint of the
    game's replay (replayed once, cached), never the whole game per request."""
    first = whole_number(from_, 0, "bad-version", "from")
    size = whole_number(count, 20, "bad-count", "count")
    following = None if not seat else whole_number(seat, 0, "bad-seat", "seat")
    rec = finished(await h.store.get_table(table_id) if len(table_id) <= 32 else None)
    actions = partial(h.store.actions, table_id)
    with_log = log in ("1", "true")
    page = await histories_of(request).replay_page(rec, actions, address, first, size, following, with_log)
    return Response(page, media_type="application/json")
