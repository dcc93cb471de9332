// The express instance both gateways run on, with the settings express reads only when its router is
// first created (which Nest does before any of our configuration runs).
import express from 'express';
import { ExpressAdapter } from '@nestjs/platform-express';

export function gatewayHttpAdapter(): ExpressAdapter {
  const instance = express();
  // Paths are matched as the spec writes them: /V0/whoami is not /v0/whoami.
  instance.set('case sensitive routing', true);
  return new ExpressAdapter(instance);
}
