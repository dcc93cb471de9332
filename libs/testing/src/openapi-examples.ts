// The examples of an OpenAPI document are there and real: every 2xx answer with a body, every request
// body and every required parameter has one, and each validates against its own schema (Ajv, JSON
// Schema 2020-12, the document's components). A new operation without examples fails the check.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
interface Content {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Operation {
  parameters?: (Content & { name: string; in: string; required?: boolean })[];
  requestBody?: { content: Record<string, Content> };
  responses: Record<string, { content?: Record<string, Content> }>;
}

const DOC_ID = 'openapi-examples';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Json).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rewriteRefs(v)]),
    );
  }
  return value;
}

const examplesOf = (content: Content): [string, unknown][] => [
  ...(content.example !== undefined ? ([['example', content.example]] as [string, unknown][]) : []),
  ...Object.entries(content.examples ?? {}).map(([name, example]) => [`examples.${name}`, example.value] as [string, unknown]),
];

/** Each missing or invalid example of `document`, as "METHOD path where: what"; [] when all are there and valid. */
export function openApiExampleFailures(document: Json): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: (document.components as Json | undefined) ?? {} });
  const failures: string[] = [];
  const check = (where: string, content: Content, required: boolean) => {
    const examples = examplesOf(content);
    if (examples.length === 0) {
      if (required) failures.push(`${where}: no example`);
      return;
    }
    const validate = ajv.compile((rewriteRefs(content.schema ?? {}) as Json) ?? {});
    for (const [name, value] of examples) {
      if (!validate(value)) failures.push(`${where} ${name}: ${(validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`);
    }
  };
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const operation = item[method];
      const name = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) check(`${name} parameter ${parameter.in} ${parameter.name}`, parameter, parameter.required === true);
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) check(`${name} request ${type}`, content, true);
      for (const [status, response] of Object.entries(operation.responses).filter(([status]) => status.startsWith('2'))) {
        for (const [type, content] of Object.entries(response.content ?? {})) check(`${name} ${status} ${type}`, content, true);
      }
    }
  }
  return failures;
}
