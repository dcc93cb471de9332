// The scope tags mean something: lint refuses an import across gateways (the public gateway reaching the
// internal tools or the internal API, the internal gateway reaching the authorization server or the public API, the
// shared domain or the admin CLI reaching either; the same for each gateway's data access), keeps the fixture import
// out of the deployed gateways and the domain and data-access libraries, and lets the right arrow through; inside a
// library grouped by bounded context, one context reaches another only through that context's index.ts. Each import
// is linted as if it were a file of that project (no source file is written; Nx's project graph is built first).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
/** What starts the line of the lint run's answer. */
const ANSWER = 'messages: ';

interface Probe {
  file: string;
  lib: string;
  name: string;
}

/**
 * The messages of one rule (@nx/enforce-module-boundaries unless named) for each probe, from one ESLint run with the
 * workspace's config. The run first builds the Nx project graph the rule reads (a fresh checkout has none, and the
 * rule then skips every file with a mere warning on stdout), and answers on a line of its own, so that such a
 * warning fails the spec with its text instead of passing every probe it lets through.
 */
function boundaryMessages(probes: Probe[], ruleId = '@nx/enforce-module-boundaries'): string[][] {
  const script = `
    import { createProjectGraphAsync } from '@nx/devkit';
    import { ESLint } from 'eslint';
    await createProjectGraphAsync({ exitOnError: true });
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    const ruleId = process.argv[2];
    for (const { file, lib, name } of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(\`import { \${name} } from '\${lib}';\\nexport const probe = \${name};\\n\`, { filePath: file });
      out.push(result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message));
    }
    process.stdout.write('\\n' + ${JSON.stringify(ANSWER)} + JSON.stringify(out) + '\\n');`;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes), ruleId], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    encoding: 'utf8',
  });
  const lines = stdout.split('\n');
  const answer = lines.find((line) => line.startsWith(ANSWER));
  const said = lines.filter((line) => line.trim() !== '' && !line.startsWith(ANSWER));
  if (!answer || said.length) throw new Error(`the lint run said more than its answer:\n${stdout}`);
  return JSON.parse(answer.slice(ANSWER.length));
}

describe('module boundaries by scope', () => {
  let messages: string[][];

  beforeAll(() => {
    messages = boundaryMessages([
      { file: 'apps/public-gateway/src/app/probe.ts', lib: '@gateway/internal-tools', name: 'EventLogModule' },
      { file: 'apps/internal-gateway/src/app/probe.ts', lib: '@gateway/auth-server', name: 'AuthorizationServerModule' },
      { file: 'libs/domain/src/probe.ts', lib: '@gateway/auth-server', name: 'AuthorizationServerModule' },
      { file: 'libs/domain/src/probe.ts', lib: '@gateway/internal-tools', name: 'EventLogModule' },
      { file: 'apps/public-gateway/src/app/probe.ts', lib: '@gateway/auth-server', name: 'AuthorizationServerModule' },
      { file: 'apps/internal-gateway/src/app/probe.ts', lib: '@gateway/internal-tools', name: 'EventLogModule' },
      { file: 'apps/public-gateway/src/app/probe.ts', lib: '@gateway/internal-api', name: 'InventorySyncService' },
      { file: 'apps/internal-gateway/src/app/probe.ts', lib: '@gateway/public-api', name: 'SalesOrderService' },
      { file: 'libs/internal-tools/src/probe.ts', lib: '@gateway/public-api', name: 'WebhooksModule' },
      { file: 'apps/admin-cli/src/app/probe.ts', lib: '@gateway/public-api', name: 'InvoicesService' },
      { file: 'libs/domain/src/probe.ts', lib: '@gateway/public-api', name: 'SalesOrderService' },
      { file: 'apps/public-gateway/src/app/probe.ts', lib: '@gateway/public-api', name: 'SalesOrderService' },
      { file: 'apps/internal-gateway/src/app/probe.ts', lib: '@gateway/internal-api', name: 'InventorySyncService' },
      { file: 'libs/internal-tools/src/probe.ts', lib: '@gateway/internal-api', name: 'FulfilmentModule' },
      // 14-: data access by scope, and the fixture import (tooling) kept from what is deployed.
      { file: 'apps/internal-gateway/src/app/probe.ts', lib: '@gateway/persistence-public', name: 'WebhookDeliveryRepository' },
      { file: 'libs/internal-tools/src/probe.ts', lib: '@gateway/persistence-public', name: 'TokenStateFeed' },
      { file: 'libs/public-api/src/probe.ts', lib: '@gateway/persistence-internal', name: 'InventoryClarificationRepository' },
      { file: 'libs/domain/src/probe.ts', lib: '@gateway/persistence-public', name: 'WebhookDeliveryRepository' },
      { file: 'libs/public-api/src/probe.ts', lib: '@gateway/persistence-public', name: 'WebhookDeliveryRepository' },
      { file: 'libs/internal-tools/src/probe.ts', lib: '@gateway/persistence-internal', name: 'InventoryClarificationRepository' },
      { file: 'apps/public-gateway/src/app/probe.ts', lib: '@gateway/fixture-import', name: 'FixturesModule' },
      { file: 'apps/internal-gateway/src/app/probe.ts', lib: '@gateway/fixture-import', name: 'FixturesModule' },
      { file: 'libs/public-api/src/probe.ts', lib: '@gateway/fixture-import', name: 'FixtureImportService' },
      { file: 'libs/persistence-internal/src/probe.ts', lib: '@gateway/fixture-import', name: 'FixtureRepository' },
      { file: 'apps/admin-cli/src/app/probe.ts', lib: '@gateway/fixture-import', name: 'FixturesModule' },
      { file: 'apps/launcher/src/probe.ts', lib: '@gateway/fixture-import', name: 'FixturesModule' },
      { file: 'libs/public-api/src/probe.spec.ts', lib: '@gateway/fixture-import', name: 'FixturesModule' },
    ]);
  }, 60_000);

  it('refuses the public gateway an import of the internal tools', () => {
    expect(messages[0]).toEqual(['A project tagged with "scope:public" can only depend on libs tagged with "scope:public", "scope:shared"']);
  });

  it('refuses the internal gateway an import of the authorization server', () => {
    expect(messages[1]).toEqual(['A project tagged with "scope:internal" can only depend on libs tagged with "scope:internal", "scope:shared"']);
  });

  it('refuses the shared domain an import of either gateway-scoped library (they build on it: the cycle is named first)', () => {
    expect(messages[2]).toEqual([expect.stringMatching(/^Circular dependency between "domain" and "auth-server" detected/)]);
    expect(messages[3]).toEqual([expect.stringMatching(/^Circular dependency between "domain" and "internal-tools" detected/)]);
  });

  it('lets each gateway import its own library', () => {
    expect(messages[4]).toEqual([]);
    expect(messages[5]).toEqual([]);
    expect(messages[11]).toEqual([]);
    expect(messages[12]).toEqual([]);
    expect(messages[13]).toEqual([]);
  });

  it("refuses each gateway, and the other gateway's libraries, the other gateway's use cases", () => {
    expect(messages[6]).toEqual(['A project tagged with "scope:public" can only depend on libs tagged with "scope:public", "scope:shared"']);
    expect(messages[7]).toEqual(['A project tagged with "scope:internal" can only depend on libs tagged with "scope:internal", "scope:shared"']);
    expect(messages[8]).toEqual(['A project tagged with "scope:internal" can only depend on libs tagged with "scope:internal", "scope:shared"']);
  });

  it('refuses the admin CLI and the shared domain an import of a gateway API library', () => {
    expect(messages[9]).toEqual(['A project tagged with "scope:shared" can only depend on libs tagged with "scope:shared"']);
    expect(messages[10]).toEqual([expect.stringMatching(/^Circular dependency between "domain" and "public-api" detected/)]);
  });

  it("refuses a gateway, and the other gateway's libraries, the other gateway's data access", () => {
    expect(messages[14]).toEqual(['A project tagged with "scope:internal" can only depend on libs tagged with "scope:internal", "scope:shared"']);
    expect(messages[15]).toEqual(['A project tagged with "scope:internal" can only depend on libs tagged with "scope:internal", "scope:shared"']);
    expect(messages[16]).toEqual(['A project tagged with "scope:public" can only depend on libs tagged with "scope:public", "scope:shared"']);
  });

  it('refuses the shared domain a gateway-scoped data access, and lets each gateway library use its own', () => {
    expect(messages[17]).toEqual(['A project tagged with "scope:shared" can only depend on libs tagged with "scope:shared"']);
    expect(messages[18]).toEqual([]);
    expect(messages[19]).toEqual([]);
  });

  it('refuses the fixture import to the deployed gateways and to the domain and data-access libraries', () => {
    const deployed = 'A project tagged with "runtime:deployed" can only depend on libs tagged with "type:domain", "type:data-access", "type:util"';
    expect(messages[20]).toEqual([deployed]);
    expect(messages[21]).toEqual([deployed]);
    expect(messages[22]).toEqual(['A project tagged with "type:domain" can only depend on libs tagged with "type:domain", "type:data-access", "type:util"']);
    expect(messages[23]).toEqual(['A project tagged with "type:data-access" can only depend on libs tagged with "type:data-access", "type:util"']);
  });

  it('lets the admin CLI, the launcher and the tests import the fixture import', () => {
    expect(messages[24]).toEqual([]);
    expect(messages[25]).toEqual([]);
    expect(messages[26]).toEqual([]);
  });
});

describe('module boundaries by context inside a library', () => {
  let messages: string[][];

  beforeAll(() => {
    messages = boundaryMessages(
      [
        { file: 'libs/public-api/src/webhooks/dto/probe.ts', lib: '../../orders/dto/sales-order-view.dto', name: 'SalesOrderView' },
        { file: 'libs/domain/src/organizations/probe.ts', lib: '../inventory/inventory.module', name: 'InventoryModule' },
        { file: 'libs/internal-tools/src/event-log/use-cases/probe.ts', lib: '../..', name: 'CommandDispatchModule' },
        { file: 'libs/public-api/src/webhooks/dto/probe.ts', lib: '../../orders', name: 'SalesOrderView' },
        { file: 'libs/domain/src/auth/policies/probe.ts', lib: '../use-cases/request-quota', name: 'RequestQuota' },
      ],
      'no-restricted-imports',
    );
  }, 60_000);

  it("refuses a deep import of another context's file", () => {
    expect(messages[0]).toEqual([
      "'../../orders/dto/sales-order-view.dto' import is restricted from being used by a pattern. Import another context through its index.ts (its public face): '../../<context>'.",
    ]);
    expect(messages[1]).toEqual([
      "'../inventory/inventory.module' import is restricted from being used by a pattern. Import another context through its index.ts (its public face): '../<context>'.",
    ]);
  });

  it("refuses a context the library's root index", () => {
    expect(messages[2]).toEqual([
      "'../..' import is restricted from being used by a pattern. A context imports another context's index, never the library's root index.",
    ]);
  });

  it("lets a context import another context's index, and its own files", () => {
    expect(messages[3]).toEqual([]);
    expect(messages[4]).toEqual([]);
  });
});
