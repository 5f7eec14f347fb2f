// Starts the built server for the browser suite on a fresh database file.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const dir = '.tmp/e2e';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
// Started as `npm start` starts it (its environment variables and node flags), so the browser suite also checks that
// the production flags are ones this Node accepts.
const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start.split(/\s+/);
const node = start.indexOf('node');
const startEnv = Object.fromEntries(start.slice(0, node).map((assignment) => assignment.split('=')));
const child = spawn(process.execPath, start.slice(node + 1), {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...startEnv, PORT: process.env.E2E_PORT ?? '4173', HOST: '127.0.0.1', DATABASE_URL: `file:${dir}/e2e.db`, LOG_REQUESTS: 'false', NODE_ENV: 'production', REGISTER_LIMIT_PER_ADDRESS: '100000', LOGIN_LIMIT_PER_ADDRESS: '100000' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
