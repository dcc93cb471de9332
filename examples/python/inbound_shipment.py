"""Stock announced to a warehouse, as a merchant's system does it: an inbound shipment to the warehouse a store
uses (with an Idempotency-Key, replayed on a retry), read back, its arrival date and lines changed (PATCH, lines
replaced whole) while the warehouse awaits it, then cancelled: cancelling again answers the cancelled shipment
unchanged, and a cancelled shipment cannot change. Standard library only.

  GATEWAY_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... python3 inbound_shipment.py
"""
import datetime
import os
import time

from gateway import ProblemError, from_environment

ORGANIZATION_ID = os.environ.get("ORGANIZATION_ID", "0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01")
WAREHOUSE_ID = os.environ.get("WAREHOUSE_ID", "wh-ams-1")
BARCODES = os.environ.get("BARCODES", "8710000000011,8710000000028").split(",")


def main():
    gateway = from_environment()
    reference = f"PO-python-{int(time.time() * 1000)}"
    in_a_week = (datetime.date.today() + datetime.timedelta(days=7)).isoformat()
    shipment = {
        "reference": reference,
        "warehouseId": WAREHOUSE_ID,
        "expectedArrivalDate": in_a_week,
        "carrier": "DB Schenker",
        "trackingNumber": "SCH-88123",
        "lines": [{"barcode": BARCODES[0], "quantity": 40}, {"barcode": BARCODES[1], "quantity": 12}],
    }
    collection = f"/v0/organizations/{ORGANIZATION_ID}/inbound-shipments"
    key = {"Idempotency-Key": f"inbound-{reference}"}
    status, headers, created = gateway.call("POST", collection, shipment, key)
    print(f"announced: {status} {created['status']}, {len(created['lines'])} lines to {created['warehouseId']}")
    status, replay_headers, replayed = gateway.call("POST", collection, shipment, key)
    print(f"retried with the same key: {status}, replayed: {replay_headers.get('Idempotent-Replayed') == 'true' and replayed == created}")

    _, _, read = gateway.call("GET", headers["Location"])
    print(f"read back: {read['status']}, " + ", ".join(f"{l['sku']} {l['receivedQuantity']}/{l['expectedQuantity']}" for l in read["lines"]))

    a_week_later = (datetime.date.today() + datetime.timedelta(days=14)).isoformat()
    status, _, changed = gateway.call("PATCH", headers["Location"], {"expectedArrivalDate": a_week_later, "lines": [{"barcode": BARCODES[0], "quantity": 48}]})
    print(f"changed: {status}, a week later, now {len(changed['lines'])} line of {changed['lines'][0]['expectedQuantity']}")

    cancel = headers["Location"] + "/cancel"
    status, _, cancelled = gateway.call("POST", cancel)
    print(f"cancelled: {status} {cancelled['status']}")
    status, _, again = gateway.call("POST", cancel)
    print(f"cancelled again: {status}, unchanged: {again == cancelled}")

    try:
        gateway.call("PATCH", headers["Location"], {"carrier": "DHL Freight"})
    except ProblemError as error:
        print(f"a cancelled shipment cannot change: {error.status} {error.type}")


if __name__ == "__main__":
    main()
