// The single executable's main script (scripts/package.mjs): its files out of the executable first, then a command.
import './runtime';
import { runCli } from '../cli';

void runCli(process.argv.slice(2)).then((code) => {
  // serve keeps running (-1) until SIGTERM; every other command ends here.
  if (code >= 0) process.exit(code);
});
