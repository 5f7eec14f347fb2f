// Starts the built server for the browser suite on a fresh database file, with a real SMTP server beside it whose mail
// each test can read: every message accepted is appended to .tmp/e2e/mail/<recipient>.jsonl (tests/e2e/fixtures.ts).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const dir = '.tmp/e2e';
const mailDir = join(dir, 'mail');
rmSync(dir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

const smtp = new SMTPServer({
  disabledCommands: ['AUTH', 'STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const line = JSON.stringify({ subject: mail.subject, text: mail.text, html: mail.html }) + '\n';
        for (const { address } of session.envelope.rcptTo) appendFileSync(join(mailDir, `${address.replace(/[^\w@.+-]/g, '_')}.jsonl`), line);
        callback();
      },
      (error) => callback(error),
    );
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

// Started as `npm start` starts it (its environment variables and node flags), so the browser suite also checks that
// the production flags are ones this Node accepts.
const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start.split(/\s+/);
const node = start.indexOf('node');
const startEnv = Object.fromEntries(start.slice(0, node).map((assignment) => assignment.split('=')));
const child = spawn(process.execPath, start.slice(node + 1), {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    ...startEnv,
    PORT: process.env.E2E_PORT ?? '4173',
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${dir}/e2e.db`,
    LOG_REQUESTS: 'false',
    NODE_ENV: 'production',
    REGISTER_LIMIT_PER_ADDRESS: '100000',
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Sower <reminders@sower.test>',
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
