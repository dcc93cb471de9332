// The breaking changes between two OpenAPI documents, as one line each in the words CHANGELOG.md uses:
//   removed operation: GET /v0/x                     an operation (or a webhook, an answer's status) is gone
//   removed field: GET /v0/x 200 /items[]/name       a property of an answer or of a request body is gone, or an
//                                                    answer's property is no longer always there
//   removed enum value: POST /v0/x body /status PAID  a value a client sends or reads is gone
//   new required input: POST /v0/x body /note         a parameter, body or property a client must now send
//   narrowed type: POST /v0/x query limit (maximum 100 -> 50)   an input accepts less (type, length, range,
//                                                    pattern, format, items, unknown properties)
//   widened type: GET /v0/x 200 /count (integer -> integer, string)   an answer's value takes a type it never had
// Anything else (a new operation, a new optional input, a new answer field, a wider input) is not breaking.
// Run as a program: `node tools/openapi-breaking-changes.cjs <before.json> <after.json>` prints the lines.
const { readFileSync } = require('node:fs');

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const SCHEMA_REF = '#/components/schemas/';

function resolve(document, schema) {
  let current = schema ?? {};
  const names = [];
  while (typeof current.$ref === 'string' && current.$ref.startsWith(SCHEMA_REF)) {
    const name = current.$ref.slice(SCHEMA_REF.length);
    names.push(name);
    current = document.components?.schemas?.[name] ?? {};
  }
  return { schema: current, name: names.at(-1) };
}

function types(schema) {
  const listed = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return new Set([...listed, ...(schema.nullable ? ['null'] : [])]);
}

const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'];
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'];

/** How an input schema accepts less than before, in words; [] when it does not. */
function narrowings(before, after) {
  const found = [];
  for (const key of UPPER)
    if (after[key] !== undefined && (before[key] === undefined || after[key] < before[key])) found.push(`${key} ${before[key] ?? 'none'} -> ${after[key]}`);
  for (const key of LOWER)
    if (after[key] !== undefined && (before[key] === undefined || after[key] > before[key])) found.push(`${key} ${before[key] ?? 'none'} -> ${after[key]}`);
  for (const key of ['pattern', 'format', 'const', 'multipleOf'])
    if (after[key] !== undefined && after[key] !== before[key]) found.push(`${key} ${before[key] ?? 'none'} -> ${after[key]}`);
  if (after.uniqueItems === true && before.uniqueItems !== true) found.push('uniqueItems');
  if (after.additionalProperties === false && before.additionalProperties !== false) found.push('additionalProperties false');
  const [beforeTypes, afterTypes] = [types(before), types(after)];
  const lost = [...beforeTypes].filter((t) => !afterTypes.has(t) && !(t === 'integer' && afterTypes.has('number')));
  if (afterTypes.size > 0 && lost.length > 0) found.push(`type ${[...beforeTypes].join(', ')} -> ${[...afterTypes].join(', ')}`);
  return found;
}

/**
 * The breaking changes of one schema, read as an input (what a client sends) or an output (what it reads).
 * `seen` stops at a pair of named schemas already compared (recursive schemas).
 */
function compareSchema(documents, beforeSchema, afterSchema, mode, where, out, seen) {
  const before = resolve(documents.before, beforeSchema);
  const after = resolve(documents.after, afterSchema);
  if (before.name && after.name) {
    const pair = `${mode} ${before.name} ${after.name}`;
    if (seen.has(pair)) return;
    seen.add(pair);
  }
  const [b, a] = [before.schema, after.schema];
  if (Array.isArray(b.enum)) {
    const kept = new Set(Array.isArray(a.enum) ? a.enum : b.enum);
    for (const value of b.enum) if (!kept.has(value)) out.push(`removed enum value: ${where} ${value}`);
  }
  if (mode === 'input') {
    for (const change of narrowings(b, a)) out.push(`narrowed type: ${where} (${change})`);
  } else {
    const [beforeTypes, afterTypes] = [types(b), types(a)];
    const gained = [...afterTypes].filter((t) => !beforeTypes.has(t) && !(t === 'integer' && beforeTypes.has('number')));
    if (beforeTypes.size > 0 && gained.length > 0) out.push(`widened type: ${where} (${[...beforeTypes].join(', ')} -> ${[...afterTypes].join(', ')})`);
  }
  const beforeRequired = new Set(b.required ?? []);
  const afterRequired = new Set(a.required ?? []);
  for (const [name, property] of Object.entries(b.properties ?? {})) {
    const path = `${where}/${name}`;
    if (!a.properties?.[name]) {
      // An input property a closed schema no longer knows is refused; an open one would be ignored.
      if (mode === 'output' || a.additionalProperties === false) out.push(`removed field: ${path}`);
      continue;
    }
    if (mode === 'output' && beforeRequired.has(name) && !afterRequired.has(name)) out.push(`removed field: ${path} (no longer always present)`);
    compareSchema(documents, property, a.properties[name], mode, path, out, seen);
  }
  if (mode === 'input') for (const name of afterRequired) if (!beforeRequired.has(name)) out.push(`new required input: ${where}/${name}`);
  if (b.items && a.items) compareSchema(documents, b.items, a.items, mode, `${where}[]`, out, seen);
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    (b[keyword] ?? []).forEach((entry, i) => {
      if (a[keyword]?.[i]) compareSchema(documents, entry, a[keyword][i], mode, `${where}/${keyword}/${i}`, out, seen);
    });
  }
}

const jsonSchemaOf = (content) => content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema;

function compareOperation(documents, name, before, after, out, seen) {
  const key = (p) => `${p.in} ${p.name}`;
  const afterParameters = new Map((after.parameters ?? []).map((p) => [key(p), p]));
  for (const parameter of before.parameters ?? []) {
    const now = afterParameters.get(key(parameter));
    if (!now) {
      out.push(`removed field: ${name} ${parameter.in} ${parameter.name}`);
      continue;
    }
    if (now.required && !parameter.required) out.push(`new required input: ${name} ${parameter.in} ${parameter.name}`);
    compareSchema(documents, parameter.schema, now.schema, 'input', `${name} ${parameter.in} ${parameter.name}`, out, seen);
  }
  const beforeKeys = new Set((before.parameters ?? []).map(key));
  for (const parameter of after.parameters ?? [])
    if (parameter.required && !beforeKeys.has(key(parameter))) out.push(`new required input: ${name} ${parameter.in} ${parameter.name}`);
  if (after.requestBody?.required && !before.requestBody?.required) out.push(`new required input: ${name} body`);
  if (before.requestBody && after.requestBody)
    compareSchema(documents, jsonSchemaOf(before.requestBody.content), jsonSchemaOf(after.requestBody.content), 'input', `${name} body`, out, seen);
  for (const [status, response] of Object.entries(before.responses ?? {}).filter(([s]) => s.startsWith('2'))) {
    const now = after.responses?.[status];
    if (!now) {
      out.push(`removed operation: ${name} answer ${status}`);
      continue;
    }
    if (response.content && now.content)
      compareSchema(documents, jsonSchemaOf(response.content), jsonSchemaOf(now.content), 'output', `${name} ${status}`, out, seen);
  }
}

/** The breaking changes from `before` to `after` (parsed OpenAPI documents), one line each, sorted. */
function breakingChanges(before, after) {
  const documents = { before, after };
  const out = [];
  for (const [path, item] of Object.entries(before.paths ?? {})) {
    for (const method of METHODS.filter((m) => item[m])) {
      const name = `${method.toUpperCase()} ${path}`;
      const now = after.paths?.[path]?.[method];
      if (!now) out.push(`removed operation: ${name}`);
      else compareOperation(documents, name, item[method], now, out, new Set());
    }
  }
  for (const [event, item] of Object.entries(before.webhooks ?? {})) {
    const now = after.webhooks?.[event]?.post;
    if (!now) out.push(`removed operation: webhook ${event}`);
    else
      compareSchema(
        documents,
        jsonSchemaOf(item.post?.requestBody?.content),
        jsonSchemaOf(now.requestBody?.content),
        'output',
        `webhook ${event}`,
        out,
        new Set(),
      );
  }
  return [...new Set(out)].sort();
}

module.exports = { breakingChanges };

if (require.main === module) {
  const [before, after] = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')));
  for (const line of breakingChanges(before, after)) process.stdout.write(`${line}\n`);
}
