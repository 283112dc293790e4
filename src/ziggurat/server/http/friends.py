"""Friends in the lobby API: the account's friends list, invitations to a table by username, and (in
api.py) the lobby's filter for tables where friends sit."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from ziggurat.engine import Json
from ziggurat.server.errors import Refused, conflict, not_found
from ziggurat.server.http import schemas
from ziggurat.server.http.accounts import MustDep
from ziggurat.server.http.api import HallDep, token_hash
from ziggurat.server.http.players import named
from ziggurat.server.table import seating

router = APIRouter(
    prefix="/api",
    tags=["friends"],
    responses=schemas.refusals(
        {
            400: "yourself: you can't befriend or invite yourself",
            401: "not signed in",
            403: "no seat at this table (to invite to it)",
            404: "no such player or table",
            409: "the table is not open, or the player invited already sits there",
        }
    ),
)


class Friend(BaseModel):
    username: str
    since: float


class Invite(BaseModel):
    username: str = Field(max_length=200)


class Invited(BaseModel):
    invited: str = Field(description="the username invited, as they wrote it")


class Invitation(BaseModel):
    table: schemas.TableInfo
    by: str = Field(description="who invited you (their name at the table)")
    at: float


@router.get("/account/friends", response_model=list[Friend])
async def friends(h: HallDep, me: MustDep) -> list[Json]:
    return [{"username": n, "since": t} for n, t in await h.store.friends.of(me.account.id)]


@router.put("/account/friends/{username}", response_model=list[Friend])
async def befriend(username: str, h: HallDep, me: MustDep) -> list[Json]:
    """Add a player to your friends (one way: they are told nothing); the list after."""
    friend = await named(h, username)
    if friend.id == me.account.id:
        raise Refused("friend-self", "You are on your own side already.")
    await h.store.friends.add(me.account.id, friend.id)
    return await friends(h, me)


@router.delete("/account/friends/{username}", response_model=list[Friend])
async def unfriend(username: str, h: HallDep, me: MustDep) -> list[Json]:
    await h.store.friends.remove(me.account.id, (await named(h, username)).id)
    return await friends(h, me)


@router.post("/tables/{table_id}/invite", response_model=Invited)
async def invite(
    table_id: str, body: Invite, request: Request, h: HallDep, th: Annotated[str, Depends(token_hash)]
) -> Json:
    """A player of this open table invites someone by username: it shows in their lobby."""
    rec = await h.store.get_table(table_id) if len(table_id) <= 32 else None
    if rec is None:
        raise not_found()
    me = seating.player(rec, th)
    seating.must_be_open(rec)
    guest = await named(h, body.username)
    if me.account == guest.id:
        raise Refused("invite-self", "You are at this table already.")
    if any(s.account == guest.id for s in rec.seats):
        raise conflict("invitee-seated", f"{guest.username} already sits at this table.")
    await h.store.friends.invite(rec.id, guest.id, me.name)
    return {"invited": guest.username}


@router.get("/account/invitations", response_model=list[Invitation])
async def invitations(h: HallDep, me: MustDep) -> list[Json]:
    """Invitations to tables still open, newest first."""
    got = await h.store.friends.invitations(me.account.id)
    tables = {t["id"]: t for t in await h.summaries([t for t, _, _ in got])}
    return [{"table": tables[t], "by": by, "at": at} for t, by, at in got if t in tables]


@router.delete("/account/invitations/{table_id}", response_model=list[Invitation])
async def dismiss(table_id: str, h: HallDep, me: MustDep) -> list[Json]:
    await h.store.friends.dismiss(table_id, me.account.id)
    return await invitations(h, me)
