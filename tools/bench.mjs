// npm run bench: builds both gateways and the bench, then runs the bench (bench/src/main.ts).
import { build, exec } from './run-built.mjs';

build(['public-gateway', 'internal-gateway', 'bench']);
exec('bench', process.argv.slice(2));
