// The copy detector of `npm test` (issue 49): jscpd (.jscpd.json) over the code, failing on any block of 6 or more lines
// repeated elsewhere unless .jscpd-allowed.json lists that pair of files with its reason, and on a listed pair that no
// longer repeats (so the list only shrinks with the code).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const started = performance.now();
try {
  execFileSync('npx', ['--no-install', 'jscpd', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
} catch {
  // jscpd exits 1 when it finds clones; the report says which, and the allowed list decides.
}
const report = JSON.parse(readFileSync('.tmp/jscpd/jscpd-report.json', 'utf8'));
const allowed = JSON.parse(readFileSync('.jscpd-allowed.json', 'utf8'));
const relative = (path) => path.replace(`${process.cwd()}/`, '');
const pairKey = (a, b) => [relative(a), relative(b)].sort().join(' ~ ');
const listed = new Map(allowed.map((entry) => [pairKey(...entry.files), entry]));
const seen = new Set();
const unlisted = [];
for (const clone of report.duplicates) {
  const key = pairKey(clone.firstFile.name, clone.secondFile.name);
  if (listed.has(key)) seen.add(key);
  else
    unlisted.push(
      `${relative(clone.firstFile.name)}:${clone.firstFile.start}-${clone.firstFile.end} ~ ${relative(clone.secondFile.name)}:${clone.secondFile.start}-${clone.secondFile.end} (${clone.lines} lines)`,
    );
}
const stale = [...listed.keys()].filter((key) => !seen.has(key));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (unlisted.length) console.error(`Copy detector: ${unlisted.length} repeated blocks not in .jscpd-allowed.json:\n  ${unlisted.join('\n  ')}`);
if (stale.length) console.error(`Copy detector: listed in .jscpd-allowed.json but no longer repeated (remove them):\n  ${stale.join('\n  ')}`);
if (unlisted.length || stale.length) process.exit(1);
console.log(`Copy detector: ${report.duplicates.length} repeated blocks, all listed with their reason (${seconds} s)`);
