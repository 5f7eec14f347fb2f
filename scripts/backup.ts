// `npm run backup -- <file>`: a consistent snapshot of the running file database, as `sower backup` takes it (server/cli.ts).
import { runCli } from '../server/cli';

process.exit(await runCli(['backup', ...process.argv.slice(2)]));
