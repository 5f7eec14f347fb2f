// `npm run restore -- <file>`: puts a backup back in place of the file database, as `sower restore` does (server/cli.ts).
import { runCli } from '../server/cli';

process.exit(await runCli(['restore', ...process.argv.slice(2)]));
