// The OpenAPI documentation of whoami (the controller states its summary).
import { getSchemaPath } from '@nestjs/swagger';
import { operationDocs } from '@gateway/platform';
import { CALLER_SHAPES, CALLER_SHAPES_BY_TYPE } from './whoami.dto';

export const AUTH_DOCS = operationDocs({
  whoami: {
    answer: {
      description: 'Caller identity',
      example: { clientType: 'SERVICE', clientId: 'cl_oIoxi91GP4F4RSQwNxFYAA' },
      schema: {
        oneOf: CALLER_SHAPES.map((shape) => ({ $ref: getSchemaPath(shape) })),
        discriminator: {
          propertyName: 'clientType',
          mapping: Object.fromEntries(Object.entries(CALLER_SHAPES_BY_TYPE).map(([type, shape]) => [type, getSchemaPath(shape)])),
        },
      },
    },
    problems: [400],
  },
});
