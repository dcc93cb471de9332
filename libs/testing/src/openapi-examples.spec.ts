import { openApiExampleFailures } from './openapi-examples';

const document = (operation: object) => ({
  openapi: '3.1.0',
  paths: { '/things/{id}': { post: operation } },
  components: { schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } }, additionalProperties: false } } },
});
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, examples: { demo: { value: 7 } } };
const thing = { schema: { $ref: '#/components/schemas/Thing' } };

describe('openApiExampleFailures', () => {
  it('accepts examples that match their schemas', () => {
    const operation = {
      parameters: [idParameter],
      requestBody: { content: { 'application/json': { ...thing, examples: { a: { value: { id: '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01' } } } } } },
      responses: { '201': { content: { 'application/json': { ...thing, example: { id: '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01' } } } }, '204': {} },
    };
    expect(openApiExampleFailures(document(operation))).toEqual([]);
  });

  it('names each missing example and each example its schema refuses', () => {
    const operation = {
      parameters: [
        { ...idParameter, examples: { demo: { value: 0 } } },
        { name: 'q', in: 'query', schema: { type: 'string' } },
      ],
      requestBody: { content: { 'application/json': thing } },
      responses: {
        '200': { content: { 'application/json': { ...thing, example: { id: 'not-a-uuid', extra: 1 } } } },
        '400': { content: { 'application/json': thing } },
      },
    };
    expect(openApiExampleFailures(document(operation))).toEqual([
      'POST /things/{id} parameter path id examples.demo: / must be >= 1',
      'POST /things/{id} request application/json: no example',
      'POST /things/{id} 200 application/json example: / must NOT have additional properties; /id must match format "uuid"',
    ]);
  });
});
