"""Accounts in the lobby API: sign up, sign in and out (here or everywhere), change the password,
claim a guest's seats, list the account's tables; and who is signed in, for the other routes.

Guests keep playing with seat tokens and never need any of this. A signed-in player's seats are
recorded with their account, so the cookie finds them from any device (`seat_credential` in api.py).
"""

from __future__ import annotations

import contextlib
import secrets
import time
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response, status
from pydantic import BaseModel, Field

from ziggurat.engine import Json
from ziggurat.server.accounts import passwords, usernames
from ziggurat.server.accounts.attempts import Attempts
from ziggurat.server.accounts.sessions import clear_cookie, cookie_secret, csrf_of, https, set_cookie
from ziggurat.server.accounts.tokens import hash_token, new_token
from ziggurat.server.config import Settings
from ziggurat.server.errors import Refused
from ziggurat.server.hall import Hall
from ziggurat.server.http import schemas
from ziggurat.server.http.guard import client_address
from ziggurat.store import AccountRecord

router = APIRouter(
    prefix="/api/account",
    tags=["account"],
    responses=schemas.refusals(
        {
            400: "a username or password that breaks the rules (the message says which)",
            401: "wrong username or password, or not signed in",
            403: "a signed-in request without its X-CSRF-Token header, or from another site",
            409: "the username (or one that looks the same) is taken",
            429: "too many sign-in attempts for this username or from this address",
        }
    ),
)


class Credentials(BaseModel):
    username: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class SignUp(Credentials):
    claim: list[Annotated[str, Field(max_length=128)]] = Field(
        default_factory=list,
        max_length=200,
        description="seat tokens this browser holds: their seats join the account",
    )


class NewPassword(BaseModel):
    current: str = Field(max_length=1000)
    new: str = Field(max_length=1000)


class Claim(BaseModel):
    tokens: list[Annotated[str, Field(max_length=128)]] = Field(max_length=200)


class AccountState(BaseModel):
    signed_in: bool
    username: str | None = None
    csrf: str | None = Field(None, description="send it as X-CSRF-Token with every signed-in change")
    claimed: int | None = Field(None, description="guest seats taken into the account (sign-up, claim)")


class MyTable(BaseModel):
    table: schemas.TableInfo
    seat: int


@dataclass
class SignedIn:
    account: AccountRecord
    secret: str  # the session cookie's

    def state(self, **more: Any) -> Json:
        return {"signed_in": True, "username": self.account.username, "csrf": csrf_of(self.secret), **more}


async def signed_in(request: Request) -> SignedIn | None:
    """The account this request's session cookie signs in, if any (looked up once per request)."""
    if hasattr(request.state, "signed_in"):
        found: SignedIn | None = request.state.signed_in
        return found
    secret = cookie_secret(request.scope)
    found = None
    if secret is not None:
        hall: Hall = request.app.state.hall
        account = await hall.store.accounts.session_account(hash_token(secret))
        found = None if account is None else SignedIn(account, secret)
    request.state.signed_in = found
    return found


async def must_sign_in(me: Annotated[SignedIn | None, Depends(signed_in)]) -> SignedIn:
    if me is None:
        raise Refused("signed-out", "Sign in first (your session may have ended).", 401)
    return me


MeDep = Annotated[SignedIn | None, Depends(signed_in)]
MustDep = Annotated[SignedIn, Depends(must_sign_in)]


def _parts(request: Request) -> tuple[Hall, Settings, passwords.Passwords, Attempts]:
    s = request.app.state
    return s.hall, s.settings, s.passwords, s.signin_limits


async def _open_session(request: Request, response: Response, account: AccountRecord) -> SignedIn:
    hall, settings, _, _ = _parts(request)
    secret, id_hash = new_token()
    ttl = settings.session_days * 86400
    await hall.store.accounts.open_session(account.id, id_hash, ttl)
    old = cookie_secret(request.scope)
    if old is not None:  # (a session this browser had: replaced)
        await hall.store.accounts.end_session(hash_token(old))
    set_cookie(response, secret, int(ttl), https(request.scope))
    return SignedIn(account, secret)


@router.get("", response_model=AccountState, response_model_exclude_none=True)
async def whoami(request: Request, response: Response, me: MeDep) -> Json:
    """Who this browser is signed in as, and the CSRF token its changes must carry."""
    if me is None:
        if cookie_secret(request.scope) is not None:  # ended or expired: forget it
            clear_cookie(response, https(request.scope))
        return {"signed_in": False}
    return me.state()


@router.post(
    "/signup",
    response_model=AccountState,
    response_model_exclude_none=True,
    status_code=status.HTTP_201_CREATED,
)
async def sign_up(body: SignUp, request: Request, response: Response) -> Json:
    """Make an account and sign in; the seats of the tokens in `claim` become the account's."""
    hall, _, pw, limits = _parts(request)
    address = client_address(request.scope)
    await limits.allow(address)
    shown, keys = usernames.check(body.username)
    passwords.check_new(body.password, shown)
    account = AccountRecord(secrets.token_urlsafe(12), shown, await pw.hash(body.password), time.time())
    if not await hall.store.accounts.create(account, keys):
        raise Refused("username-taken", "That username (or one that looks just like it) is taken.", 409)
    await limits.signed_in(address, account.id)
    me = await _open_session(request, response, account)
    return me.state(claimed=await _claim(hall, account, body.claim))


@router.post("/signin", response_model=AccountState, response_model_exclude_none=True)
async def sign_in(body: Credentials, request: Request, response: Response) -> Json:
    """The same refusal, after the same work, whether the username exists or the password is wrong."""
    hall, _, pw, limits = _parts(request)
    name = usernames.lookup(body.username)
    account = await hall.store.accounts.by_name(*name) if name is not None else None
    # Limited per account, whichever look-alike spelling names it; a name no account has, by its key (or
    # with every name no account can have) and then checked like any other
    address = client_address(request.scope)
    await limits.allow(address, _limited_as(account, name))
    if not await pw.verify(account.password_hash if account else None, body.password) or account is None:
        raise Refused("bad-credentials", "The username or the password is wrong.", 401)
    await limits.signed_in(address, account.id)
    if pw.outdated(account.password_hash):
        account.password_hash = await pw.hash(body.password)
        await hall.store.accounts.set_password(account.id, account.password_hash)
    return (await _open_session(request, response, account)).state()


@router.post("/signout", response_model=AccountState, response_model_exclude_none=True)
async def sign_out(request: Request, response: Response) -> Json:
    """End this browser's session."""
    hall, *_ = _parts(request)
    secret = cookie_secret(request.scope)
    if secret is not None:
        await hall.store.accounts.end_session(hash_token(secret))
    clear_cookie(response, https(request.scope))
    return {"signed_in": False}


@router.post("/signout-everywhere", response_model=AccountState, response_model_exclude_none=True)
async def sign_out_everywhere(request: Request, response: Response, me: MustDep) -> Json:
    """End every session of the account, on every device, this one included."""
    hall, *_ = _parts(request)
    await hall.store.accounts.end_sessions(me.account.id)
    await _rekey(hall, me.account)
    clear_cookie(response, https(request.scope))
    return {"signed_in": False}


@router.post("/password", response_model=AccountState, response_model_exclude_none=True)
async def change_password(body: NewPassword, request: Request, response: Response, me: MustDep) -> Json:
    """With the current password: a new one. Every other session ends; this browser gets a new one."""
    hall, _, pw, limits = _parts(request)
    await limits.allow(client_address(request.scope), me.account.id)
    if not await pw.verify(me.account.password_hash, body.current):
        raise Refused("bad-credentials", "The current password is wrong.", 401)
    passwords.check_new(body.new, me.account.username)
    me.account.password_hash = await pw.hash(body.new)
    await hall.store.accounts.set_password(me.account.id, me.account.password_hash)
    await hall.store.accounts.end_sessions(me.account.id)
    await _rekey(hall, me.account)
    return (await _open_session(request, response, me.account)).state()


@router.post("/claim", response_model=AccountState, response_model_exclude_none=True)
async def claim(body: Claim, request: Request, me: MustDep) -> Json:
    """Seats this browser holds as a guest (their tokens) become the account's."""
    hall, *_ = _parts(request)
    return {
        "signed_in": True,
        "username": me.account.username,
        "claimed": await _claim(hall, me.account, body.tokens),
    }


@router.get("/tables", response_model=list[MyTable])
async def my_tables(request: Request, me: MeDep) -> list[Json]:
    """The tables where the account sits: open and running first, then the finished, newest first."""
    if me is None:
        return []
    hall, *_ = _parts(request)
    seats = await hall.store.accounts.seats_of(me.account.id)
    found = {t["id"]: t for t in await hall.summaries([t for t, _ in seats])}
    return [{"table": found[t], "seat": s} for t, s in seats if t in found]


def _limited_as(account: AccountRecord | None, name: tuple[str, tuple[str, ...]] | None) -> str:
    if account is not None:
        return account.id
    return f"name:{name[1][0]}" if name is not None else "name:"


async def _rekey(hall: Hall, account: AccountRecord) -> None:
    """Every device loses the account's seats at open and running tables, not only its session: the
    seat tokens they hold stop working (the next session finds the seats again)."""
    for table_id, _ in await hall.store.accounts.seats_of(account.id, limit=None, unfinished=True):
        with contextlib.suppress(Refused):  # (the table went meanwhile)
            await hall.command(table_id, "rekey", account=account.id)


async def _claim(hall: Hall, account: AccountRecord, tokens: list[str]) -> int:
    held = await hall.store.accounts.tables_holding([hash_token(t) for t in tokens if t])
    claimed = 0
    for table_id, token_hash in held:
        try:
            took, _ = await hall.command(table_id, "claim", token_hash=token_hash, account=account.id)
        except Refused:  # (the table went meanwhile)
            continue
        claimed += bool(took)
    return claimed
