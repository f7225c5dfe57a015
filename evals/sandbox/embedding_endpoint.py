"""A stand-in for a learner's embedding provider: an OpenAI-compatible ``/embeddings`` endpoint on loopback.

It lives with the other stand-ins (the sandbox forge), not with the judges: it serves vectors to the bot,
and a stand-in may use the product's bundled encoder, whereas a judge may not read anything the bot wrote
with the bot's own code.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class EmbeddingEndpoint:
    """An OpenAI-compatible ``/embeddings`` endpoint on loopback serving the local model's vectors.

    It can go down (the port closes, so the bot's request fails to connect) and come back on the same
    address, which is what a learner's embedding provider does during an outage.
    """

    def __init__(self) -> None:
        self._server: ThreadingHTTPServer | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> None:
        from rag.provider import local_encoder  # noqa: PLC0415 - loads onnxruntime only when started

        class Embeddings(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                texts = json.loads(self.rfile.read(int(self.headers["Content-Length"])))["input"]
                vectors = local_encoder().encode(list(texts)).tolist()
                body = json.dumps({"data": [{"embedding": v} for v in vectors]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Embeddings)
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
