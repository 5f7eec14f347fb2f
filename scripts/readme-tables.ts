// `npm run readme:tables`: writes the README's table of entities from the entity manifest and adds a REST API row for
// each route the README does not list yet (scripts/readme/tables.ts), then lets Prettier align the columns. A new
// route's row gets its procedure and status; say what it does in the row by hand.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { renderReadme } from './readme/tables';

const file = new URL('../README.md', import.meta.url);
const before = readFileSync(file, 'utf8');
writeFileSync(file, renderReadme(before));
execFileSync('npx', ['--no-install', 'prettier', '--write', 'README.md'], { cwd: new URL('..', import.meta.url), stdio: 'ignore' });
console.log(readFileSync(file, 'utf8') === before ? 'README.md: its tables were already current' : 'README.md: tables written (see git diff README.md)');
