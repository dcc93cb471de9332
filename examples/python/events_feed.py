"""Catching up on events by reading the feed (GET /v0/organizations/{id}/events): every page, oldest first,
following nextCursor; what a receiver that missed webhook deliveries does. Standard library only.

  GATEWAY_URL=... CLIENT_ID=... CLIENT_SECRET=... python3 events_feed.py [since, e.g. 2026-09-18T00:00:00Z]
"""
import os
import sys

from gateway import from_environment

ORGANIZATION_ID = os.environ.get("ORGANIZATION_ID", "0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01")


def events(gateway, since=None, limit=50):
    query = {"limit": limit, **({"since": since} if since else {})}
    while True:
        _, _, page = gateway.call("GET", f"/v0/organizations/{ORGANIZATION_ID}/events", query=query)
        yield from page["items"]
        if not page.get("nextCursor"):
            return
        query = {**query, "cursor": page["nextCursor"]}


def main():
    gateway = from_environment()
    counts = {}
    for event in events(gateway, sys.argv[1] if len(sys.argv) > 1 else None):
        counts[event["type"]] = counts.get(event["type"], 0) + 1
    print("events: " + ", ".join(f"{kind} {count}" for kind, count in sorted(counts.items())) if counts else "events: none")


if __name__ == "__main__":
    main()
