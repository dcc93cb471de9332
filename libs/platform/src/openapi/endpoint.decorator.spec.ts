// @Endpoint writes the same operation as the decorators it stands for, in the same order (every option: the
// body's media type and the errors that are not problems too), and retires an operation with `deprecated` as
// @Deprecated does.
import 'reflect-metadata';
import { Body, Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOperation, ApiProperty, ApiResponse } from '@nestjs/swagger';
import request from 'supertest';
import { configureGateway } from '../http/configure-gateway';
import { PublicRoute } from '../http/public-route.decorator';
import { createLogger } from '../logging/logger';
import { ApiProblemResponses } from './api-problem-responses.decorator';
import { Endpoint, operationDocs } from './endpoint.decorator';
import { servedOpenApiDocument } from './setup-openapi';

class ParcelDto {
  @ApiProperty()
  id!: string;
}

const RETRY_AFTER = { 'Retry-After': { description: 'seconds to wait', schema: { type: 'integer', minimum: 1 } } };
const FORM = 'application/x-www-form-urlencoded';
/** An error answer that is not a problem (an OAuth error object). */
const OAUTH_ERROR = {
  status: 401,
  description: 'The client could not be authenticated',
  content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'string', enum: ['invalid_client'] } } } } },
};
const DOCS = operationDocs({
  sendParcel: {
    description: 'Sends a parcel.',
    consumes: FORM,
    errors: [OAUTH_ERROR],
    body: { type: ParcelDto, examples: { demo: { summary: 'a parcel', value: { id: 'p-1' } } } },
    answer: { status: 201, type: ParcelDto, description: 'The parcel sent', example: { id: 'p-1' }, headers: { Location: { description: 'where it is', schema: { type: 'string' } } } },
    problems: [400, { status: 409, description: 'Conflict: in flight', headers: RETRY_AFTER }, 500],
  },
});

@PublicRoute()
@Controller('parcels')
class ParcelsController {
  @Post('endpoint')
  @HttpCode(201)
  @Endpoint({ summary: 'Send a parcel', ...DOCS.sendParcel })
  sendParcel(@Body() body: ParcelDto): ParcelDto {
    return body;
  }

  @Post('plain')
  @HttpCode(201)
  @ApiOperation({ summary: 'Send a parcel', description: 'Sends a parcel.' })
  @ApiConsumes(FORM)
  @ApiBody({ type: ParcelDto, examples: { demo: { summary: 'a parcel', value: { id: 'p-1' } } } })
  @ApiCreatedResponse({ type: ParcelDto, description: 'The parcel sent', example: { id: 'p-1' }, headers: { Location: { description: 'where it is', schema: { type: 'string' } } } })
  @ApiProblemResponses(400, 500)
  @ApiResponse({ status: 409, description: 'Conflict: in flight', headers: RETRY_AFTER, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetailsDto' } } } })
  @ApiResponse({ ...OAUTH_ERROR })
  sendParcelPlainly(@Body() body: ParcelDto): ParcelDto {
    return body;
  }

  @Get('old')
  @Endpoint({ summary: 'The old parcels', answer: { type: ParcelDto, description: 'A parcel' }, deprecated: { since: '2026-09-18', sunset: '2027-03-18' } })
  oldParcel(): ParcelDto {
    return { id: 'p-0' };
  }
}

@Module({ controllers: [ParcelsController] })
class ParcelsModule {}

type Operation = Record<string, unknown> & { operationId: string; deprecated?: boolean; summary?: string };

describe('@Endpoint', () => {
  let app: NestExpressApplication;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(ParcelsModule, { logger: false, bodyParser: false });
    configureGateway(app, { logger: createLogger({ name: 'endpoint-spec', level: 'silent' }), trustProxy: 0, openApi: { title: 't', description: 'd', version: '1' } });
    await app.init();
    paths = (servedOpenApiDocument(app) as unknown as { paths: typeof paths }).paths;
  });

  afterAll(() => app.close());

  it('documents an operation exactly as the decorators it stands for, key order included', () => {
    const { operationId: _endpoint, ...written } = paths['/parcels/endpoint'].post;
    const { operationId: _plain, ...plain } = paths['/parcels/plain'].post;
    // Every option made it into the document: the body's media type, and the error that is not a problem.
    expect(Object.keys((written.requestBody as { content: object }).content)).toEqual([FORM]);
    expect(Object.keys(written.responses as object)).toEqual(['201', '400', '401', '409', '500']);
    expect((written.responses as Record<string, unknown>)['401']).toEqual({ description: OAUTH_ERROR.description, content: OAUTH_ERROR.content });
    expect(JSON.stringify(written)).toBe(JSON.stringify(plain));
  });

  it('retires an operation given `deprecated`: marked in the document, Deprecation and Sunset on its answers', async () => {
    expect([paths['/parcels/old'].get.deprecated, paths['/parcels/old'].get.summary]).toEqual([true, 'The old parcels']);
    const res = await request(app.getHttpServer()).get('/parcels/old').expect(200);
    expect([res.headers.deprecation, res.headers.sunset]).toEqual(['@1789689600', 'Thu, 18 Mar 2027 00:00:00 GMT']);
  });
});
