// Starts Sower from a clone (`npm start`: node dist-server/main.js) with the operator's commands (server/cli.ts).
import { runCli } from './cli';

const code = await runCli(process.argv.slice(2));
// serve keeps running (-1) until SIGTERM; every other command ends here.
if (code >= 0) process.exit(code);
