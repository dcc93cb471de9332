// npm run -s admin -- VERB: the admin CLI (apps/admin-cli).
import { build, exec } from './run-built.mjs';

build(['admin-cli']);
exec('admin-cli', process.argv.slice(2));
