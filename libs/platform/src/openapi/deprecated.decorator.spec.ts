// @Deprecated on an operation and on a field, in an application configured as the gateways are: the
// document marks them, and the answers concerned carry Deprecation, Sunset and Link.
import 'reflect-metadata';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import request from 'supertest';
import { configureGateway } from '../http/configure-gateway';
import { PublicRoute } from '../http/public-route.decorator';
import { createLogger } from '../logging/logger';
import { servedOpenApiDocument } from './setup-openapi';
import { Deprecated } from './deprecated.decorator';

class ThingDto {
  @ApiProperty()
  @IsString()
  name!: string;

  @ApiPropertyOptional({ description: 'use name' })
  @Deprecated({ since: '2026-10-01', sunset: '2027-04-01', link: 'https://docs.example/changelog#2026-10-01' })
  @IsOptional()
  @IsString()
  label?: string;
}

class PlainDto {
  @ApiProperty()
  id!: string;
}

@PublicRoute()
@Controller('things')
class ThingsController {
  @Get('old')
  @Deprecated({ since: '2026-09-18', sunset: '2027-03-18' })
  @ApiOperation({ summary: 'The old way' })
  @ApiOkResponse({ type: PlainDto })
  oldThings(): PlainDto {
    return { id: 'a' };
  }

  @Post()
  @ApiOkResponse({ type: ThingDto })
  createThing(@Body() body: ThingDto): ThingDto {
    return body;
  }

  @Get('plain')
  @ApiOkResponse({ type: PlainDto })
  plainThing(): PlainDto {
    return { id: 'b' };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

async function startApp(): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ThingsModule, { logger: false, bodyParser: false });
  configureGateway(app, { logger: createLogger({ name: 'deprecated-spec', level: 'silent' }), trustProxy: 0, openApi: { title: 't', description: 'd', version: '1' } });
  await app.init();
  return app;
}

describe('@Deprecated', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.close());

  it('marks the operation and the field deprecated in the document, keeping the summary, and documents the headers', () => {
    const document = servedOpenApiDocument(app) as unknown as { paths: Record<string, Record<string, { deprecated?: boolean; summary?: string; responses: Record<string, { headers?: object }> }>>; components: { schemas: Record<string, { properties: Record<string, { deprecated?: boolean }> }> } };
    expect([document.paths['/things/old'].get.deprecated, document.paths['/things/old'].get.summary]).toEqual([true, 'The old way']);
    expect(document.paths['/things'].post.deprecated).toBeUndefined();
    expect(document.components.schemas.ThingDto.properties.label.deprecated).toBe(true);
    expect(document.components.schemas.ThingDto.properties.name.deprecated).toBeUndefined();
    expect(Object.keys(document.paths['/things'].post.responses['200'].headers ?? {})).toEqual(['Deprecation', 'Sunset']);
    expect(document.paths['/things/plain'].get.responses['200'].headers).toBeUndefined();
  });

  it('answers a deprecated operation with Deprecation and Sunset', async () => {
    const res = await request(app.getHttpServer()).get('/things/old').expect(200);
    expect([res.headers.deprecation, res.headers.sunset, res.headers.link]).toEqual(['@1789689600', 'Thu, 18 Mar 2027 00:00:00 GMT', undefined]);
  });

  it('answers an operation holding a deprecated field with its dates and link, and others with neither', async () => {
    const res = await request(app.getHttpServer()).post('/things').send({ name: 'n' }).expect(201);
    expect([res.headers.deprecation, res.headers.sunset, res.headers.link]).toEqual(['@1790812800', 'Thu, 01 Apr 2027 00:00:00 GMT', '<https://docs.example/changelog#2026-10-01>; rel="deprecation"; type="text/html"']);
    const plain = await request(app.getHttpServer()).get('/things/plain').expect(200);
    expect([plain.headers.deprecation, plain.headers.sunset]).toEqual([undefined, undefined]);
  });

  it("sets the headers on the operation's other answers too: a refused body still learns of the sunset", async () => {
    const res = await request(app.getHttpServer()).post('/things').send({ name: 7 }).expect(400);
    expect([res.headers.deprecation, res.headers.sunset]).toEqual(['@1790812800', 'Thu, 01 Apr 2027 00:00:00 GMT']);
  });

  it('refuses dates that are not a day, or a sunset before the deprecation', () => {
    expect(() => Deprecated({ since: '2027-01-01', sunset: '2026-01-01' })).toThrow('sunset after since');
    expect(() => Deprecated({ since: 'soon', sunset: '2026-01-01' })).toThrow('YYYY-MM-DD');
  });
});

describe('@Deprecated on a field, in an application whose document nobody has asked for yet', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.close());

  it('answers the operations holding it with the headers from the first request on', async () => {
    const res = await request(app.getHttpServer()).post('/things').send({ name: 'n' }).expect(201);
    expect([res.headers.deprecation, res.headers.sunset]).toEqual(['@1790812800', 'Thu, 01 Apr 2027 00:00:00 GMT']);
  });
});
