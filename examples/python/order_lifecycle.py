"""An order's life as a shop's connector sees it: the catalogue read to map a SKU to its barcode, a sales order
with its shipping address (and an Idempotency-Key), read back, its address corrected (PATCH), then called back
(cancel, with a reason and a key of its own): cancelling again answers the cancelled order unchanged. Standard
library only.

  GATEWAY_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... python3 order_lifecycle.py
"""
import os
import time

from gateway import ProblemError, from_environment

ORGANIZATION_ID = os.environ.get("ORGANIZATION_ID", "0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01")
STORE_ID = os.environ.get("STORE_ID", "store-nordic-web")
SKU = os.environ.get("SKU", "NOS-TENT-2P")


def retail_units(gateway, **filters):
    """Every retail unit of the organization that matches, page after page (by barcode)."""
    query = {"limit": 100, **filters}
    while True:
        _, _, page = gateway.call("GET", f"/v0/organizations/{ORGANIZATION_ID}/retail-units", query=query)
        yield from page["items"]
        if not page.get("nextCursor"):
            return
        query = {**query, "cursor": page["nextCursor"]}


def main():
    gateway = from_environment()
    units = list(retail_units(gateway, sku=SKU))
    print(f"catalogue: {SKU} is barcode {units[0]['barcode']} ({units[0]['name']})")

    reference = f"python-{int(time.time() * 1000)}"
    order = {
        "orderReference": reference,
        "customer": {"firstName": "Ada", "lastName": "Python"},
        "shippingAddress": {"name": "Ada Python", "line1": "Storgatan 12", "postalCode": "111 51", "city": "Stockholm", "countryCode": "SE"},
        "lineItems": [{"sku": SKU, "barcode": units[0]["barcode"], "quantity": 1}],
    }
    orders = f"/v0/organizations/{ORGANIZATION_ID}/stores/{STORE_ID}/sales-orders"
    status, headers, created = gateway.call("POST", orders, order, {"Idempotency-Key": f"order-{reference}"})
    address = created["shippingAddress"]
    print(f"sales order: {status} {created['status']}, to {address['city']} {address['countryCode']}")

    _, _, read = gateway.call("GET", headers["Location"])
    print(f"read back: {read['fulfilmentStatus']}, to {read['shippingAddress']['line1']}")

    corrected = {**address, "line1": "Storgatan 14", "line2": "c/o Lind"}
    status, _, changed = gateway.call("PATCH", headers["Location"], {"shippingAddress": corrected})
    print(f"address corrected: {status}, to {changed['shippingAddress']['line1']}, {changed['shippingAddress']['line2']}")

    cancel = headers["Location"] + "/cancel"
    status, _, cancelled = gateway.call("POST", cancel, {"reason": "customer changed their mind"}, {"Idempotency-Key": f"cancel-{reference}"})
    print(f"cancelled: {status} {cancelled['status']}/{cancelled['fulfilmentStatus']}, reason: {cancelled['cancellationReason']}")
    status, _, again = gateway.call("POST", cancel, {"reason": "sent twice"})
    print(f"cancelled again: {status}, unchanged: {again == cancelled}")

    try:
        gateway.call("PATCH", headers["Location"], {"shippingAddress": corrected})
    except ProblemError as error:
        print(f"a cancelled order's address cannot change: {error.status} {error.type}")


if __name__ == "__main__":
    main()
