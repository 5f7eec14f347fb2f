// Prints the messages the extractor finds in the given files, and any it cannot read (a msg() of a variable, say).
// Usage: npx tsx scripts/i18n/list.ts src/pages/LoginPage.tsx …
import { readFileSync } from 'node:fs';
import { findMessages } from './extractor';

let problems = 0;
for (const file of process.argv.slice(2)) {
  const result = findMessages(file, readFileSync(file, 'utf8'));
  for (const m of result.messages) console.log(`${file}:${m.line}  ${JSON.stringify(m.id)}`);
  for (const p of result.problems) console.error(p);
  problems += result.problems.length;
}
process.exit(problems ? 1 : 0);
