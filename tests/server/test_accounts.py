"""Accounts against the real server: sign up, sign in and out, sessions, CSRF, rate limits, usernames,
passwords, guest seats claimed, and seats that follow the account (lobby and websocket)."""

from __future__ import annotations

import random
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Literal

import httpx
import pytest
from argon2 import PasswordHasher

from ziggurat.server.accounts.passwords import Passwords

from .harness import Client, ThreadServer, bearer, fast_settings, http, play_until

PASSWORD = "correct horse battery"


def unique(prefix: str = "ana") -> str:
    return f"{prefix}{secrets.token_hex(3)}"


async def sign_up(api: httpx.AsyncClient, name: str, password: str = PASSWORD, **more: object) -> str:
    """Sign up (and so in) on this client; its CSRF token."""
    r = await api.post("/api/account/signup", json={"username": name, "password": password, **more})
    assert r.status_code == 201, r.text
    assert r.json()["signed_in"] and r.json()["username"] == name
    return str(r.json()["csrf"])


async def sign_in(api: httpx.AsyncClient, name: str, password: str = PASSWORD) -> httpx.Response:
    return await api.post("/api/account/signin", json={"username": name, "password": password})


def csrf(token: str) -> dict[str, str]:
    return {"X-CSRF-Token": token}


async def whoami(api: httpx.AsyncClient) -> dict[str, object]:
    r = await api.get("/api/account")
    assert r.status_code == 200
    out: dict[str, object] = r.json()
    return out


@pytest.fixture
async def other(server: ThreadServer) -> AsyncIterator[httpx.AsyncClient]:
    """A second browser (its own cookies)."""
    async with http(server.url) as client:
        yield client


# --- the cookie and the session ---------------------------------------------------------------------------
async def test_sign_up_sets_an_http_only_same_site_cookie_and_signs_in(api: httpx.AsyncClient) -> None:
    assert await whoami(api) == {"signed_in": False}
    name = unique()
    r = await api.post("/api/account/signup", json={"username": name, "password": PASSWORD})
    assert r.status_code == 201
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("ziggurat_session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain http here: a Secure cookie would never come back
    me = await whoami(api)
    assert me["signed_in"] and me["username"] == name and me["csrf"] == r.json()["csrf"]


async def test_the_cookie_is_secure_over_https(server: ThreadServer) -> None:
    # uvicorn trusts X-Forwarded-Proto from 127.0.0.1 (a proxy on this machine terminating TLS)
    async with http(server.url) as api:
        r = await api.post(
            "/api/account/signup",
            json={"username": unique(), "password": PASSWORD},
            headers={"X-Forwarded-Proto": "https"},
        )
    assert r.status_code == 201
    assert "Secure" in r.headers["set-cookie"]


async def test_the_store_never_holds_the_cookie_or_the_password(
    api: httpx.AsyncClient, server: ThreadServer
) -> None:
    name = unique()
    await sign_up(api, name)
    secret = api.cookies["ziggurat_session"]
    db = Path(server.settings.db_url.split("///", 1)[1])
    for path in (db, db.with_name(db.name + "-wal")):
        if path.exists():
            data = path.read_bytes()
            assert secret.encode() not in data
            assert PASSWORD.encode() not in data


async def test_a_session_that_ended_is_forgotten_by_the_browser(api: httpx.AsyncClient) -> None:
    await sign_up(api, unique())
    old = api.cookies["ziggurat_session"]
    token = (await whoami(api))["csrf"]
    r = await api.post("/api/account/signout", headers=csrf(str(token)))
    assert r.status_code == 200 and r.json() == {"signed_in": False}
    assert "ziggurat_session" not in api.cookies  # cleared
    api.cookies.set("ziggurat_session", old)  # replayed: the server has ended it
    r = await api.get("/api/account")
    assert r.json() == {"signed_in": False}
    assert 'ziggurat_session=""' in r.headers["set-cookie"]  # and tells the browser to drop it


async def test_sign_out_everywhere_ends_every_device(
    api: httpx.AsyncClient, other: httpx.AsyncClient
) -> None:
    name = unique()
    token = await sign_up(api, name)
    assert (await sign_in(other, name)).status_code == 200
    assert (await whoami(other))["signed_in"]
    r = await api.post("/api/account/signout-everywhere", headers=csrf(token))
    assert r.status_code == 200
    assert (await whoami(other)) == {"signed_in": False}
    assert (await whoami(api)) == {"signed_in": False}


async def test_sign_out_everywhere_needs_a_session(api: httpx.AsyncClient) -> None:
    r = await api.post("/api/account/signout-everywhere")
    assert r.status_code == 401 and r.json()["code"] == "signed-out"


async def test_change_password(
    api: httpx.AsyncClient, other: httpx.AsyncClient, server: ThreadServer
) -> None:
    name, new = unique(), "a much better passphrase"
    token = await sign_up(api, name)
    assert (await sign_in(other, name)).status_code == 200
    r = await api.post(
        "/api/account/password", json={"current": "not it at all", "new": new}, headers=csrf(token)
    )
    assert r.status_code == 401 and r.json()["code"] == "bad-credentials"
    r = await api.post(
        "/api/account/password", json={"current": PASSWORD, "new": "short"}, headers=csrf(token)
    )
    assert r.status_code == 400 and r.json()["code"] == "weak-password"
    r = await api.post("/api/account/password", json={"current": PASSWORD, "new": new}, headers=csrf(token))
    assert r.status_code == 200 and r.json()["signed_in"]
    assert r.json()["csrf"] != token  # a new session here...
    assert (await whoami(api))["signed_in"]
    assert (await whoami(other)) == {"signed_in": False}  # ...and every other one ended
    async with http(server.url) as third:
        assert (await sign_in(third, name)).status_code == 401
        assert (await sign_in(third, name, new)).status_code == 200


# --- CSRF and other sites ---------------------------------------------------------------------------------
async def test_signed_in_changes_need_the_csrf_token_and_change_nothing_without_it(
    api: httpx.AsyncClient,
) -> None:
    token = await sign_up(api, unique())
    mine = len((await api.get("/api/account/tables")).json())
    body = {"game": "zenith", "seats": 2, "name": "x"}
    for headers in ({}, csrf("0" * 64), csrf(token[:-1])):
        r = await api.post("/api/tables", json=body, headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "csrf"
    r = await api.post("/api/account/signout-everywhere")
    assert r.status_code == 403 and r.json()["code"] == "csrf"
    assert (await whoami(api))["signed_in"]
    assert len((await api.get("/api/account/tables")).json()) == mine
    r = await api.post("/api/tables", json=body, headers=csrf(token))
    assert r.status_code == 201 and r.json()["table"]["seats"][0]["signed_in"]


async def test_requests_from_another_site_are_refused(api: httpx.AsyncClient, server: ThreadServer) -> None:
    token = await sign_up(api, unique())
    evil = {"Origin": "http://evil.example", **csrf(token)}
    r = await api.post("/api/account/signout", headers=evil)
    assert r.status_code == 403 and r.json()["code"] == "cross-origin"
    assert (await whoami(api))["signed_in"]
    r = await api.post("/api/account/signout", headers={"Origin": "null", **csrf(token)})
    assert r.status_code == 403
    # a guest's too (no cookie), and a sign-in (another site must not sign a browser in to its account)
    async with http(server.url) as guest:
        body = {"game": "zenith", "seats": 2, "name": "x"}
        assert (
            await guest.post("/api/tables", json=body, headers={"Origin": "http://evil.example"})
        ).status_code == 403
        r = await guest.post(
            "/api/account/signin",
            json={"username": "x", "password": "y"},
            headers={"Origin": "http://evil.example"},
        )
        assert r.status_code == 403 and "ziggurat_session" not in guest.cookies
        same = {"Origin": server.url.rstrip("/")}  # this site's own pages are welcome
        assert (await guest.post("/api/tables", json=body, headers=same)).status_code == 201


async def test_guests_need_no_csrf_token(api: httpx.AsyncClient) -> None:
    r = await api.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "guest"})
    assert r.status_code == 201 and not r.json()["table"]["seats"][0]["signed_in"]
    tid, token = r.json()["table"]["id"], r.json()["token"]
    r = await api.put(f"/api/tables/{tid}/seats/1/bot", json={"level": "random"}, headers=bearer(token))
    assert r.status_code == 200


# --- sign in: the same answer whoever asks, and limited -------------------------------------------------
async def test_a_wrong_password_and_an_unknown_username_get_the_same_answer(
    api: httpx.AsyncClient, other: httpx.AsyncClient
) -> None:
    name = unique()
    await sign_up(api, name)
    wrong = await sign_in(other, name, "not the password")
    unknown = await sign_in(other, unique("nobody"), "not the password")
    invalid = await sign_in(other, "x", "not the password")  # (no account can have this name)
    assert wrong.status_code == unknown.status_code == invalid.status_code == 401
    assert wrong.content == unknown.content == invalid.content
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers
    assert (await sign_in(other, name.upper())).status_code == 200  # any case


async def test_an_unknown_username_costs_a_full_password_check() -> None:
    calls: list[str] = []

    class Spy(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
            calls.append(str(hash))
            return super().verify(hash, password)

    pw = Passwords(hasher=Spy(time_cost=2, memory_cost=19456, parallelism=1))
    real_hash = await pw.hash(PASSWORD)
    assert await pw.verify(real_hash, PASSWORD)
    assert not await pw.verify(None, PASSWORD)
    assert not await pw.verify(real_hash, "wrong")
    assert len(calls) == 3 and calls[1].startswith("$argon2id$")  # the decoy, hashed like any password
    assert calls[1].split("$")[3] == real_hash.split("$")[3]  # with the same parameters


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """Sign-ins limited as in production, but with tiny bursts (3 per username, 6 per address)."""
    db = tmp_path_factory.mktemp("strict") / "z.db"
    limits = {
        "signin_rate": 1e-6,
        "signin_burst": 3.0,
        "signin_address_rate": 1e-6,
        "signin_address_burst": 6.0,
    }
    with ThreadServer(fast_settings(f"sqlite+aiosqlite:///{db}", **limits)) as s:
        yield s


async def test_sign_in_attempts_are_limited_per_username_and_per_address(strict: ThreadServer) -> None:
    async with http(strict.url) as api:
        name = unique()
        await sign_up(api, name)  # (1 of the address's 6)
        api.cookies.clear()
        for _ in range(3):
            assert (await sign_in(api, name, "not the password")).status_code == 401
        r = await sign_in(api, name)  # the right password, but this username's attempts are used up
        assert r.status_code == 429 and r.json()["code"] == "too-many-attempts"
        r = await sign_in(api, unique("nobody"), "x" * 12)  # another username: still allowed...
        assert r.status_code == 401
        r = await sign_in(api, unique("nobody"), "x" * 12)  # ...until the address's are used up too
        assert r.status_code == 429
        r = await api.post("/api/account/signup", json={"username": unique(), "password": PASSWORD})
        assert r.status_code == 429  # sign-ups count against the address as well


def http_from(url: str, address: str) -> httpx.AsyncClient:
    """A client whose requests come from this loopback address (127.0.0.0/8 is all this machine's)."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=url, transport=transport, trust_env=False, timeout=20)


async def test_an_address_that_locked_a_name_does_not_lock_out_its_owner(strict: ThreadServer) -> None:
    """Issue 43: one address kept a name locked (an attempt every 12 s), and the owner's right password
    from another address got 429. The limit is per name and address: the owner still gets in."""
    name = unique()
    async with http_from(strict.url, "127.0.0.2") as owner, http_from(strict.url, "127.0.0.3") as attacker:
        await sign_up(owner, name)
        for _ in range(3):
            assert (await sign_in(attacker, name, "not the password")).status_code == 401
        assert (await sign_in(attacker, name)).status_code == 429  # locked, for this address
        async with http_from(strict.url, "127.0.0.4") as elsewhere:  # the owner, from another address
            r = await sign_in(elsewhere, name)
            assert r.status_code == 200 and r.json()["username"] == name, r.text


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """Tiny limits: 3 attempts per name and address, 4 per name from addresses that never signed in
    to it, 10 per address."""
    db = tmp_path_factory.mktemp("guarded") / "z.db"
    limits = {
        "signin_rate": 1e-6,
        "signin_burst": 3.0,
        "signin_stranger_rate": 1e-6,
        "signin_stranger_burst": 4.0,
        "signin_address_rate": 1e-6,
        "signin_address_burst": 10.0,
    }
    with ThreadServer(fast_settings(f"sqlite+aiosqlite:///{db}", **limits)) as s:
        yield s


async def test_many_addresses_against_one_name_are_bounded_but_the_owners_own_address_gets_in(
    guarded: ThreadServer,
) -> None:
    name = unique()
    async with http_from(guarded.url, "127.0.0.2") as home:
        await sign_up(home, name)  # the address the owner signed up (or in) from is known to the name
        home.cookies.clear()
        for bot in range(4):  # a botnet: each address well within its own limit
            async with http_from(guarded.url, f"127.0.1.{bot + 1}") as b:
                assert (await sign_in(b, name, "not the password")).status_code == 401
        async with http_from(guarded.url, "127.0.1.9") as b:  # together: the name's bound for strangers
            r = await sign_in(b, name, "not the password")
            assert r.status_code == 429 and r.json()["code"] == "too-many-attempts"
            r = await sign_in(b, name)  # the right password too, from an address never used for it
            assert r.status_code == 429
        r = await sign_in(home, name)  # from home: in
        assert r.status_code == 200 and r.json()["username"] == name


# --- usernames and passwords ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("taken", "again"),
    [
        ("Zoe{n}", "zoe{n}"),  # case
        ("Zoe{n}", "ＺＯＥ{n}"),  # noqa: RUF001  full-width letters (NFKC)
        ("pay{n}", "рау{n}"),  # noqa: RUF001  Cyrillic letters that look Latin (the whole name in Cyrillic)
        ("Bill{n}", "BiII{n}"),  # capital I for l
        ("bo{n}", "b0{n}"),  # zero for O
        # issue 43's look-alikes of one name, each refused next to it (and it next to each)
        ("admin{n}", "ADMIN{n}"),  # case, with a capital I
        ("ADMIN{n}", "admin{n}"),
        ("admin{n}", "ɑdmin{n}"),  # noqa: RUF001  Latin alpha
        ("admin{n}", "admın{n}"),  # noqa: RUF001  dotless i
        ("admin{n}", "ᴀdmin{n}"),  # small capital A
        ("ᴀdmin{n}", "Admin{n}"),
        ("admin{n}", "adrnin{n}"),  # rn for m
        ("adrnin{n}", "admin{n}"),
        ("admin{n}", "admiṇ{n}"),  # a dot below
        ("admiṇ{n}", "ADMIN{n}"),
        ("admin{n}", "𝐚𝐝𝐦𝐢𝐧{n}"),  # noqa: RUF001  mathematical bold (NFKC)
        ("walter{n}", "vvalter{n}"),  # vv for w
        ("clave{n}", "dave{n}"),  # cl for d
        ("Ian{n}", "lan{n}"),  # capital i for l, the other way round
        ("BOB{n}", "ВОВ{n}"),  # noqa: RUF001  Cyrillic capitals
        ("HN{n}", "ΗΝ{n}"),  # noqa: RUF001  Greek capitals (whose small letters look like n and v)
        ("Jose{n}", "José{n}"),  # an accent
        ("Lukasz{n}", "Łukasz{n}"),  # a stroke
    ],
)
async def test_usernames_are_unique_regardless_of_case_and_look_alikes(
    api: httpx.AsyncClient, taken: str, again: str
) -> None:
    n = str(secrets.randbelow(10**6)).translate(str.maketrans("01", "23"))  # (digits that fold to none)
    await sign_up(api, taken.format(n=n))
    api.cookies.clear()
    r = await api.post("/api/account/signup", json={"username": again.format(n=n), "password": PASSWORD})
    assert r.status_code == 409 and r.json()["code"] == "username-taken", r.text


async def test_names_that_only_may_look_alike_are_two_names(api: httpx.AsyncClient) -> None:
    """`ian` and `lan` both look like `Ian`, not like each other; kana's voicing mark is a letter."""
    n = str(secrets.randbelow(10**6)).translate(str.maketrans("01", "23"))
    for name in (f"ian{n}", f"lan{n}", f"カナ{n}", f"ガナ{n}"):
        await sign_up(api, name)
        api.cookies.clear()
    r = await api.post("/api/account/signup", json={"username": f"Ian{n}", "password": PASSWORD})
    assert r.status_code == 409


async def test_a_look_alike_of_a_name_signs_in_to_it_and_finds_it(
    api: httpx.AsyncClient, other: httpx.AsyncClient
) -> None:
    n = str(secrets.randbelow(10**6)).translate(str.maketrans("01", "23"))
    name = f"admin{n}"
    await sign_up(api, name)
    for spelling in (f"ADMIN{n}", f"ɑdmın{n}", f"ᴀdrnin{n}", f"admiṇ{n}"):  # noqa: RUF001
        other.cookies.clear()
        r = await sign_in(other, spelling)
        assert r.status_code == 200 and r.json()["username"] == name, (spelling, r.text)
    token = str(r.json()["csrf"])
    api.cookies.clear()
    await sign_up(api, f"pal{n}")
    r = await other.put(f"/api/account/friends/PAL{n}", headers=csrf(token))
    assert [f["username"] for f in r.json()] == [f"pal{n}"]
    r = await api.get(f"/api/players/ᴀdmin{n}")
    assert r.status_code == 200 and r.json()["username"] == name


@pytest.mark.parametrize(
    "name",
    ["ab", "x" * 25, "has space", "semi;colon", "_under", "Аna", "pаypal", "", "tab\tname"],  # noqa: RUF001
)
async def test_bad_usernames_are_refused_with_a_reason(api: httpx.AsyncClient, name: str) -> None:
    r = await api.post("/api/account/signup", json={"username": name, "password": PASSWORD})
    assert r.status_code == 400 and r.json()["code"] == "bad-username"
    assert "ziggurat_session" not in api.cookies


async def test_names_of_every_alphabet_are_welcome(api: httpx.AsyncClient) -> None:
    n = secrets.randbelow(10**6)
    for name in (f"Łukasz{n}", f"日本語ユーザー{n}", f"Ορφέας{n}"):
        r = await api.post("/api/account/signup", json={"username": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        api.cookies.clear()


@pytest.mark.parametrize(
    ("password", "why"),
    [("short", "at least 10"), ("password123", "common"), ("QWERTYUIOP", "common"), ("x" * 257, "at most")],
)
async def test_weak_passwords_are_refused(api: httpx.AsyncClient, password: str, why: str) -> None:
    r = await api.post("/api/account/signup", json={"username": unique(), "password": password})
    assert r.status_code == 400 and r.json()["code"] == "weak-password" and why in r.json()["message"]


async def test_the_username_is_not_a_password(api: httpx.AsyncClient) -> None:
    name = unique("longername")
    r = await api.post("/api/account/signup", json={"username": name, "password": name.upper()})
    assert r.status_code == 400 and r.json()["code"] == "weak-password"


# --- seats that follow the account -------------------------------------------------------------------------
async def test_a_guest_who_signs_up_keeps_their_tables(
    api: httpx.AsyncClient, other: httpx.AsyncClient
) -> None:
    r = await api.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "guest"})
    tid, token = r.json()["table"]["id"], r.json()["token"]
    name = unique()
    r = await api.post(
        "/api/account/signup", json={"username": name, "password": PASSWORD, "claim": [token, "nonsense"]}
    )
    assert r.status_code == 201 and r.json()["claimed"] == 1
    mine = (await api.get("/api/account/tables")).json()
    assert [(t["table"]["id"], t["seat"]) for t in mine] == [(tid, 0)]
    assert mine[0]["table"]["seats"][0]["signed_in"]
    # the token is no use to another account now
    token2 = await sign_up(other, unique())
    r = await other.post("/api/account/claim", json={"tokens": [token]}, headers=csrf(token2))
    assert r.status_code == 200 and r.json()["claimed"] == 0
    assert (await other.get("/api/account/tables")).json() == []


async def test_the_seat_follows_the_account_to_another_device(
    api: httpx.AsyncClient, other: httpx.AsyncClient, server: ThreadServer
) -> None:
    name = unique()
    token = await sign_up(api, name)
    r = await api.post(
        "/api/tables", json={"game": "zenith", "seats": 2, "name": "ignored"}, headers=csrf(token)
    )
    tid = r.json()["table"]["id"]
    assert r.json()["table"]["seats"][0]["name"] == name  # a signed-in player sits under their username
    # another device: no seat token, only the account
    r = await sign_in(other, name)
    token2 = r.json()["csrf"]
    assert [t["table"]["id"] for t in (await other.get("/api/account/tables")).json()] == [tid]
    r = await other.put(f"/api/tables/{tid}/seats/1/bot", json={"level": "random"}, headers=csrf(token2))
    assert r.status_code == 200, r.text
    r = await other.post(f"/api/tables/{tid}/start", headers=csrf(token2))
    assert r.status_code == 200 and r.json()["status"] == "running"
    # the websocket: a hello without a token plays the account's seat
    cookie = {"Cookie": f"ziggurat_session={other.cookies['ziggurat_session']}"}
    c = await Client(server.url, tid, headers=cookie).connect()
    assert c.you["role"] == "player" and c.you["seat"] is not None
    await c.close()
    # ...but not for a page of another site, which only watches
    c = await Client(server.url, tid, headers={**cookie, "Origin": "http://evil.example"}).connect()
    assert c.you["role"] == "spectator"
    await c.close()
    # and signed out, the device is a stranger again
    await other.post("/api/account/signout", headers=csrf(token2))
    r = await other.post(f"/api/tables/{tid}/leave")
    assert r.status_code == 401 and r.json()["code"] == "no-token"


async def test_an_account_sits_once_per_table(api: httpx.AsyncClient, other: httpx.AsyncClient) -> None:
    name = unique()
    token = await sign_up(api, name)
    r = await api.post("/api/tables", json={"game": "zealous", "seats": 4, "name": "x"}, headers=csrf(token))
    tid = r.json()["table"]["id"]
    r = await api.post(f"/api/tables/{tid}/join", json={"name": "again"}, headers=csrf(token))
    assert r.status_code == 409 and r.json()["code"] == "already-seated"
    token2 = (await sign_in(other, name)).json()["csrf"]  # from another device too
    r = await other.post(f"/api/tables/{tid}/join", json={"name": "again"}, headers=csrf(token2))
    assert r.status_code == 409


async def test_a_signed_in_stranger_holds_no_seat(api: httpx.AsyncClient, other: httpx.AsyncClient) -> None:
    r = await api.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "guest"})
    tid = r.json()["table"]["id"]
    token = await sign_up(other, unique())
    r = await other.post(f"/api/tables/{tid}/start", headers=csrf(token))
    assert r.status_code == 403 and r.json()["code"] == "bad-token"
    assert (await api.get(f"/api/tables/{tid}")).json()["status"] == "open"


async def test_the_rematch_follows_the_account(
    api: httpx.AsyncClient, other: httpx.AsyncClient, server: ThreadServer
) -> None:
    """A finished game's signed-in players: the rematch is asked and accepted with the cookie alone."""
    a, b = unique("a"), unique("b")
    ta, tb = await sign_up(api, a), await sign_up(other, b)
    body = {"game": "highcard", "seats": 2, "name": "x", "options": {"hand": 2}}
    tid = (await api.post("/api/tables", json=body, headers=csrf(ta))).json()["table"]["id"]
    assert (
        await other.post(f"/api/tables/{tid}/join", json={"name": "y"}, headers=csrf(tb))
    ).status_code == 200
    cookies = [{"Cookie": f"ziggurat_session={c.cookies['ziggurat_session']}"} for c in (api, other)]
    people = [await Client(server.url, tid, headers=h).connect() for h in cookies]
    assert (await api.post(f"/api/tables/{tid}/start", headers=csrf(ta))).status_code == 200
    await play_until(people, lambda st: False, random.Random(tid))
    assert (await api.get(f"/api/tables/{tid}")).json()["status"] == "finished"
    for c in people:
        await c.close()
    r = await api.post(f"/api/tables/{tid}/rematch", headers=csrf(ta))
    assert r.status_code == 200, r.text
    new = r.json()["table"]["id"]
    r = await other.post(f"/api/tables/{new}/rematch/accept", headers=csrf(tb))
    assert r.status_code == 200, r.text
    seats = r.json()["table"]["seats"]
    assert {s["name"] for s in seats} == {a, b} and all(s["signed_in"] for s in seats)
    assert new in [t["table"]["id"] for t in (await other.get("/api/account/tables")).json()]


# --- friends and invitations -------------------------------------------------------------------------------
async def test_friends_their_tables_and_invitations(api: httpx.AsyncClient, other: httpx.AsyncClient) -> None:
    me, pal = unique("me"), unique("pal")
    mine, theirs = await sign_up(api, me), await sign_up(other, pal)
    r = await api.put(f"/api/account/friends/{pal.upper()}", headers=csrf(mine))  # any case
    assert r.status_code == 200 and [f["username"] for f in r.json()] == [pal]
    assert (await api.put(f"/api/account/friends/{me}", headers=csrf(mine))).json()["code"] == "friend-self"
    r = await api.put("/api/account/friends/nobody-at-all", headers=csrf(mine))
    assert r.status_code == 404 and r.json()["code"] == "no-such-player"
    # the lobby's filter: tables where friends sit (not my own, not strangers')
    r = await other.post(
        "/api/tables", json={"game": "zealous", "seats": 4, "name": "x"}, headers=csrf(theirs)
    )
    pal_table = r.json()["table"]["id"]
    async with http(str(api.base_url)) as guest:
        r = await guest.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "stranger"})
        assert r.status_code == 201
        assert (await guest.get("/api/tables?friends=true")).json() == []
    r = await api.post("/api/tables", json={"game": "zenith", "seats": 2, "name": "me"}, headers=csrf(mine))
    assert r.status_code == 201
    listed = (await api.get("/api/tables?friends=true&status=open")).json()
    assert [t["id"] for t in listed] == [pal_table]
    assert (await other.get("/api/tables?friends=true")).json() == []  # one way: pal follows nobody
    # pal invites me by username; I see it in my lobby, and may dismiss it
    r = await other.post(f"/api/tables/{pal_table}/invite", json={"username": me}, headers=csrf(theirs))
    assert r.status_code == 200 and r.json() == {"invited": me}
    got = (await api.get("/api/account/invitations")).json()
    assert [(i["table"]["id"], i["by"]) for i in got] == [(pal_table, pal)]
    r = await api.post(f"/api/tables/{pal_table}/invite", json={"username": pal}, headers=csrf(mine))
    assert r.status_code == 403  # only its players invite to a table
    r = await other.post(f"/api/tables/{pal_table}/invite", json={"username": pal}, headers=csrf(theirs))
    assert r.json()["code"] == "invite-self"
    await api.post(f"/api/tables/{pal_table}/join", json={"name": "x"}, headers=csrf(mine))
    assert (await api.get("/api/account/invitations")).json() == []  # seated: no longer an invitation
    r = await other.post(f"/api/tables/{pal_table}/invite", json={"username": me}, headers=csrf(theirs))
    assert r.status_code == 409 and r.json()["code"] == "invitee-seated"
    r = await api.delete(f"/api/account/invitations/{pal_table}", headers=csrf(mine))
    assert r.status_code == 200 and r.json() == []
    r = await api.delete(f"/api/account/friends/{pal}", headers=csrf(mine))
    assert r.json() == []
    assert (await api.get("/api/account/friends")).json() == []
    assert (await other.get("/api/account/friends")).status_code == 200


async def test_signing_out_everywhere_takes_the_seats_from_every_device(
    api: httpx.AsyncClient, other: httpx.AsyncClient, server: ThreadServer
) -> None:
    """Not only the sessions end: the seat tokens devices hold for the account's unfinished tables stop
    working (a socket holding one watches from then on); signed in again, the seats are there."""
    name = unique()
    token = await sign_up(api, name)
    r = await api.post("/api/tables", json={"game": "zealous", "seats": 4, "name": "x"}, headers=csrf(token))
    tid, seat_token = r.json()["table"]["id"], r.json()["token"]
    async with http(server.url) as device:  # a device that kept only the seat token
        r = await device.put(f"/api/tables/{tid}/seats/1/bot", json={}, headers=bearer(seat_token))
        assert r.status_code == 200
        watcher = await Client(server.url, tid, seat_token).connect()
        assert watcher.you["role"] == "player"
        r = await api.post("/api/account/signout-everywhere", headers=csrf(token))
        assert r.status_code == 200
        r = await device.put(f"/api/tables/{tid}/seats/2/bot", json={}, headers=bearer(seat_token))
        assert r.status_code == 403 and r.json()["code"] == "bad-token"
        while (await watcher.next("table"))["you"]["role"] != "spectator":
            pass
        await watcher.close()
    token2 = (await sign_in(other, name)).json()["csrf"]
    r = await other.put(f"/api/tables/{tid}/seats/2/bot", json={}, headers=csrf(token2))
    assert r.status_code == 200
    # a new password does the same (this device keeps its seats through its new session)
    r = await other.post(
        "/api/tables", json={"game": "zenith", "seats": 2, "name": "x"}, headers=csrf(token2)
    )
    tid2, seat_token2 = r.json()["table"]["id"], r.json()["token"]
    r = await other.post(
        "/api/account/password",
        json={"current": PASSWORD, "new": "another fine passphrase"},
        headers=csrf(token2),
    )
    token3 = r.json()["csrf"]
    async with http(server.url) as device:
        r = await device.put(f"/api/tables/{tid2}/seats/1/bot", json={}, headers=bearer(seat_token2))
        assert r.status_code == 403 and r.json()["code"] == "bad-token"
    r = await other.put(f"/api/tables/{tid2}/seats/1/bot", json={}, headers=csrf(token3))
    assert r.status_code == 200
