// `npm test`: every stage CI runs, in order, stopping at the first failure, then a table of each stage's wall time and
// the CPU time its processes used (on Linux), printed on failure too. Stage names as arguments run only those
// (`node scripts/test-all.mjs unit api`); `--keep-going` runs the rest after a failure (to measure every stage).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const stages = [
  ['static', 'bash', ['scripts/static-checks.sh']],
  ['unit', 'npm', ['run', '--silent', 'test:unit']],
  ['api', 'npm', ['run', '--silent', 'test:api']],
  ['load', 'npm', ['run', '--silent', 'test:load']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['size', 'npm', ['run', '--silent', 'size']],
  ['sea', 'npm', ['run', '--silent', 'test:sea']],
  ['e2e', 'npm', ['run', '--silent', 'test:e2e']],
];

const keepGoing = process.argv.includes('--keep-going');
const wanted = process.argv.slice(2).filter((arg) => arg !== '--keep-going');
const unknown = wanted.filter((name) => !stages.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(', ')}: the stages are ${stages.map(([stage]) => stage).join(', ')}`);
  process.exit(2);
}

/**
 * The CPU seconds (user + system) of this process's children that have ended, which include their own children's:
 * fields 16 and 17 of /proc/self/stat, in clock ticks of 1/100 s. Undefined where there is no /proc.
 */
function childrenCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const rows = [];
let running;
const run = (command, args) =>
  new Promise((resolve) => {
    running = spawn(command, args, { stdio: 'inherit' });
    running.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

function printTable() {
  const cell = (value, width) => String(value).padStart(width);
  console.log('\nstage     wall s   cpu s  cpu/wall');
  for (const { name, wall, cpu, code } of rows) {
    const share = cpu === undefined ? '' : (cpu / wall).toFixed(2);
    console.log(
      `${name.padEnd(8)}${cell(wall.toFixed(1), 8)}${cell(cpu === undefined ? '' : cpu.toFixed(1), 8)}${cell(share, 10)}${code === 0 ? '' : '  FAILED'}`,
    );
  }
  const wall = rows.reduce((sum, row) => sum + row.wall, 0);
  const cpu = rows.every((row) => row.cpu !== undefined) ? rows.reduce((sum, row) => sum + row.cpu, 0) : undefined;
  console.log(
    `${'total'.padEnd(8)}${cell(wall.toFixed(1), 8)}${cell(cpu === undefined ? '' : cpu.toFixed(1), 8)}${cell(cpu === undefined ? '' : (cpu / wall).toFixed(2), 10)}`,
  );
}

// Ctrl-C reaches the running stage too (same process group); the table still shows what ran.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => running?.kill('SIGTERM'));

let status = 0;
for (const [name, command, args] of stages) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const started = performance.now();
  const cpuBefore = childrenCpu();
  const code = await run(command, args);
  const cpuAfter = childrenCpu();
  rows.push({ name, wall: (performance.now() - started) / 1000, cpu: cpuBefore === undefined ? undefined : cpuAfter - cpuBefore, code });
  if (code !== 0) {
    status = code;
    if (!keepGoing) break;
  }
}
printTable();
process.exit(status);
