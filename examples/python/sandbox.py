"""A sandbox organization tested with its own client (contract 6.10): an order of two units, moved on with
simulations as the warehouse would: allocated, one unit shipped in a parcel named here, the other in a SANDBOX
parcel with a made-up tracking number, both delivered. Nothing of a sandbox reaches a warehouse or is billed.
Then a simulation the order's state does not allow answers FAILED with the reason (200, nothing changed).
Standard library only.

  GATEWAY_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... ORGANIZATION_ID=... STORE_ID=... python3 sandbox.py

Without those variables it reads the sandbox `npm start` keeps in DATA_DIR/sandbox.json (DATA_DIR default ../../.data).
"""
import json
import os
import time

from gateway import Gateway, TokenSource


def credentials():
    keys = ("CLIENT_ID", "CLIENT_SECRET", "ORGANIZATION_ID", "STORE_ID")
    if all(os.environ.get(k) for k in keys):
        return tuple(os.environ[k] for k in keys)
    path = os.path.join(os.environ.get("DATA_DIR", os.path.join(os.path.dirname(__file__), "..", "..", ".data")), "sandbox.json")
    with open(path) as file:
        stored = json.load(file)
    return stored["client"]["client_id"], stored["client"]["client_secret"], stored["organization"]["id"], stored["store"]["id"]


def main():
    client_id, client_secret, organization_id, store_id = credentials()
    gateway = Gateway(TokenSource(client_id, client_secret))
    organization = f"/v0/organizations/{organization_id}"

    def simulate(step):
        _, _, outcome = gateway.call("POST", f"{organization}/sandbox/simulations", step)
        return outcome

    # A unit the sandbox has two of to sell.
    _, _, inventory = gateway.call("GET", f"{organization}/inventory")
    barcode = next(i["barcode"] for group in inventory["items"] for i in group["items"] if i["sellable"] >= 2)

    reference = f"python-sandbox-{int(time.time() * 1000)}"
    order = {
        "orderReference": reference,
        "customer": {"firstName": "Sam", "lastName": "Box"},
        "shippingAddress": {"name": "Sam Box", "line1": "Teststraat 1", "postalCode": "1011 AA", "city": "Amsterdam", "countryCode": "NL"},
        "lineItems": [{"sku": barcode, "barcode": barcode, "quantity": 2}],
    }
    status, _, created = gateway.call("POST", f"{organization}/stores/{store_id}/sales-orders", order, headers={"Idempotency-Key": "order-" + reference})
    print(f"sales order: {status} {created['status']} ({created['environment']}), 2 x {barcode}")

    parcel = {"carrier": "PostNord", "trackingNumber": "0037071234567890", "trackingUrl": "https://tracking.carrier.example/postnord/?id=0037071234567890",
              "lines": [{"barcode": barcode, "quantity": 1}]}
    for step in (
        {"action": "ALLOCATE", "salesOrderId": created["id"]},
        {"action": "SHIP", "salesOrderId": created["id"], "shipment": parcel},
        {"action": "SHIP", "salesOrderId": created["id"]},
        {"action": "DELIVER", "salesOrderId": created["id"]},
    ):
        outcome = simulate(step)
        if outcome["outcome"] != "SUCCESS":
            raise SystemExit(f"{step['action']}: {outcome['outcome']}, {outcome['reason']}")
        moved = outcome["result"]["salesOrder"]
        print(f"{step['action']}: {outcome['outcome']}, order {moved['status']}, fulfilment {moved['fulfilmentStatus']}")

    _, _, read = gateway.call("GET", f"{organization}/stores/{store_id}/sales-orders/{created['id']}")
    for s in read["shipments"]:
        print(f"parcel {s['carrier']}: {s['status']}, track it at {s['trackingUrl']}")

    refused = simulate({"action": "DELIVER", "salesOrderId": created["id"]})
    print(f"DELIVER again: {refused['outcome']}, {refused['reason']}")


if __name__ == "__main__":
    main()
