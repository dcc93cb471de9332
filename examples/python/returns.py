"""A return as a shop's connector handles one: announced for an order that shipped (with an Idempotency-Key, so a
retry after a timeout answers the same return), read back with the order's returns and the organization's list,
refused when it would take back more than shipped, and cancelled while it has not arrived: cancelling again
answers the cancelled return unchanged. The warehouse marks returns arrived and processes them (internal
gateway); the return.* webhooks tell you when. Standard library only.

  GATEWAY_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... SALES_ORDER_ID=<a shipped order> python3 returns.py
"""
import os

from gateway import ProblemError, from_environment

ORGANIZATION_ID = os.environ.get("ORGANIZATION_ID", "0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01")
STORE_ID = os.environ.get("STORE_ID", "store-nordic-web")
BARCODE = os.environ.get("BARCODE", "8710000000011")


def main():
    gateway = from_environment()
    sales_order_id = os.environ["SALES_ORDER_ID"]
    of_order = f"/v0/organizations/{ORGANIZATION_ID}/stores/{STORE_ID}/sales-orders/{sales_order_id}/returns"
    announcement = {"reference": f"RMA-{sales_order_id[:8]}", "reason": "NO_LONGER_NEEDED", "lines": [{"barcode": BARCODE, "quantity": 1}]}
    key = {"Idempotency-Key": f"return-{sales_order_id}"}
    status, headers, created = gateway.call("POST", of_order, announcement, key)
    line = created["lines"][0]
    print(f"return: {status} {created['status']} at {created['warehouseId']}, {line['quantity']} x {line['sku']} ({line['action']})")
    status, _, replayed = gateway.call("POST", of_order, announcement, key)
    print(f"sent again with its key: {status}, the same return: {replayed['id'] == created['id']}")

    _, _, listed = gateway.call("GET", of_order)
    print(f"the order's returns: {len(listed['items'])}")
    _, _, page = gateway.call("GET", f"/v0/organizations/{ORGANIZATION_ID}/returns", query={"status": "AWAITING_ARRIVAL", "limit": 100})
    print(f"awaiting arrival in the organization: includes it: {any(r['id'] == created['id'] for r in page['items'])}")

    try:
        gateway.call("POST", of_order, {"reason": "OTHER", "lines": [{"barcode": BARCODE, "quantity": 1000}]})
    except ProblemError as error:
        print(f"more than shipped: {error.status} {error.type}")

    cancel = headers["Location"] + "/cancel"
    status, _, cancelled = gateway.call("POST", cancel)
    print(f"cancelled: {status} {cancelled['status']}")
    status, _, again = gateway.call("POST", cancel)
    print(f"cancelled again: {status}, unchanged: {again == cancelled}")


if __name__ == "__main__":
    main()
