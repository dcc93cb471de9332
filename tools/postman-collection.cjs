// The Postman collection (v2.1) of the public API, generated from openapi/public.json by openapi-to-postmanv2
// and made runnable as it is (`npm run openapi` writes it to openapi/public.postman_collection.json):
// - ids derived from each item's place, so that an unchanged document gives the same file;
// - auth bearer {{accessToken}}, minted by a collection pre-request script with the client credentials
//   {{clientId}} / {{clientSecret}} (client_secret_post) and renewed a minute before it expires
//   (newman does not run Postman's interactive OAuth 2.0 helper);
// - variables baseUrl, clientId, clientSecret, organizationId and storeId (the demo data's); request bodies
//   and parameters from the document's examples (a date-time in a body becomes the time of the run);
// - a POST that creates a resource keeps its `id` for the requests whose path names it (a sales order, a
//   webhook endpoint), which run after it; a POST that ends a resource (cancel) runs after its other
//   requests, and DELETEs run last: the sales order is created (with its address), read, changed, cancelled;
// - tests: each request answers its documented success status (and the RateLimit fields, when the gateway
//   sends them, have their IETF form); one deliberate refusal checks the problem body and its type page;
// - returns: the collection cannot ship its order (shipping is the warehouse's, on the internal gateway), so
//   the return of it is refused as the document says (409 return-quantity-exceeded), the lists answer, and
//   reading or cancelling a return answers 404 (REFUSED_HERE).
// - the sandbox (contract 6.10): a folder of its own, last, with the credentials and ids of a sandbox
//   organization (sandboxClientId, sandboxClientSecret, sandboxOrganizationId, sandboxStoreId, sandboxBarcode)
//   and a bearer token of its own: it creates an order, simulates it to delivery (SHIP, then DELIVER) and finds
//   the order's webhook events in the events feed. The simulations operation is in that folder only: on the
//   demo data (live) it could only be refused.
// Run as a program (`node tools/postman-collection.cjs`), it prints the collection of openapi/public.json.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const Converter = require('openapi-to-postmanv2');

const TOKEN_PATH = '/oauth2/token';
/** Path parameters that are collection variables (the demo data's values by default). */
const VARIABLES = { organizationId: '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01', storeId: 'store-nordic-web' };

const script = (lines) => ({ type: 'text/javascript', exec: lines });

const PRE_REQUEST = [
  '// A full date in a body ({{arrivalDate}}) is a week after the run: an announced arrival must not lie in the past.',
  "pm.collectionVariables.set('arrivalDate', new Date(Date.now() + 7 * 86400000).toISOString().slice(0, 10));",
  '// Mints a client-credentials token (client_secret_post) when there is none or it expires within a minute.',
  `if (pm.request.url.getPath() === '${TOKEN_PATH}') return;`,
  "const expiresAt = Number(pm.collectionVariables.get('accessTokenExpiresAt') || 0);",
  "if (pm.collectionVariables.get('accessToken') && Date.now() < expiresAt - 60000) return;",
  'pm.sendRequest({',
  `  url: pm.variables.replaceIn('{{baseUrl}}') + '${TOKEN_PATH}',`,
  "  method: 'POST',",
  "  header: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },",
  "  body: { mode: 'urlencoded', urlencoded: [",
  "    { key: 'grant_type', value: 'client_credentials' },",
  "    { key: 'client_id', value: pm.variables.replaceIn('{{clientId}}') },",
  "    { key: 'client_secret', value: pm.variables.replaceIn('{{clientSecret}}') },",
  '  ] },',
  '}, (error, response) => {',
  '  if (error || response.code !== 200) throw new Error(`token request failed: ${error || response.code + " " + response.text()}`);',
  '  const token = response.json();',
  "  pm.collectionVariables.set('accessToken', token.access_token);",
  "  pm.collectionVariables.set('accessTokenExpiresAt', String(Date.now() + token.expires_in * 1000));",
  '});',
];

/** Tests of what a chained request must show beyond its status, by method and path template. */
const CHAIN_TESTS = {
  'POST /v0/organizations/{organizationId}/stores/{storeId}/sales-orders': [
    "pm.test('the order is created with its shipping address', () => pm.expect(pm.response.json().shippingAddress).to.be.an('object'));",
  ],
  'GET /v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}': [
    "pm.test('the order reads back with its shipping address', () => {",
    "  pm.expect(pm.response.json().id).to.equal(pm.collectionVariables.get('salesOrderId'));",
    "  pm.expect(pm.response.json().shippingAddress).to.be.an('object');",
    '});',
  ],
  'POST /v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/cancel': [
    "pm.test('the order is cancelled, with its reason', () => {",
    '  const order = pm.response.json();',
    "  pm.expect([order.id, order.status, order.fulfilmentStatus]).to.deep.equal([pm.collectionVariables.get('salesOrderId'), 'CANCELLED', 'CANCELLED']);",
    "  pm.expect(order.cancellationReason).to.be.a('string');",
    '});',
  ],
};

/**
 * Operations that cannot succeed in a public-only run, with the answer they give instead: a return needs an
 * order that shipped, and shipping is the warehouse's (internal gateway).
 */
const REFUSED_HERE = {
  'POST /v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/returns': {
    status: 409,
    type: '/problems/return-quantity-exceeded',
    why: 'nothing shipped: shipping is the warehouse’s',
  },
  'GET /v0/organizations/{organizationId}/returns/{returnId}': { status: 404, type: '/problems/not-found', why: 'the collection makes no return' },
  'POST /v0/organizations/{organizationId}/returns/{returnId}/cancel': { status: 404, type: '/problems/not-found', why: 'the collection makes no return' },
};

Object.assign(CHAIN_TESTS, {
  'POST /v0/organizations/{organizationId}/inbound-shipments': [
    "pm.test('the inbound shipment is announced, awaited', () => pm.expect(pm.response.json().status).to.equal('AWAITING'));",
  ],
  'GET /v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}': [
    "pm.test('the inbound shipment reads back', () => pm.expect(pm.response.json().id).to.equal(pm.collectionVariables.get('inboundShipmentId')));",
  ],
  'PATCH /v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}': [
    "pm.test('the inbound shipment is changed, still awaited', () => {",
    '  const shipment = pm.response.json();',
    "  pm.expect([shipment.id, shipment.status, shipment.expectedArrivalDate]).to.deep.equal([pm.collectionVariables.get('inboundShipmentId'), 'AWAITING', pm.collectionVariables.get('arrivalDate')]);",
    '});',
  ],
  'POST /v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}/cancel': [
    "pm.test('the inbound shipment is cancelled', () => pm.expect(pm.response.json().status).to.equal('CANCELLED'));",
  ],
});

const SIMULATIONS = '/v0/organizations/{organizationId}/sandbox/simulations';

/** The sandbox folder's own token, minted like the collection's but with the sandbox organization's client. */
const SANDBOX_PRE_REQUEST = PRE_REQUEST.filter((line) => !line.includes('arrivalDate'))
  .join('\n')
  .replaceAll("'accessToken'", "'sandboxAccessToken'")
  .replaceAll("'accessTokenExpiresAt'", "'sandboxAccessTokenExpiresAt'")
  .replaceAll('{{clientId}}', '{{sandboxClientId}}')
  .replaceAll('{{clientSecret}}', '{{sandboxClientSecret}}')
  .split('\n');

/** A request of the sandbox folder: method, path (with :variables bound to collection variables), body, tests. */
function sandboxRequest(name, method, path, { body, query = [], tests, preRequest }) {
  const segments = path.split('/').filter(Boolean);
  const variables = segments.filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1));
  const raw = `{{baseUrl}}/${segments.join('/')}${query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : ''}`;
  return {
    name,
    request: {
      method,
      header: [{ key: 'Accept', value: 'application/json' }, ...(body ? [{ key: 'Content-Type', value: 'application/json' }] : [])],
      ...(body ? { body: { mode: 'raw', raw: JSON.stringify(body, null, 2), options: { raw: { language: 'json' } } } } : {}),
      url: {
        raw,
        host: ['{{baseUrl}}'],
        path: segments,
        ...(query.length ? { query } : {}),
        variable: variables.map((key) => ({
          key,
          value: `{{${key.replace(/^organizationId$/, 'sandboxOrganizationId').replace(/^storeId$/, 'sandboxStoreId')}}}`,
        })),
      },
    },
    response: [],
    event: [...(preRequest ? [{ listen: 'prerequest', script: script(preRequest) }] : []), { listen: 'test', script: script([...tests, ...RATE_LIMIT_TEST]) }],
  };
}

/** The sandbox folder: an order created, simulated to delivery, and its events read back. */
function sandboxFolder() {
  const simulate = (action) => ({ action, salesOrderId: '{{sandboxSalesOrderId}}' });
  const simulations = '/v0/organizations/:organizationId/sandbox/simulations';
  return {
    name: 'Sandbox: an order simulated to delivery',
    description:
      'Runs with a sandbox organization (set sandboxClientId, sandboxClientSecret, sandboxOrganizationId, sandboxStoreId and sandboxBarcode, a retail unit with stock): `npm start` prints them for the sandbox it creates. Creates an order, ships and delivers it with simulations, and finds its webhook events in the events feed.',
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{sandboxAccessToken}}', type: 'string' }] },
    event: [{ listen: 'prerequest', script: script(SANDBOX_PRE_REQUEST) }],
    item: [
      sandboxRequest('Sandbox: create a sales order', 'POST', '/v0/organizations/:organizationId/stores/:storeId/sales-orders', {
        body: {
          orderReference: 'sandbox-{{$timestamp}}',
          customer: { firstName: 'Sam' },
          lineItems: [{ sku: 'any', barcode: '{{sandboxBarcode}}', quantity: 1 }],
        },
        tests: ["pm.test('answers 201', () => pm.response.to.have.status(201));", "pm.collectionVariables.set('sandboxSalesOrderId', pm.response.json().id);"],
      }),
      sandboxRequest('Sandbox: simulate SHIP', 'POST', simulations, {
        body: simulate('SHIP'),
        tests: [
          "pm.test('answers 200', () => pm.response.to.have.status(200));",
          "pm.test('the sandbox order ships in a SANDBOX parcel', () => {",
          '  const { outcome, result } = pm.response.json();',
          "  pm.expect([outcome, result.salesOrder.status, result.shipment.carrier]).to.deep.equal(['SUCCESS', 'SHIPPED', 'SANDBOX']);",
          "  pm.expect(result.shipment.trackingUrl).to.equal('https://tracking.sandbox.invalid/' + result.shipment.trackingNumber);",
          '});',
        ],
      }),
      sandboxRequest('Sandbox: simulate DELIVER', 'POST', simulations, {
        body: simulate('DELIVER'),
        tests: [
          "pm.test('answers 200', () => pm.response.to.have.status(200));",
          "pm.test('the sandbox order is delivered', () => {",
          '  const { outcome, result } = pm.response.json();',
          "  pm.expect([outcome, result.salesOrder.status]).to.deep.equal(['SUCCESS', 'DELIVERED']);",
          '});',
        ],
      }),
      sandboxRequest('Sandbox: the order in the events feed', 'GET', '/v0/organizations/:organizationId/events', {
        query: [{ key: 'types', value: 'sales_order.created,sales_order.shipment_created,sales_order.delivered' }],
        // The webhook dispatcher fills the feed a moment after each step: the request waits (10 s at most) until it holds the three.
        preRequest: [
          "const want = ['sales_order.created', 'sales_order.shipment_created', 'sales_order.delivered'];",
          "const url = pm.variables.replaceIn('{{baseUrl}}/v0/organizations/{{sandboxOrganizationId}}/events?types=') + want.join(',');",
          'const poll = (left) =>',
          "  pm.sendRequest({ url, header: { Authorization: 'Bearer ' + pm.collectionVariables.get('sandboxAccessToken') } }, (error, response) => {",
          '    const items = !error && response.code === 200 ? response.json().items : [];',
          "    const mine = items.filter((i) => [i.data.id, i.data.salesOrderId].includes(pm.collectionVariables.get('sandboxSalesOrderId')));",
          '    if (mine.length < want.length && left > 0) setTimeout(() => poll(left - 1), 500);',
          '  });',
          'poll(20);',
        ],
        tests: [
          "pm.test('answers 200', () => pm.response.to.have.status(200));",
          "pm.test('the events of the sandbox order are in the feed', () => {",
          "  const mine = pm.response.json().items.filter((i) => [i.data.id, i.data.salesOrderId].includes(pm.collectionVariables.get('sandboxSalesOrderId')));",
          "  pm.expect(mine.map((i) => i.type)).to.deep.equal(['sales_order.created', 'sales_order.shipment_created', 'sales_order.delivered']);",
          '});',
        ],
      }),
    ],
  };
}

const RATE_LIMIT_TEST = [
  "pm.test('RateLimit fields, when sent, have their IETF form', () => {",
  "  if (pm.response.headers.has('RateLimit')) pm.expect(pm.response.headers.get('RateLimit')).to.match(/^\"[^\"]+\";r=\\d+;t=\\d+$/);",
  "  if (pm.response.headers.has('RateLimit-Policy')) pm.expect(pm.response.headers.get('RateLimit-Policy')).to.match(/^\"[^\"]+\";q=\\d+;w=\\d+$/);",
  '});',
];

/** A UUID derived from `seed`: the same place in the collection gets the same id on every run. */
function stableId(seed) {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function firstExample(content) {
  if (!content) return undefined;
  if (content.example !== undefined) return content.example;
  const first = Object.values(content.examples ?? {})[0];
  return first?.value;
}

/** An example's date-times become the time of the run ({{$isoTimestamp}}), its full dates a week after it ({{arrivalDate}}): a fixed date ages past the limits of an operation (recover: 30 days; an arrival: today). */
function relativeTimes(value) {
  if (Array.isArray(value)) return value.map(relativeTimes);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, relativeTimes(entry)]));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return '{{arrivalDate}}';
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? '{{$isoTimestamp}}' : value;
}

function convert(document) {
  return new Promise((resolve, reject) => {
    Converter.convert(
      { type: 'json', data: document },
      { parametersResolution: 'Example', folderStrategy: 'Tags', alwaysInheritAuthentication: true, enableOptionalParameters: false, includeWebhooks: false },
      (error, result) => (error ? reject(error) : result.result ? resolve(result.output[0].data) : reject(new Error(result.reason))),
    );
  });
}

/** The document's operation of a converted request: its method and path template. */
function operationOf(document, request) {
  const template = `/${request.url.path.map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment)).join('/')}`;
  return { template, operation: document.paths[template]?.[request.method.toLowerCase()] };
}

/** The path parameters a POST on `template` creates: `{template}/{x}` in the document names x. */
function createdIds(document, template) {
  return Object.keys(document.paths)
    .map((path) => new RegExp(`^${template.replace(/[{}]/g, '\\$&')}/\\{(\\w+)\\}$`).exec(path)?.[1])
    .filter(Boolean);
}

function shapeRequest(document, item, created) {
  const { template, operation } = operationOf(document, item.request);
  if (!operation) throw new Error(`no operation for ${item.request.method} ${template}`);
  const request = item.request;
  const successStatus = Number(Object.keys(operation.responses).find((status) => status.startsWith('2')));
  // Path parameters: collection variables, ids kept from an earlier answer, else the document's example.
  for (const variable of request.url.variable ?? []) {
    const parameter = (operation.parameters ?? []).find((p) => p.in === 'path' && p.name === variable.key);
    variable.value = variable.key in VARIABLES || created.has(variable.key) ? `{{${variable.key}}}` : String(firstExample(parameter) ?? variable.value);
    delete variable.type;
  }
  // Query: only required parameters, with their example.
  request.url.query = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => ({ key: p.name, value: String(firstExample(p)) }));
  // Headers: an Idempotency-Key new on every run (a run creates new orders); other header examples as documented.
  for (const header of request.header ?? []) {
    const parameter = (operation.parameters ?? []).find((p) => p.in === 'header' && p.name.toLowerCase() === header.key.toLowerCase());
    if (!parameter) continue;
    header.value = header.key.toLowerCase() === 'idempotency-key' ? '{{$guid}}' : String(firstExample(parameter) ?? header.value);
    if (parameter.required || header.key.toLowerCase() === 'idempotency-key') delete header.disabled;
  }
  const content = operation.requestBody?.content ?? {};
  if (request.body?.mode === 'raw' && content['application/json']) {
    request.body.raw = JSON.stringify(relativeTimes(firstExample(content['application/json'])), null, 2);
  }
  if (request.body?.mode === 'urlencoded') {
    request.body.urlencoded = [
      { key: 'grant_type', value: 'client_credentials' },
      { key: 'client_id', value: '{{clientId}}' },
      { key: 'client_secret', value: '{{clientSecret}}' },
    ];
  }
  if (template === TOKEN_PATH) request.auth = { type: 'noauth' };
  const refused = REFUSED_HERE[`${request.method} ${template}`];
  const tests = refused
    ? [
        `pm.test('answers ${refused.status} ${refused.type} (${refused.why})', () => {`,
        `  pm.response.to.have.status(${refused.status});`,
        `  pm.expect(pm.response.json().type).to.equal('${refused.type}');`,
        '});',
      ]
    : [`pm.test('answers ${successStatus}', () => pm.response.to.have.status(${successStatus}));`];
  if (operation.security?.length) tests.push(...RATE_LIMIT_TEST);
  tests.push(...(CHAIN_TESTS[`${request.method} ${template}`] ?? []));
  if (request.method === 'POST') {
    for (const id of createdIds(document, template)) {
      tests.push(`if (pm.response.code === ${successStatus}) pm.collectionVariables.set('${id}', pm.response.json().id);`);
      created.add(id);
    }
  }
  // Only the success answers stay as saved examples (the problem answers all share one shape).
  item.response = (item.response ?? []).filter((response) => response.code >= 200 && response.code < 300);
  item.event = [{ listen: 'test', script: script(tests) }];
  delete item.protocolProfileBehavior;
  return { item, template, method: request.method };
}

/** One request the gateway refuses on purpose: its problem body, and the page its type resolves to. */
function refusalItem() {
  return {
    name: 'A refusal: an unknown invoice (404 problem, its type a page)',
    request: {
      method: 'GET',
      header: [{ key: 'Accept', value: 'application/json' }],
      url: {
        raw: '{{baseUrl}}/v0/organizations/:organizationId/invoices/inv-does-not-exist',
        host: ['{{baseUrl}}'],
        path: ['v0', 'organizations', ':organizationId', 'invoices', 'inv-does-not-exist'],
        variable: [{ key: 'organizationId', value: '{{organizationId}}' }],
      },
    },
    response: [],
    event: [
      {
        listen: 'test',
        script: script([
          "pm.test('answers 404 with a problem body', () => {",
          '  pm.response.to.have.status(404);',
          "  pm.expect(pm.response.headers.get('Content-Type')).to.include('application/problem+json');",
          "  pm.expect(pm.response.json()).to.deep.equal({ type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'The invoice does not exist in this organization.' });",
          '});',
          ...RATE_LIMIT_TEST,
          "pm.sendRequest(pm.variables.replaceIn('{{baseUrl}}') + pm.response.json().type, (error, page) => {",
          "  pm.test('its type is a page saying what it means', () => {",
          '    pm.expect(error).to.equal(null);',
          '    pm.expect(page.code).to.equal(200);',
          "    pm.expect(page.text()).to.include('What to do');",
          '  });',
          '});',
        ]),
      },
    ],
  };
}

async function postmanCollection(document) {
  const converted = await convert(document);
  const created = new Set();
  const requests = [];
  const folders = converted.item.map((folder) => ({ name: folder.name, description: folder.description, items: folder.item ?? [folder] }));
  // The token request first, then every other one, each after the POST that creates the id its path names; DELETEs last.
  const all = folders
    .flatMap((folder) => folder.items.map((item) => ({ folder: folder.name, item })))
    .filter((entry) => operationOf(document, entry.item.request).template !== SIMULATIONS);
  const creates = (entry) => entry.item.request.method === 'POST' && createdIds(document, operationOf(document, entry.item.request).template).length > 0;
  const needsCreated = (entry) =>
    (entry.item.request.url.variable ?? []).some((v) =>
      all.some((other) => creates(other) && createdIds(document, operationOf(document, other.item.request).template).includes(v.key)),
    );
  const ends = (entry) => entry.item.request.method === 'POST' && operationOf(document, entry.item.request).template.endsWith('/cancel');
  const rank = (entry) =>
    operationOf(document, entry.item.request).template === TOKEN_PATH
      ? 0
      : entry.item.request.method === 'DELETE'
        ? 4
        : ends(entry)
          ? 3
          : creates(entry)
            ? 1
            : needsCreated(entry)
              ? 2
              : 1;
  const ordered = all.map((entry, index) => ({ ...entry, index })).sort((a, b) => rank(a) - rank(b) || a.index - b.index);
  for (const entry of ordered) requests.push({ folder: entry.folder, ...shapeRequest(document, entry.item, created) });
  const steps = requests.map((r) => r.item);
  steps.splice(
    steps.findIndex((item) => item.request.method === 'DELETE'),
    0,
    refusalItem(),
  );
  steps.push(sandboxFolder());

  const collection = {
    info: {
      _postman_id: stableId(`${document.info.title} ${document.info.version}`),
      name: `${document.info.title} ${document.info.version}`,
      description: `${document.info.description}\n\nSet clientId and clientSecret (a client registered for client_secret_post) and baseUrl; a collection pre-request script mints the bearer token. organizationId and storeId default to the demo data's. Generated from openapi/public.json by \`npm run openapi\`.`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: steps,
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] },
    event: [{ listen: 'prerequest', script: script(PRE_REQUEST) }],
    variable: [
      { key: 'baseUrl', value: document.servers?.[0]?.url ?? 'http://localhost:3000' },
      { key: 'clientId', value: '' },
      { key: 'clientSecret', value: '' },
      ...Object.entries(VARIABLES).map(([key, value]) => ({ key, value })),
      ...[...created].map((key) => ({ key, value: '' })),
      ...['sandboxClientId', 'sandboxClientSecret', 'sandboxOrganizationId', 'sandboxStoreId', 'sandboxBarcode', 'sandboxSalesOrderId'].map((key) => ({
        key,
        value: '',
      })),
      { key: 'sandboxAccessToken', value: '' },
      { key: 'sandboxAccessTokenExpiresAt', value: '0' },
      { key: 'accessToken', value: '' },
      { key: 'accessTokenExpiresAt', value: '0' },
    ],
  };
  // Every id from its place: the converter's are random.
  const normalize = (value, place) => {
    if (Array.isArray(value)) return value.forEach((entry, i) => normalize(entry, `${place}/${i}`));
    if (!value || typeof value !== 'object') return;
    if (typeof value.id === 'string') value.id = stableId(`${place}/${value.name ?? ''}`);
    for (const [key, entry] of Object.entries(value)) normalize(entry, `${place}/${key}`);
  };
  normalize(collection.item, 'item');
  return collection;
}

/** The file `npm run openapi` writes: two-space JSON, one final newline. */
async function postmanCollectionText(document) {
  return `${JSON.stringify(await postmanCollection(document), null, 2)}\n`;
}

module.exports = { postmanCollection, postmanCollectionText };

if (require.main === module) {
  const document = JSON.parse(readFileSync(join(__dirname, '..', 'openapi', 'public.json'), 'utf8'));
  postmanCollectionText(document).then((text) => process.stdout.write(text));
}
