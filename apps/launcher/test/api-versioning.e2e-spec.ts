// The versioning policy, checked: CHANGELOG.md is in Keep a Changelog form; its latest release is the
// documents' info.version, the SDK package's version and the copy of the documents in openapi/released/;
// and every breaking change of openapi/*.json since that release (tools/openapi-breaking-changes.cjs) is
// named in the changelog above the release, else the test fails and prints the lines to add.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
// The rules are a CommonJS script of the workspace's tools (also a command: node tools/openapi-breaking-changes.cjs before.json after.json).
const { breakingChanges } = createRequire(__filename)(join(root, 'tools/openapi-breaking-changes.cjs')) as {
  breakingChanges: (before: object, after: object) => string[];
};
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const changelog = read('CHANGELOG.md');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON documents, read field by field
type Doc = Record<string, any>;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

const RELEASE_HEADING = /^## \[(\d{4}-\d{2}-\d{2})\] - (\d{4}-\d{2}-\d{2})$/gm;
const releases = [...changelog.matchAll(RELEASE_HEADING)].map((m) => ({ version: m[1], date: m[2], index: m.index }));
const latest = releases[0];

/** The breaking changes from `before` to `after` that the changelog, above the latest release, does not name. */
function unnamed(before: Doc, after: Doc, text = changelog): string[] {
  const above = text.slice(0, text.search(RELEASE_HEADING));
  return breakingChanges(before, after).filter((line) => !above.includes(line));
}

describe('CHANGELOG.md and the released documents', () => {
  it('is in Keep a Changelog form: an Unreleased section, then releases newest first, each with its version and date', () => {
    expect(changelog.startsWith('# Changelog\n')).toBe(true);
    expect(changelog).toContain('\n## [Unreleased]\n');
    expect(changelog.indexOf('## [Unreleased]')).toBeLessThan(latest.index ?? -1);
    expect(releases.length).toBeGreaterThan(0);
    expect(releases.map((r) => r.version)).toEqual([...releases.map((r) => r.version)].sort().reverse());
    for (const heading of changelog.match(/^### .+$/gm) ?? [])
      expect(['### Added', '### Changed', '### Deprecated', '### Removed', '### Fixed', '### Security', '### Breaking']).toContain(heading);
  });

  it("names the latest release's version in both documents, the SDK's package and openapi/released/", () => {
    expect([JSON.parse(read('openapi/public.json')).info.version, JSON.parse(read('openapi/internal.json')).info.version]).toEqual([
      latest.version,
      latest.version,
    ]);
    expect(JSON.parse(read('libs/sdk/package.json')).version).toBe(latest.version.split('-').map(Number).join('.'));
    expect(readdirSync(join(root, 'openapi/released')).sort().at(-1)).toBe(latest.version);
  });

  it.each(['public', 'internal'])(
    'names every breaking change of openapi/%s.json since the latest release (else add the lines printed, under ### Breaking)',
    (name) => {
      const released = JSON.parse(read(`openapi/released/${latest.version}/${name}.json`));
      expect(unnamed(released, JSON.parse(read(`openapi/${name}.json`)))).toEqual([]);
    },
  );

  it('would fail on an unnamed breaking change of the real document, and passes once the changelog names it', () => {
    const released: Doc = JSON.parse(read(`openapi/released/${latest.version}/public.json`));
    const changed = clone(released);
    delete changed.paths['/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}'].delete;
    expect(unnamed(released, changed)).toEqual(['removed operation: DELETE /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}']);
    const named = changelog.replace(
      '## [Unreleased]\n',
      '## [Unreleased]\n\n### Breaking\n\n- removed operation: DELETE /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}\n',
    );
    expect(unnamed(released, changed, named)).toEqual([]);
  });
});

describe('the breaking-change rules', () => {
  const base: Doc = {
    openapi: '3.1.0',
    paths: {
      '/things': {
        get: {
          parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } }],
          responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } } } },
        },
        post: {
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewThing' } } } },
          responses: { '201': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    webhooks: { 'thing.created': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } } },
    components: {
      schemas: {
        Page: {
          type: 'object',
          required: ['items'],
          properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } }, next: { type: 'string' } },
        },
        Thing: {
          type: 'object',
          required: ['id', 'status'],
          properties: {
            id: { type: 'string' },
            status: { type: 'string', enum: ['NEW', 'DONE'] },
            note: { type: 'string' },
            parent: { $ref: '#/components/schemas/Thing' },
          },
        },
        NewThing: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 200 }, kind: { type: 'string', enum: ['A', 'B'] }, note: { type: 'string' } },
        },
      },
    },
  };
  const changed = (edit: (doc: Doc) => void) => {
    const doc = clone(base);
    edit(doc);
    return breakingChanges(base, doc);
  };

  it('finds nothing between a document and itself, nor in additions: an operation, an optional input, an answer field, a wider input', () => {
    expect(breakingChanges(base, base)).toEqual([]);
    expect(
      changed((doc) => {
        doc.paths['/other'] = { get: { responses: { '200': {} } } };
        doc.paths['/things'].get.parameters.push({ name: 'cursor', in: 'query', schema: { type: 'string' } });
        doc.components.schemas.Thing.properties.createdAt = { type: 'string' };
        doc.components.schemas.NewThing.properties.name.maxLength = 500;
        doc.components.schemas.NewThing.properties.kind.enum.push('C');
        doc.paths['/things'].get.parameters[0].schema.maximum = 1000;
      }),
    ).toEqual([]);
  });

  it('names a removed operation, answer, webhook and field', () => {
    expect(changed((doc) => delete doc.paths['/things'].post)).toEqual(['removed operation: POST /things']);
    expect(changed((doc) => delete doc.webhooks['thing.created'])).toEqual(['removed operation: webhook thing.created']);
    expect(changed((doc) => delete doc.components.schemas.Thing.properties.note)).toEqual([
      'removed field: GET /things 200/items[]/note',
      'removed field: POST /things 201/note',
      'removed field: webhook thing.created/note',
    ]);
    expect(changed((doc) => delete doc.components.schemas.NewThing.properties.note)).toEqual(['removed field: POST /things body/note']);
    expect(changed((doc) => (doc.components.schemas.Page.required = []))).toEqual(['removed field: GET /things 200/items (no longer always present)']);
    expect(changed((doc) => (doc.paths['/things'].get.parameters = []))).toEqual(['removed field: GET /things query limit']);
  });

  it('names a removed enum value, a new required input and a narrowed input type', () => {
    expect(changed((doc) => (doc.components.schemas.Thing.properties.status.enum = ['NEW']))).toEqual([
      'removed enum value: GET /things 200/items[]/status DONE',
      'removed enum value: POST /things 201/status DONE',
      'removed enum value: webhook thing.created/status DONE',
    ]);
    expect(changed((doc) => doc.components.schemas.NewThing.required.push('kind'))).toEqual(['new required input: POST /things body/kind']);
    expect(changed((doc) => (doc.paths['/things'].get.parameters[0].required = true))).toEqual(['new required input: GET /things query limit']);
    expect(changed((doc) => doc.paths['/things'].get.parameters.push({ name: 'q', in: 'query', required: true, schema: { type: 'string' } }))).toEqual([
      'new required input: GET /things query q',
    ]);
    expect(changed((doc) => (doc.components.schemas.NewThing.properties.name.maxLength = 100))).toEqual([
      'narrowed type: POST /things body/name (maxLength 200 -> 100)',
    ]);
    expect(changed((doc) => (doc.paths['/things'].get.parameters[0].schema.maximum = 50))).toEqual([
      'narrowed type: GET /things query limit (maximum 100 -> 50)',
    ]);
    expect(changed((doc) => (doc.components.schemas.NewThing.properties.note = { type: 'string', pattern: '^[a-z]+$' }))).toEqual([
      'narrowed type: POST /things body/note (pattern none -> ^[a-z]+$)',
    ]);
    expect(changed((doc) => (doc.components.schemas.NewThing.properties.note = { type: 'integer' }))).toEqual([
      'narrowed type: POST /things body/note (type string -> integer)',
    ]);
  });

  it('names an answer that may now have a type it never had', () => {
    expect(changed((doc) => (doc.components.schemas.Thing.properties.note = { type: ['string', 'null'] }))).toEqual([
      'widened type: GET /things 200/items[]/note (string -> string, null)',
      'widened type: POST /things 201/note (string -> string, null)',
      'widened type: webhook thing.created/note (string -> string, null)',
    ]);
  });
});
