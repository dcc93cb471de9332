// One OpenAPI 3.1 document per gateway, generated from the code and served at /openapi.json, with Swagger UI at /docs.
import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { closeSchemas } from './closed-schema';
import { ProblemDetailsDto } from './problem-details.dto';

export interface OpenApiOptions {
  title: string;
  description: string;
  version: string;
  /** Adds servers, security schemes or anything else specific to one gateway. */
  customize?: (builder: DocumentBuilder) => DocumentBuilder;
  /** Last touches on the generated document (shared components, for example). */
  postProcess?: (document: OpenAPIObject) => OpenAPIObject;
}

export function createOpenApiDocument(app: INestApplication, options: OpenApiOptions): OpenAPIObject {
  let builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(options.title)
    .setDescription(options.description)
    .setVersion(options.version);
  builder = options.customize ? options.customize(builder) : builder;
  const document = closeSchemas(
    SwaggerModule.createDocument(app, builder.build(), {
      operationIdFactory: (_controllerKey, methodKey) => methodKey,
      extraModels: [ProblemDetailsDto],
    }),
  );
  markPublicOperations(document);
  return options.postProcess ? options.postProcess(document) : document;
}

/** An operation without a security requirement is reachable without one: say so explicitly (security: []). */
function markPublicOperations(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const operation = item[method];
      if (operation && !operation.security) operation.security = [];
    }
  }
}

export function setupOpenApi(app: INestApplication, options: OpenApiOptions): OpenAPIObject {
  const document = createOpenApiDocument(app, options);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: options.title,
    swaggerOptions: { persistAuthorization: false },
  });
  return document;
}
