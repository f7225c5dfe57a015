"""Authentication before parsing: ``X-Gitlab-Token`` and, when configured, ``webhook-signature``."""

from __future__ import annotations

import pytest

from bot.intake.events import InboundEvent
from forge_adapters.gitlab.verify import gitlab_webhooks, sign
from forge_adapters.intake import NotConfigured, SignatureError, WebhookError
from tests.support.gitlab_hooks import SECRET, gitlab_headers
from tests.support.payloads import FIXTURES

BODY = (FIXTURES / "gitlab" / "note_hook__issue.json").read_bytes()
SIGNING_TOKEN = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
NOW = 1_760_000_000
WEBHOOK_ID = "9f3c2e61-5d0a-4c1b-9f7e-2b8d4a6c1e05"


def signed_headers(
    overrides: dict[str, str] | None = None,
    *,
    body: bytes = BODY,
    token: str = SIGNING_TOKEN,
    timestamp: int = NOW,
) -> dict[str, str]:
    headers = gitlab_headers("Note Hook", delivery=WEBHOOK_ID)
    headers |= {
        "webhook-id": WEBHOOK_ID,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": sign(WEBHOOK_ID, str(timestamp), body, token),
    }
    return headers | (overrides or {})


def receive_signed(headers: dict[str, str], body: bytes = BODY) -> object:
    return gitlab_webhooks(SECRET, SIGNING_TOKEN, clock=lambda: NOW).receive(headers, body)


def test_standard_webhooks_test_vector() -> None:
    """The reference vector of the Standard Webhooks libraries, which GitLab's signing follows."""
    signature = sign("msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330", b'{"test": 2432232314}', SIGNING_TOKEN)
    assert signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def test_right_token_is_accepted() -> None:
    result = gitlab_webhooks(SECRET).receive(gitlab_headers("Note Hook"), BODY)
    assert isinstance(result, InboundEvent)


@pytest.mark.parametrize("token", ["", "wrong", SECRET + " ", SECRET.upper(), "ünïcode"])
def test_wrong_or_empty_token_is_401(token: str) -> None:
    with pytest.raises(SignatureError) as refused:
        gitlab_webhooks(SECRET).receive(gitlab_headers("Note Hook", token=token), BODY)
    assert refused.value.status == 401


def test_missing_token_is_401() -> None:
    headers = gitlab_headers("Note Hook")
    del headers["X-Gitlab-Token"]
    with pytest.raises(SignatureError, match="missing X-Gitlab-Token"):
        gitlab_webhooks(SECRET).receive(headers, BODY)


def test_token_header_name_is_case_insensitive() -> None:
    headers = {"x-gitlab-event": "Note Hook", "x-gitlab-token": SECRET}
    assert isinstance(gitlab_webhooks(SECRET).receive(headers, BODY), InboundEvent)


@pytest.mark.parametrize("offered", [SECRET, "", "anything"])
def test_no_secret_configured_fails_closed(offered: str) -> None:
    with pytest.raises(NotConfigured) as refused:
        gitlab_webhooks("").receive(gitlab_headers("Note Hook", token=offered), BODY)
    assert refused.value.status == 503
    assert "secret" in str(refused.value)


def test_token_is_checked_before_the_body_is_read() -> None:
    with pytest.raises(SignatureError):
        gitlab_webhooks(SECRET).receive(gitlab_headers("Note Hook", token="wrong"), b"{not json")


def test_valid_signature_is_accepted() -> None:
    assert isinstance(receive_signed(signed_headers()), InboundEvent)


def test_any_of_several_signatures_may_match() -> None:
    """A sender rotating keys signs with the old and the new one, space-separated."""
    good = signed_headers()["webhook-signature"]
    other = sign(WEBHOOK_ID, str(NOW), BODY, "whsec_" + "QUJD" * 11)
    for value in (f"{other} {good}", f"{good} {other}", f"v2,abc {good}"):
        assert isinstance(receive_signed(signed_headers({"webhook-signature": value})), InboundEvent)


@pytest.mark.parametrize(
    "headers",
    [
        signed_headers(token="whsec_" + "QUJD" * 11),  # signed with another key
        signed_headers(body=BODY + b" "),  # body changed after signing
        signed_headers({"webhook-id": "another-delivery"}),  # id not the one signed
        signed_headers({"webhook-timestamp": str(NOW + 1)}),  # timestamp not the one signed
        signed_headers({"webhook-signature": "v1,AAAA"}),
        signed_headers({"webhook-signature": "garbage"}),
        signed_headers({"webhook-signature": "v1," + "é" * 44}),
    ],
    ids=["other-key", "tampered-body", "other-id", "other-timestamp", "short", "garbage", "non-ascii"],
)
def test_invalid_signature_is_401(headers: dict[str, str]) -> None:
    with pytest.raises(SignatureError, match="does not match"):
        receive_signed(headers)


@pytest.mark.parametrize("missing", ["webhook-signature", "webhook-id", "webhook-timestamp"])
def test_missing_signature_header_is_401_when_signing_is_configured(missing: str) -> None:
    headers = signed_headers()
    del headers[missing]
    with pytest.raises(SignatureError, match="missing"):
        receive_signed(headers)


@pytest.mark.parametrize("skew", [-301, 301, -10_000])
def test_stale_or_future_timestamp_is_refused(skew: int) -> None:
    with pytest.raises(SignatureError, match="5 minutes"):
        receive_signed(signed_headers(timestamp=NOW + skew))


@pytest.mark.parametrize("skew", [-300, 0, 300])
def test_timestamp_within_five_minutes_is_fine(skew: int) -> None:
    assert isinstance(receive_signed(signed_headers(timestamp=NOW + skew)), InboundEvent)


def test_non_numeric_timestamp_is_refused() -> None:
    with pytest.raises(SignatureError, match="Unix time"):
        receive_signed(signed_headers({"webhook-timestamp": "2026-01-01T00:00:00Z"}))


def test_signature_does_not_replace_the_token() -> None:
    with pytest.raises(SignatureError, match="X-Gitlab-Token"):
        receive_signed(signed_headers({"X-Gitlab-Token": "wrong"}))


def test_signing_token_that_is_not_base64_is_a_configuration_error() -> None:
    spec = gitlab_webhooks(SECRET, "whsec_not base64!", clock=lambda: NOW)
    with pytest.raises(NotConfigured, match="whsec_"):
        spec.receive(signed_headers(), BODY)


def test_without_signing_token_signature_headers_are_not_required() -> None:
    assert isinstance(gitlab_webhooks(SECRET).receive(gitlab_headers("Note Hook"), BODY), InboundEvent)


def test_only_webhook_errors_escape_authentication() -> None:
    odd = {"X-Gitlab-Token": SECRET, "webhook-id": "x", "webhook-timestamp": "1", "webhook-signature": "\x00"}
    with pytest.raises(WebhookError):
        receive_signed(odd)
