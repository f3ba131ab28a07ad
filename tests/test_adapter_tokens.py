"""Submission tokens: only the exact token finishes a handoff; no prefix, extension or near miss."""

from __future__ import annotations

import pytest

from adapter import create_server as make_server
from adapter.tokens import candidate_digest, new_request_id, new_submission_token, tokens_match
from tests.candidates import SEED_CANDIDATE
from tests.seeds import seed_reply
from tests.test_adapter_handoff import accept, host_adapter, prepare
from tests.test_adapter_support import error_of, legacy_client, structured


def test_only_the_exact_token_matches() -> None:
    token = new_submission_token()
    assert tokens_match(token, token)
    for near in (token + "A", token[:-1], "A" + token, token.upper(), token[:-1] + chr(ord(token[-1]) ^ 1), ""):
        assert not tokens_match(token, near), near
    assert not tokens_match(token, token + "\udc80")  # a lone surrogate is compared, not dropped


def test_tokens_and_ids_are_long_and_fresh() -> None:
    tokens = {new_submission_token() for _ in range(64)}
    assert len(tokens) == 64 and min(map(len, tokens)) >= 43  # 256 bits of URL-safe base64
    request_id = new_request_id()
    assert request_id.startswith("req_") and len(request_id) >= 4 + 22
    assert candidate_digest("a") == candidate_digest("a") != candidate_digest("a ")


@pytest.mark.anyio
async def test_a_token_with_one_character_appended_is_refused_and_spends_nothing() -> None:
    adapter = host_adapter()
    async with legacy_client(make_server(adapter)) as client:
        task = await prepare(client)
        for wrong in (task["submissionToken"] + "A", task["submissionToken"][:-1]):
            refused = error_of(await accept(client, task, SEED_CANDIDATE, token=wrong))
            assert (refused["code"], refused["path"]) == ("TOKEN_INVALID", "/submissionToken")
        assert structured(await accept(client, task, SEED_CANDIDATE)) == seed_reply()["structuredContent"]


def test_a_candidate_with_a_lone_surrogate_has_a_digest_of_its_own() -> None:
    assert len(candidate_digest("a\udc80")) == 32
    assert candidate_digest("a\udc80") != candidate_digest("a") != candidate_digest("a\udc81")


def test_request_ids_and_tokens_carry_their_declared_entropy() -> None:
    # token_urlsafe(n) writes n random bytes as ceil(4n/3) base64url characters, without padding.
    from adapter.tokens import REQUEST_ID_BYTES, TOKEN_BYTES

    request_id, token = new_request_id(), new_submission_token()
    assert request_id.startswith("req_") and len(request_id) == 4 + -(-4 * REQUEST_ID_BYTES // 3)
    assert len(token) == -(-4 * TOKEN_BYTES // 3)
    assert len({new_submission_token() for _ in range(64)}) == 64
