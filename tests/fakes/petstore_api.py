"""The API of ``tests/data/openapi/petstore_api.yaml``, served for real on loopback (Starlette + uvicorn).

Under ``/api/v3`` it also serves the pet and store operations of the Swagger Petstore 3 document
(``tests/data/catalog/petstore.yaml``) that verified calls use: find pets by status, delete a pet
(OAuth bearer token required), place, look up and delete orders.

Every request is recorded (method, raw path, raw query, headers, body) so a test can check exactly
what a runtime sent. The server runs in a thread, so in-process runtimes and spawned processes
(the exported project's ``server.py``, ``intent-mcp serve openapi``) reach the same instance.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

PREFIX = "/v1"
PETSTORE3 = "/api/v3"
CATEGORIES = ["dogs", "cats", "birds"]
SECRETS = {"api_key_header": "header-key-1234", "api_key_query": "query-key-5678", "store_session": "cookie-key-9012",
           "bearer": "bearer-token-3456", "basic_user": "alice", "basic_password": "wonder-land-77",
           "oauth": "oauth-token-7890"}


@dataclass
class Recorded:
    method: str
    raw_path: str
    query: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PetstoreApi:
    pets: dict[str, dict[str, Any]] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    flaky: dict[str, int] = field(default_factory=dict)
    next_id: int = 1
    lock: threading.Lock = field(default_factory=threading.Lock)
    base_url: str = ""
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    petstore3_url: str = ""

    def last(self, path_suffix: str = "") -> Recorded:
        for request in reversed(self.requests):
            if request.raw_path.endswith(path_suffix) or path_suffix in request.raw_path:
                return request
        raise AssertionError(f"no request to {path_suffix}")

    async def record(self, request: Request) -> Recorded:
        body = await request.body()
        recorded = Recorded(request.method, request.scope["raw_path"].decode(), request.scope["query_string"].decode(),
                            {key.lower(): value for key, value in request.headers.items()}, body)
        with self.lock:
            self.requests.append(recorded)
        return recorded

    def add(self, name: str, tag: str | None = None, status: str = "available") -> dict[str, Any]:
        with self.lock:
            pet = {"id": self.next_id, "name": name, "status": status}
            if tag is not None:
                pet["tag"] = tag
            self.pets[str(self.next_id)] = pet
            self.next_id += 1
            return pet

    def app(self) -> Starlette:
        def denied() -> JSONResponse:
            return JSONResponse({"message": "unauthorized"}, status_code=401)

        async def find_pets(request: Request) -> Response:
            await self.record(request)
            tags = request.query_params.getlist("tags")
            statuses = [s for item in request.query_params.getlist("status") for s in item.split(",") if s]
            found = [pet for pet in self.pets.values()
                     if (not tags or pet.get("tag") in tags) and (not statuses or pet["status"] in statuses)]
            limit = request.query_params.get("limit")
            return JSONResponse(found[: int(limit)] if limit else found)

        async def add_pet(request: Request) -> Response:
            recorded = await self.record(request)
            if recorded.headers.get("authorization") != f"Bearer {SECRETS['bearer']}":
                return denied()
            data = json.loads(recorded.body)
            if not isinstance(data, dict) or not isinstance(data.get("name"), str):
                return JSONResponse({"message": "name is required"}, status_code=400)
            return JSONResponse(self.add(data["name"], data.get("tag")), status_code=201)

        async def pet(request: Request) -> Response:
            recorded = await self.record(request)
            pet_id = request.path_params["petId"]
            if request.method == "DELETE":
                if request.query_params.get("api_key") != SECRETS["api_key_query"]:
                    return denied()
                with self.lock:
                    self.pets.pop(pet_id, None)
                return Response(status_code=204)
            if recorded.headers.get("x-api-key") != SECRETS["api_key_header"] and recorded.headers.get(
                "authorization"
            ) != f"Bearer {SECRETS['oauth']}":
                return denied()
            found = self.pets.get(pet_id)
            if found is None:
                return JSONResponse({"message": f"pet {pet_id} not found"}, status_code=404)
            return JSONResponse(found)

        async def form(request: Request) -> Response:
            recorded = await self.record(request)
            import base64

            expected = base64.b64encode(f"{SECRETS['basic_user']}:{SECRETS['basic_password']}".encode()).decode()
            if recorded.headers.get("authorization") != f"Basic {expected}":
                return denied()
            found = self.pets.get(request.path_params["petId"])
            if found is None:
                return JSONResponse({"message": "pet not found"}, status_code=404)
            data = await request.form()
            found.update({key: str(value) for key, value in data.items()})
            return JSONResponse(found)

        async def photo(request: Request) -> Response:
            await self.record(request)
            data = await request.form()
            return JSONResponse({"caption": data.get("caption"), "tags": data.getlist("tags")})

        async def inventory(request: Request) -> Response:
            await self.record(request)
            if request.cookies.get("store_session") != SECRETS["store_session"]:
                return denied()
            counts: dict[str, int] = {}
            for item in self.pets.values():
                counts[item["status"]] = counts.get(item["status"], 0) + 1
            return JSONResponse(counts)

        async def categories(request: Request) -> Response:
            await self.record(request)
            return JSONResponse(CATEGORIES)

        async def flaky(request: Request) -> Response:
            await self.record(request)
            key = request.path_params["key"]
            failures = int(request.query_params.get("failures", "0"))
            with self.lock:
                self.flaky[key] = self.flaky.get(key, 0) + 1
                attempts = self.flaky[key]
            if attempts <= failures:
                return JSONResponse({"message": "not yet", "attempts": attempts}, status_code=503)
            return JSONResponse({"attempts": attempts})

        async def whoami(request: Request) -> Response:
            recorded = await self.record(request)
            # A careless API that echoes the credentials it received.
            return JSONResponse({"authorization": recorded.headers.get("authorization"), "query": recorded.query})

        async def big(request: Request) -> Response:
            await self.record(request)
            return PlainTextResponse("x" * 200_000)

        async def find_by_status(request: Request) -> Response:
            await self.record(request)
            statuses = [s for item in request.query_params.getlist("status") for s in item.split(",") if s]
            return JSONResponse([pet for pet in self.pets.values() if pet["status"] in (statuses or ["available"])])

        async def pet3(request: Request) -> Response:
            recorded = await self.record(request)
            if recorded.headers.get("authorization") != f"Bearer {SECRETS['oauth']}":
                return denied()
            with self.lock:
                found = self.pets.pop(request.path_params["petId"], None)
            if found is None:
                return JSONResponse({"message": "Pet not found"}, status_code=404)
            return JSONResponse({"message": "Pet deleted"})

        async def place_order(request: Request) -> Response:
            recorded = await self.record(request)
            data = json.loads(recorded.body or b"null")
            if not isinstance(data, dict) or not isinstance(data.get("petId"), int):
                return JSONResponse({"message": "Invalid input"}, status_code=405)
            with self.lock:
                order = {"id": data.get("id", 1000 + len(self.orders)), "status": "placed", "complete": False, **data}
                self.orders[str(order["id"])] = order
            return JSONResponse(order)

        async def order(request: Request) -> Response:
            await self.record(request)
            order_id = request.path_params["orderId"]
            with self.lock:
                found = self.orders.pop(order_id, None) if request.method == "DELETE" else self.orders.get(order_id)
            if found is None:
                return JSONResponse({"message": "Order not found"}, status_code=404)
            return JSONResponse(found if request.method == "GET" else {"message": "Order deleted"})

        return Starlette(routes=[
            Route(f"{PETSTORE3}/pet/findByStatus", find_by_status, methods=["GET"]),
            Route(f"{PETSTORE3}/pet/{{petId}}", pet3, methods=["DELETE"]),
            Route(f"{PETSTORE3}/store/order", place_order, methods=["POST"]),
            Route(f"{PETSTORE3}/store/order/{{orderId}}", order, methods=["GET", "DELETE"]),
            Route(f"{PREFIX}/pets", find_pets, methods=["GET"]),
            Route(f"{PREFIX}/pets", add_pet, methods=["POST"]),
            Route(f"{PREFIX}/pets/{{petId}}", pet, methods=["GET", "DELETE"]),
            Route(f"{PREFIX}/pets/{{petId}}/form", form, methods=["POST"]),
            Route(f"{PREFIX}/pets/{{petId}}/photo", photo, methods=["POST"]),
            Route(f"{PREFIX}/store/inventory", inventory, methods=["GET"]),
            Route(f"{PREFIX}/categories", categories, methods=["GET"]),
            Route(f"{PREFIX}/flaky/{{key}}", flaky, methods=["GET"]),
            Route(f"{PREFIX}/whoami", whoami, methods=["GET"]),
            Route(f"{PREFIX}/big", big, methods=["GET"]),
        ])


@contextmanager
def running_petstore() -> Iterator[PetstoreApi]:
    """A ``PetstoreApi`` served on 127.0.0.1 (a free port) for the duration of the block."""
    api = PetstoreApi()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(api.app(), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the loopback petstore did not start")
        time.sleep(0.01)
    api.base_url = f"http://127.0.0.1:{port}{PREFIX}"
    api.petstore3_url = f"http://127.0.0.1:{port}{PETSTORE3}"
    try:
        yield api
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        sock.close()
