"""``X-Gitea-Signature`` / ``X-Forgejo-Signature``: bare hex HMAC-SHA256 of the JSON payload, fail closed.

Signatures here are computed with ``hmac`` directly, not with the module's
``sign``, so the tests check the module against Gitea's rule rather than
against itself.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest

from bot.intake.events import EventKind, InboundEvent
from forge_adapters.gitea.verify import gitea_webhooks, sign, signed_payload
from forge_adapters.intake import MalformedPayload, NotConfigured, ParseResult, SignatureError, WebhookError
from tests.support.gitea_hooks import SECRET, form_body, gitea_headers
from tests.support.payloads import FIXTURES

NAME = "issue_comment__created_on_issue"
BODY = (FIXTURES / "gitea" / f"{NAME}.json").read_bytes()
FORM = "application/x-www-form-urlencoded"


def hex_hmac(data: bytes, secret: str = SECRET) -> str:
    return hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()


def receive(headers: dict[str, str], body: bytes = BODY, secret: str = SECRET) -> ParseResult:
    return gitea_webhooks(secret).receive(headers, body)


def without_signatures(headers: dict[str, str]) -> dict[str, str]:
    return {key: value for key, value in headers.items() if "Signature" not in key}


def test_sign_matches_a_published_hmac_sha256_vector() -> None:
    expected = "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
    assert sign(b"The quick brown fox jumps over the lazy dog", "key") == expected


def test_right_signature_is_accepted() -> None:
    event = receive(gitea_headers(NAME, BODY, SECRET))
    assert isinstance(event, InboundEvent) and event.kind is EventKind.COMMENT_CREATED


def test_uppercase_hex_is_the_same_signature() -> None:
    headers = without_signatures(gitea_headers(NAME, BODY, SECRET)) | {
        "X-Gitea-Signature": hex_hmac(BODY).upper()
    }
    assert isinstance(receive(headers), InboundEvent)


@pytest.mark.parametrize(
    "signature",
    [
        pytest.param(None, id="missing"),
        pytest.param("", id="empty-as-gitea-sends-without-a-secret"),
        pytest.param(hex_hmac(BODY, "another secret"), id="other-secret"),
        pytest.param("sha256=" + hex_hmac(BODY), id="github-style-prefix"),
        pytest.param(hex_hmac(BODY)[:-1], id="truncated"),
        pytest.param("é" * 64, id="non-ascii"),
    ],
)
def test_wrong_or_missing_signature_is_refused(signature: str | None) -> None:
    headers = without_signatures(gitea_headers(NAME, BODY, SECRET))
    if signature is not None:
        headers["X-Gitea-Signature"] = signature
    with pytest.raises(SignatureError) as refused:
        receive(headers)
    assert refused.value.status == 401


def test_github_style_headers_alone_are_not_enough() -> None:
    """Gitea always sends its own header; the X-Hub-* copies are not read."""
    headers = without_signatures(gitea_headers(NAME, BODY, SECRET)) | {
        "X-Hub-Signature-256": "sha256=" + hex_hmac(BODY)
    }
    with pytest.raises(SignatureError):
        receive(headers)


def test_a_body_changed_after_signing_is_refused() -> None:
    headers = gitea_headers(NAME, BODY, SECRET)
    with pytest.raises(SignatureError):
        receive(headers, BODY.replace(b'"example"', b'"exampl3"', 1))


@pytest.mark.parametrize("body", [BODY, b"not even json", b""])
def test_unset_secret_refuses_everything(body: bytes) -> None:
    with pytest.raises(NotConfigured) as refused:
        receive(gitea_headers(NAME, body, ""), body, secret="")
    assert refused.value.status == 503


def test_forgejo_signature_header_alone_is_accepted() -> None:
    headers = without_signatures(gitea_headers(NAME, BODY, SECRET)) | {"X-Forgejo-Signature": hex_hmac(BODY)}
    assert isinstance(receive(headers), InboundEvent)


def test_wrong_forgejo_signature_is_refused() -> None:
    headers = without_signatures(gitea_headers(NAME, BODY, SECRET)) | {
        "X-Forgejo-Signature": hex_hmac(BODY, "wrong")
    }
    with pytest.raises(SignatureError):
        receive(headers)


def test_form_body_is_verified_over_the_json_payload_gitea_signed() -> None:
    """deliver.go writes the HMAC over ``t.PayloadContent`` and sends ``payload=<that>`` as the body."""
    body = form_body(BODY)
    headers = gitea_headers(NAME, BODY, SECRET) | {"Content-Type": FORM}
    assert signed_payload(body, FORM) == BODY
    from_form, from_json = receive(headers, body), receive(gitea_headers(NAME, BODY, SECRET))
    assert isinstance(from_form, InboundEvent) and isinstance(from_json, InboundEvent)
    assert from_form.model_dump(exclude={"delivery_id"}) == from_json.model_dump(exclude={"delivery_id"})


def test_form_body_signed_over_the_raw_form_bytes_is_refused() -> None:
    body = form_body(BODY)
    headers = without_signatures(gitea_headers(NAME, BODY, SECRET)) | {
        "Content-Type": f"{FORM}; charset=utf-8",
        "X-Gitea-Signature": hex_hmac(body),
    }
    with pytest.raises(SignatureError):
        receive(headers, body)


@pytest.mark.parametrize("body", [b"payloa=%7B%7D", b"payload=a&payload=b", b"payload=%ff%fe", b"%%%"])
def test_malformed_form_body_is_a_400(body: bytes) -> None:
    headers = gitea_headers(NAME, BODY, SECRET) | {"Content-Type": FORM}
    with pytest.raises(MalformedPayload) as refused:
        receive(headers, body)
    assert refused.value.status == 400


def test_every_refusal_is_a_webhook_error() -> None:
    for error in (SignatureError, NotConfigured, MalformedPayload):
        assert issubclass(error, WebhookError)
