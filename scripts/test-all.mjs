// `npm test`: every stage CI runs, then a table of each stage's wall time and the CPU time its processes used (on
// Linux), printed on failure too. After the build, the browser tests run in front, then the load test and the API
// tests; the other stages run one after another beside them at the lowest priority (their sessions' autogroup at nice
// 19), on the CPU the browsers leave (before and after in docs/testing.md). Each stage beside prints its output when
// it ends. The load test, whose bounds on /healthz need the machine to itself, runs in front after the browser tests.
// The first failure stops everything still running,
// unless `--keep-going`. Stage names as arguments run only those (`node scripts/test-all.mjs unit api`), one after
// another unless the browser tests are among them; `--serial` runs them one after another always, as before.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// [name, command, args, lane]: 'front' runs in order in the foreground; 'beside' runs in order beside the browser tests.
const stages = [
  ['build', 'npm', ['run', '--silent', 'build'], 'front'],
  ['e2e', 'npm', ['run', '--silent', 'test:e2e'], 'front'],
  ['load', 'npm', ['run', '--silent', 'test:load'], 'front'],
  // In front after the browser tests: beside them, starved at nice 19, tests with a 20 s budget ran past it (argon2's
  // 200 sign-ins in attempt-limits, the first render's compile in first-screen) once faster static checks let the API
  // stage start while the browser tests still ran (docs/testing.md, runs 'l' and 'm').
  ['api', 'npm', ['run', '--silent', 'test:api'], 'front'],
  ['static', 'bash', ['scripts/static-checks.sh'], 'beside'],
  ['unit', 'npm', ['run', '--silent', 'test:unit'], 'beside'],
  ['size', 'npm', ['run', '--silent', 'size'], 'beside'],
  ['sea', 'npm', ['run', '--silent', 'test:sea'], 'beside'],
];
const flags = new Set(['--keep-going', '--serial']);
const keepGoing = process.argv.includes('--keep-going');
const serial = process.argv.includes('--serial');
const wanted = process.argv.slice(2).filter((arg) => !flags.has(arg));
const unknown = wanted.filter((name) => !stages.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(', ')}: the stages are ${stages.map(([stage]) => stage).join(', ')}`);
  process.exit(2);
}
const chosen = stages.filter(([name]) => wanted.length === 0 || wanted.includes(name));
// The other stages run beside the browser tests only when these run.
const overlap = !serial && chosen.some(([name]) => name === 'e2e');

const scratch = mkdtempSync(join(tmpdir(), 'sower-test-all-'));
const rows = [];
const children = new Set();
let stopping = false;

/**
 * Runs one stage through bash, whose `times` prints the CPU its children used (user and system, with their own
 * children), so each stage has its own count though stages run at once. `quiet` keeps the output until the end.
 */
function run([name, command, args], { quiet = false, nice = false } = {}) {
  return new Promise((resolve) => {
    const timesFile = join(scratch, `${name}.times`);
    const line = nice ? ['nice', '-n', '19', command, ...args] : [command, ...args];
    const started = performance.now();
    // A stage runs in a session of its own, and Linux shares the CPU fairly between sessions whatever their processes'
    // nice values (autogroups): the autogroup's own nice value is what lowers the session beside the browser tests.
    const lower = nice ? 'echo 19 > /proc/$$/autogroup 2> /dev/null; ' : '';
    const child = spawn('bash', ['-c', `${lower}"$@"; status=$?; times > "$TIMES_FILE"; exit $status`, name, ...line], {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, TIMES_FILE: timesFile },
      detached: true,
    });
    children.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code, signal) => {
      children.delete(child);
      const wall = (performance.now() - started) / 1000;
      let cpu;
      try {
        // Second line of `times`: the children's "0m12.345s 0m1.234s" (user, system).
        const [user, system] = readFileSync(timesFile, 'utf8').split('\n')[1].trim().split(/\s+/);
        const seconds = (text) => {
          const [, minutes, secs] = /^(\d+)m([\d.]+)s$/.exec(text) ?? [];
          return Number(minutes) * 60 + Number(secs);
        };
        cpu = seconds(user) + seconds(system);
      } catch {
        cpu = undefined;
      }
      if (quiet) {
        process.stdout.write(`\n──── ${name} (${wall.toFixed(1)} s, run beside the browser tests) ────\n`);
        process.stdout.write(Buffer.concat(output));
      }
      const status = code ?? (signal ? 1 : 0);
      rows.push({ name, wall, cpu, code: stopping && status !== 0 ? 'stopped' : status });
      resolve(status);
    });
  });
}

function stopAll() {
  stopping = true;
  for (const child of children) {
    try {
      // As Ctrl-C would: Playwright stops its web server on SIGINT, and on SIGTERM left it serving the port.
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // Already gone.
    }
  }
}

function printTable(wallTotal) {
  const cell = (value, width) => String(value).padStart(width);
  console.log('\nstage     wall s   cpu s  cpu/wall');
  for (const { name, wall, cpu, code } of [...rows].sort((a, b) => stages.findIndex(([n]) => n === a.name) - stages.findIndex(([n]) => n === b.name))) {
    const share = cpu === undefined ? '' : (cpu / wall).toFixed(2);
    const mark = code === 0 ? '' : code === 'stopped' ? '  stopped' : '  FAILED';
    console.log(`${name.padEnd(8)}${cell(wall.toFixed(1), 8)}${cell(cpu === undefined ? '' : cpu.toFixed(1), 8)}${cell(share, 10)}${mark}`);
  }
  const cpu = rows.every((row) => row.cpu !== undefined) ? rows.reduce((sum, row) => sum + row.cpu, 0) : undefined;
  console.log(
    `${'total'.padEnd(8)}${cell(wallTotal.toFixed(1), 8)}${cell(cpu === undefined ? '' : cpu.toFixed(1), 8)}${cell(cpu === undefined ? '' : (cpu / wallTotal).toFixed(2), 10)}` +
      (overlap ? '  (wall: from start to end; the stages beside the browser tests overlap them)' : ''),
  );
}

// Each stage runs in a process group of its own (so that stopping one stops its children): Ctrl-C and SIGTERM stop them
// all, and the table still shows what ran.
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

const started = performance.now();
let status = 0;
const failed = (code) => {
  if (code !== 0 && status === 0) status = code;
  if (code !== 0 && !keepGoing) stopAll();
  return code !== 0 && !keepGoing;
};

if (!overlap) {
  const order = ['static', 'unit', 'api', 'load', 'build', 'size', 'sea', 'e2e'];
  for (const name of order) {
    const stage = chosen.find(([n]) => n === name);
    if (stage && failed(await run(stage))) break;
  }
} else {
  const front = chosen.filter(([, , , lane]) => lane === 'front');
  const beside = chosen.filter(([, , , lane]) => lane === 'beside');
  const build = front.find(([name]) => name === 'build');
  // The build first (the browser tests serve it and size and sea read it), then both lanes at once.
  if (!(build && failed(await run(build)))) {
    const lane = async (list, options) => {
      for (const stage of list) {
        if (stopping) return;
        if (failed(await run(stage, options))) return;
      }
    };
    // Beside the browser tests, the other stages keep their output until each ends and yield the CPU to them.
    await Promise.all([
      lane(
        front.filter((stage) => stage !== build),
        {},
      ),
      lane(beside, { quiet: true, nice: true }),
    ]);
  }
}
rmSync(scratch, { recursive: true, force: true });
printTable((performance.now() - started) / 1000);
process.exit(status);
