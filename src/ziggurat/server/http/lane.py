"""The lobby's three busiest requests, answered without FastAPI's dispatch: create a table, join it,
start it.

Setting a game up is most of what a short game costs the server (docs/performance.md), and FastAPI's
routing, dependency solving and exception layers were a large share of each of these requests' time
in the app. For a guest (no session cookie) sending a JSON body that its route's model accepts (and,
to start, a bearer token), this calls the same endpoint functions of api.py with the same models, and
answers with the route's own status code and response model. Anything else (a signed-in request, a
body the model refuses, no token, any other route) goes on to FastAPI, which answers as it always has:
its errors, its shapes. It sits inside the guard and the CSRF check, so body limits, rate limits and
cross-site refusals come first.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import orjson
from fastapi.routing import APIRoute
from fastapi.security.utils import get_authorization_scheme_param
from pydantic import BaseModel, TypeAdapter, ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from ziggurat.engine import ZigguratError
from ziggurat.server.accounts.sessions import cookie_secret, header
from ziggurat.server.accounts.tokens import hash_token
from ziggurat.server.errors import Refused, refusal
from ziggurat.server.hall import Hall
from ziggurat.server.http import api, schemas
from ziggurat.server.http.guard import replay, send_json

# (the request, the hall, the table's id, the body as its model, the seat token's hash) -> the answer
Call = Callable[[Scope, Hall, str, Any, str], Awaitable[Any]]


async def _create(scope: Scope, h: Hall, _: str, body: Any, __: str) -> Any:
    return await api.create_table(body, h, Request(scope), None)


async def _join(_: Scope, h: Hall, table_id: str, body: Any, __: str) -> Any:
    return await api.join(table_id, body, h, None)


async def _start(_: Scope, h: Hall, table_id: str, __: Any, token_hash: str) -> Any:
    return await api.start(table_id, h, token_hash)


@dataclass(frozen=True)
class _Route:
    call: Call
    body: type[BaseModel] | None  # the JSON body's model (None: no body, a seat token instead)
    status: int
    answer: TypeAdapter[Any]  # the route's response model

    @staticmethod
    def of(endpoint: Callable[..., Any], call: Call, body: type[BaseModel] | None) -> _Route:
        """Status and response model as the route declares them in api.py."""
        route = next(r for r in api.router.routes if isinstance(r, APIRoute) and r.endpoint is endpoint)
        return _Route(call, body, route.status_code or 200, TypeAdapter(route.response_model))


class FastLane:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.create = _Route.of(api.create_table, _create, schemas.CreateTable)
        self.by_step = {
            "join": _Route.of(api.join, _join, schemas.Join),
            "start": _Route.of(api.start, _start, None),
        }

    def route(self, scope: Scope) -> tuple[_Route, str] | None:
        """The route and table id this lane answers for, if it does."""
        if scope["type"] != "http" or scope["method"] != "POST" or cookie_secret(scope) is not None:
            return None
        path: str = scope["path"]
        if path == "/api/tables":
            return self.create, ""
        parts = path.split("/")  # "", "api", "tables", id, step
        if len(parts) == 5 and parts[1] == "api" and parts[2] == "tables" and parts[3]:
            found = self.by_step.get(parts[4])
            return None if found is None else (found, parts[3])
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self.route(scope)
        if found is None:
            await self.app(scope, receive, send)
            return
        route, table_id = found
        message = await receive()  # (the guard has read the whole body: one message)
        body_bytes = message.get("body", b"")
        whole = message["type"] == "http.request" and not message.get("more_body", False)
        args = _arguments(scope, route, body_bytes) if whole else None
        if args is None:
            await self.app(scope, replay(body_bytes, receive), send)  # FastAPI says what is wrong
            return
        body, token_hash = args
        try:
            result = await route.call(scope, scope["app"].state.hall, table_id, body, token_hash)
        except Refused as e:
            response = refusal(e.status, e.code, e.message)
        except ZigguratError as e:  # (as the app's handler answers the rules' refusals)
            response = refusal(400, e.code, e.message)
        else:
            await send_json(send, route.status, route.answer.dump_json(route.answer.validate_python(result)))
            return
        await response(scope, receive, send)


def _arguments(scope: Scope, route: _Route, raw: bytes) -> tuple[Any, str] | None:
    """The body as its model and the seat token's hash, as FastAPI would find them; None if it would
    refuse them (or might: a body that isn't declared JSON, no bearer token), so that it answers."""
    if route.body is None:
        scheme, token = get_authorization_scheme_param(header(scope, b"authorization"))
        if scheme.lower() != "bearer" or not token:
            return None
        return None, hash_token(token)
    if header(scope, b"content-type") != "application/json":
        return None
    try:
        return route.body.model_validate(orjson.loads(raw)), ""
    except (orjson.JSONDecodeError, ValidationError):
        return None
