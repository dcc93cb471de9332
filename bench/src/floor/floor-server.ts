// The framework floor: an empty NestJS application on @nestjs/platform-express (the gateways' stack)
// answering whoami's JSON with no token check, no middleware and no logging. What it reaches is the most
// any NestJS/express gateway can reach on this machine for that route: it puts the whoami target in
// proportion (see docs/decisions/benchmarks.md, "What each scenario is compared with").
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

const ANSWER = { clientType: 'SERVICE', clientId: 'floor' };

@Controller()
class FloorController {
  @Get('v0/whoami')
  whoami() {
    return ANSWER;
  }

  @Get('health/ready')
  ready() {
    return { status: 'ok' };
  }
}

@Module({ controllers: [FloorController] })
class FloorModule {}

async function main(): Promise<void> {
  const port = Number(process.env.FLOOR_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('FLOOR_PORT is required');
  const app = await NestFactory.create<NestExpressApplication>(FloorModule, { logger: false, bodyParser: false });
  await app.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
