"""A webhook receiver that verifies each delivery's Standard Webhooks signature by hand (hmac, hashlib,
base64): HMAC-SHA256 over "webhook-id.webhook-timestamp.body" with the endpoint's secret (the base64 after
"whsec_"), compared in constant time with every "v1,<signature>" of webhook-signature (two while a
secret is being rotated), and a timestamp at most five minutes away. Each event is handled once (a retry
keeps its webhook-id). Standard library only.

  WEBHOOK_SECRET=whsec_... PORT=8000 python3 webhook_receiver.py
"""
import base64
import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

TOLERANCE_SECONDS = 5 * 60


def verify(secret, headers, body, now=None):
    """The event, or ValueError when the signature or the timestamp is wrong."""
    webhook_id, timestamp, signatures = headers.get("webhook-id"), headers.get("webhook-timestamp"), headers.get("webhook-signature")
    if not (webhook_id and timestamp and signatures):
        raise ValueError("missing webhook headers")
    if abs((now or time.time()) - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("timestamp too far from now")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    expected = base64.b64encode(hmac.new(key, f"{webhook_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()).decode()
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return json.loads(body)
    raise ValueError("no valid signature")


def serve(secret, port, on_event):
    handled = set()  # in production: your database, with a unique constraint on the webhook-id

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            # Verify the raw body exactly as received: parsing and re-serializing it breaks the signature.
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            try:
                event = verify(secret, {name.lower(): value for name, value in self.headers.items()}, body)
            except ValueError as error:
                self.send_response(400)
                self.end_headers()
                print(f"refused: {error}", flush=True)
                return
            webhook_id = self.headers["webhook-id"]
            if webhook_id not in handled:
                handled.add(webhook_id)
                on_event(webhook_id, event)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", port), Handler)
    print(f"listening on http://127.0.0.1:{server.server_port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    serve(os.environ["WEBHOOK_SECRET"], int(os.environ.get("PORT", "8000")), lambda webhook_id, event: print(f"verified {event['type']} {webhook_id}", flush=True))
    sys.exit(0)
