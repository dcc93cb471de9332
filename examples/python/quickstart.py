"""A token, its reuse and its renewal, then a sales order with an Idempotency-Key, sent twice: the second answer is the
first one replayed (Idempotent-Replayed: true), not a second order. Standard library only.

  GATEWAY_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... python3 quickstart.py
"""
import os
import time

from gateway import ProblemError, from_environment

ORGANIZATION_ID = os.environ.get("ORGANIZATION_ID", "0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01")
STORE_ID = os.environ.get("STORE_ID", "store-nordic-web")


def main():
    gateway = from_environment()
    _, _, me = gateway.call("GET", "/v0/whoami")
    gateway.call("GET", "/v0/organizations")
    print(f"token: minted {gateway.tokens.minted} for two calls, as {me['clientType']}")
    # As if the token's last minute had come: the next call renews it first.
    gateway.tokens.renew_at = time.time()
    gateway.call("GET", "/v0/whoami")
    print(f"token: renewed before it expired ({gateway.tokens.minted} minted)")

    reference = f"python-{int(time.time() * 1000)}"
    order = {"orderReference": reference, "customer": {"firstName": "Ada", "lastName": "Python"}, "lineItems": [{"sku": "NOS-TENT-2P", "barcode": "8710000000011", "quantity": 1}]}
    path = f"/v0/organizations/{ORGANIZATION_ID}/stores/{STORE_ID}/sales-orders"
    # One key per order: a retry after a timeout sends the same key and gets the first answer back.
    headers = {"Idempotency-Key": f"order-{reference}"}
    status, _, created = gateway.call("POST", path, order, headers)
    print(f"sales order: {status} {created['status']}, fulfilment order {created['fulfilmentOrderId'][:3]}...")
    status, answer_headers, replayed = gateway.call("POST", path, order, headers)
    same = "the same order" if replayed["id"] == created["id"] else "ANOTHER ORDER"
    print(f"sent again with the same Idempotency-Key: {status} {same}, Idempotent-Replayed: {answer_headers.get('Idempotent-Replayed')}")

    try:
        gateway.call("POST", path, {**order, "orderReference": reference + "-changed"}, headers)
    except ProblemError as error:
        print(f"the same key with another body: {error.status} {error.type}")


if __name__ == "__main__":
    main()
