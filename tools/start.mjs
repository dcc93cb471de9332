// npm start: builds the gateways, then the launcher runs Postgres (embedded unless DATABASE_URL), migrations,
// the demo import on a new database, and both gateways (apps/launcher).
import { build, exec } from './run-built.mjs';

build(['launcher', 'admin-cli', 'public-gateway', 'internal-gateway']);
exec('launcher', process.argv.slice(2));
