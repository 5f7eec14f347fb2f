// Every curl example in README.md, run as written (only the address changed to this server's) with curl itself, in order,
// each answering the status the README shows above it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

const run = promisify(execFile);

/** Each curl command of the README's sh blocks, with the status named by the `# 201: …` line above it. */
function readmeExamples(readme: string): { status: number; command: string }[] {
  const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1].split('\n'));
  return blocks.flatMap((lines) =>
    lines.flatMap((line, index) => {
      if (!line.startsWith('curl ')) return [];
      const status = /^# (\d{3}):/.exec(lines[index - 1] ?? '')?.[1];
      if (!status) throw new Error(`README: no "# <status>:" line above ${line}`);
      return [{ status: Number(status), command: line }];
    }),
  );
}

let server: TestServer;
let folder: string;

beforeAll(async () => {
  server = await startServer();
  folder = mkdtempSync(join(tmpdir(), 'sower-readme-'));
});
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the README’s examples', () => {
  const examples = readmeExamples(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));

  it('are there: a session, records, two-step setup, a team and its link, an error and signing out', () => {
    expect(examples.length).toBeGreaterThanOrEqual(10);
    expect(examples.map(({ command }) => command).join('\n')).toContain('/api/account/2fa/setup');
  });

  it('each answer the status the README shows, run in order with curl', async () => {
    const answered: string[] = [];
    for (const { command } of examples) {
      // The README's address is the one `npm run setup` serves; the answer's body goes to a file, its status to stdout.
      const here = command.replaceAll('http://localhost:3000', server.baseUrl);
      const { stdout } = await run('sh', ['-c', `${here} -o answer.json -w '%{http_code}'`], { cwd: folder });
      answered.push(`${stdout} ${command}`);
    }
    expect(answered).toEqual(examples.map(({ status, command }) => `${status} ${command}`));
  });
});
