// Validates real answers against the served OpenAPI document (Ajv, JSON Schema 2020-12), so that the
// document and the behaviour cannot drift apart.
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

const DOC_ID = 'openapi-document';

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Json).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rewriteRefs(v)]),
    );
  }
  return value;
}

export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOC_ID, components: (document as { components?: unknown }).components ?? {} });
  }

  /** The errors of `body` against the documented answer of an operation; [] when it conforms. */
  errors(method: string, pathTemplate: string, status: number, body: unknown, contentType = 'application/json'): string[] {
    const key = `${method} ${pathTemplate} ${status} ${contentType}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const paths = this.document.paths as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
      const operation = paths[pathTemplate]?.[method.toLowerCase()];
      if (!operation) return [`the document has no operation ${method} ${pathTemplate}`];
      const response = operation.responses?.[String(status)];
      if (!response) return [`${method} ${pathTemplate} documents no ${status} answer`];
      const schema = response.content?.[contentType]?.schema;
      if (!schema) return [`${method} ${pathTemplate} ${status} documents no ${contentType} body`];
      validate = this.ajv.compile(rewriteRefs(schema) as Json);
      this.compiled.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  }

  /** The errors of a webhook request body against the document's `webhooks` entry of its event type; [] when it conforms. */
  webhookErrors(eventType: string, body: unknown): string[] {
    const key = `webhook ${eventType}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const webhooks = this.document.webhooks as Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: unknown }> } } }> | undefined;
      const schema = webhooks?.[eventType]?.post?.requestBody?.content?.['application/json']?.schema;
      if (!schema) return [`the document has no webhook ${eventType}`];
      validate = this.ajv.compile(rewriteRefs(schema) as Json);
      this.compiled.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  }
}
