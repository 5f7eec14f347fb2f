// Starts the built server for the browser suite on a fresh database file.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';

const dir = '.tmp/e2e';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const child = spawn(process.execPath, ['dist-server/main.js'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: process.env.E2E_PORT ?? '4173', HOST: '127.0.0.1', DATABASE_URL: `file:${dir}/e2e.db`, LOG_REQUESTS: 'false', NODE_ENV: 'production', REGISTER_LIMIT_PER_ADDRESS: '100000', LOGIN_LIMIT_PER_ADDRESS: '100000' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
