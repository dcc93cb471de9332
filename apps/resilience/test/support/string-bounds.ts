// The string bounds a gateway documents, read from the OpenAPI document it serves: every request-body
// property and query parameter with a maxLength, with where it sits in the request. The Unicode cases of
// the bad-input area are generated from these, so a field added to either document is covered with no list
// to keep.
type Schema = Record<string, unknown>;

export interface StringBound {
  /** Where the string goes: `body` (a JSON pointer's tokens from the body's root) or `query` (a parameter). */
  in: 'body' | 'query';
  path: string[];
  minLength: number;
  maxLength: number;
  /** A pattern, format or enum also applies: an at-bound value of our making may be refused for it. */
  shaped: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema> };
}

function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let i = 0; i < 20 && typeof current.$ref === 'string'; i += 1) {
    current = doc.components?.schemas?.[(current.$ref as string).replace('#/components/schemas/', '')] ?? {};
  }
  return current;
}

const isString = (schema: Schema) => schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** The branch of a oneOf that the valid body takes: the one whose constant-like properties (an enum of one value) it matches. */
function branchFor(doc: OpenApiDocument, branches: Schema[], value: unknown): Schema | undefined {
  const object = (value ?? {}) as Record<string, unknown>;
  return branches
    .map((b) => resolve(doc, b))
    .find((branch) =>
      Object.entries((branch.properties ?? {}) as Record<string, Schema>).every(([name, property]) => {
        const values = property.enum as unknown[] | undefined;
        return values === undefined || values.length !== 1 || values[0] === object[name];
      }),
    );
}

/** Every bounded string under `schema`, following the valid value into oneOf branches and the first item of arrays. */
export function bodyBounds(doc: OpenApiDocument, schema: Schema, value: unknown, path: string[] = []): StringBound[] {
  const s = resolve(doc, schema);
  if (Array.isArray(s.oneOf)) {
    const branch = branchFor(doc, s.oneOf as Schema[], value);
    return branch ? bodyBounds(doc, branch, value, path) : [];
  }
  if (Array.isArray(s.allOf)) return (s.allOf as Schema[]).flatMap((part) => bodyBounds(doc, part, value, path));
  if (isString(s) && typeof s.maxLength === 'number') {
    return [{ in: 'body', path, minLength: Number(s.minLength ?? 0), maxLength: s.maxLength, shaped: Boolean(s.pattern || s.format || s.enum) }];
  }
  if (s.type === 'array' && s.items && Array.isArray(value) && value.length > 0) return bodyBounds(doc, s.items as Schema, value[0], [...path, '0']);
  if (s.properties && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(s.properties as Record<string, Schema>).flatMap(([name, property]) =>
      bodyBounds(doc, property, (value as Record<string, unknown>)[name], [...path, name]),
    );
  }
  return [];
}

/** The operation's JSON request-body bounds (given its valid body) and its query parameters' bounds. */
export function operationBounds(doc: OpenApiDocument, template: string, method: string, body: unknown): StringBound[] {
  const operation = doc.paths[template]?.[method.toLowerCase()] as Schema | undefined;
  if (!operation) throw new Error(`${method} ${template} is not in the served document`);
  const json = ((operation.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.['application/json'];
  const bounds = json && body !== undefined ? bodyBounds(doc, json.schema as Schema, body) : [];
  for (const parameter of (operation.parameters ?? []) as Schema[]) {
    const p = resolve(doc, parameter);
    const schema = resolve(doc, (p.schema ?? {}) as Schema);
    if (p.in === 'query' && isString(schema) && typeof schema.maxLength === 'number') {
      bounds.push({
        in: 'query',
        path: [p.name as string],
        minLength: Number(schema.minLength ?? 0),
        maxLength: schema.maxLength,
        shaped: Boolean(schema.pattern || schema.format || schema.enum),
      });
    }
  }
  return bounds;
}

/** The oneOf branches (by title) of an operation's JSON body that have a bounded string: each needs a valid request to be covered. */
export function boundedBranches(doc: OpenApiDocument, template: string, method: string): string[] {
  const operation = doc.paths[template]?.[method.toLowerCase()] as Schema | undefined;
  const json = ((operation?.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.['application/json'];
  const schema = json ? resolve(doc, json.schema as Schema) : {};
  if (!Array.isArray(schema.oneOf)) return [];
  return (schema.oneOf as Schema[])
    .filter((branch) => JSON.stringify(expand(doc, branch, 0)).includes('"maxLength"'))
    .map((branch) => String(resolve(doc, branch).title));
}

/** A schema with its references inlined (to a depth), to look for bounds anywhere in it. */
function expand(doc: OpenApiDocument, schema: unknown, depth: number): unknown {
  if (depth > 8 || schema === null || typeof schema !== 'object') return schema;
  const s = resolve(doc, schema as Schema);
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => expand(doc, x, depth + 1)) : expand(doc, v, depth + 1)]));
}
