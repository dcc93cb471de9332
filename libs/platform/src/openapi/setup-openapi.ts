// One OpenAPI 3.1 document per gateway, generated from the code and served at /openapi.json, with Swagger UI at /docs.
import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { closeSchemas } from './closed-schema';
import type { Express } from 'express';
import { PAGE_HEADER_PLAN, plannedHeaders } from '../http/response-headers';
import { answerDeprecations, anyDeprecation, applyDeprecations } from './deprecated.decorator';
import { ProblemDetailsDto } from './problem-details.dto';

export interface OpenApiOptions {
  title: string;
  description: string;
  version: string;
  /** Adds servers, security schemes or anything else specific to one gateway. */
  customize?: (builder: DocumentBuilder) => DocumentBuilder;
  /** Classes whose schemas the document holds although no operation names them (e.g. webhook payloads). */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  extraModels?: Function[];
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
      extraModels: [ProblemDetailsDto, ...(options.extraModels ?? [])],
    }),
  );
  markPublicOperations(document);
  applyDeprecations(document);
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

const servedDocuments = new WeakMap<INestApplication, () => OpenAPIObject>();

/** The document an application serves at /openapi.json (for `npm run openapi`, which writes it without a database). */
export function servedOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = servedDocuments.get(app);
  if (!document) throw new Error('this application serves no OpenAPI document');
  return document();
}

/** The text `npm run openapi` commits: the served document, two-space indented, one final newline. */
export const openApiFileText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;

/** `main.js --openapi` (`npm run openapi`): the served document on stdout, then exit; nothing listens, no database is reached. */
export function printOpenApiDocumentAndExit(app: INestApplication): void {
  process.stdout.write(openApiFileText(servedOpenApiDocument(app)), () => process.exit(0));
}

/**
 * Serves the document at /openapi.json and /openapi.yaml, and Swagger UI at /docs. The document is generated
 * on its first request (then kept), not at start: a replica that is never asked for it does not hold it, nor
 * the memory its generation takes.
 */
export function setupOpenApi(app: INestApplication, options: OpenApiOptions): void {
  let document: OpenAPIObject | undefined;
  const served = () => (document ??= createOpenApiDocument(app, options));
  servedDocuments.set(app, served);
  // Which operations answer with deprecation headers is read from the document: when anything is
  // deprecated, it is generated now, so that they do from the first request.
  if (anyDeprecation()) answerDeprecations(app.getHttpAdapter().getInstance() as Express, served());
  // Swagger UI's pages are rendered by a browser: they get helmet's full set, over every answer's.
  app.use('/docs', plannedHeaders(PAGE_HEADER_PLAN));
  SwaggerModule.setup('docs', app, served, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: options.title,
    // No validator badge: Swagger UI would fetch it from validator.swagger.io; the page loads nothing from another origin.
    swaggerOptions: { persistAuthorization: false, validatorUrl: null },
  });
}
