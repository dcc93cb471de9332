// npm run example: the SDK quickstart (examples/src) against a running public gateway (GATEWAY_URL, default http://localhost:3000).
import { build, exec } from './run-built.mjs';

build(['examples']);
exec('examples', process.argv.slice(2));
