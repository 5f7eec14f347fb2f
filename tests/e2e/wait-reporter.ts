// Where the browser tests spend their time: `PW_WAITS=<file> npx playwright test` (playwright.config.ts) sums each
// kind of step (navigation, click, expect, fixture…) over the run and per file, and writes the table to the file named.
// A tool for making the suite faster (docs/testing.md), not a check: it never fails a run.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/** "Navigate to \"/contacts\"" and "Click getByRole('button', …)" become "Navigate to" and "Click". */
function kind(step: TestStep) {
  const words = step.title.split(/[\s("'`]/).filter(Boolean);
  return `${step.category}: ${words.slice(0, step.category === 'expect' ? 2 : 1).join(' ')}`;
}

export default class WaitReporter implements Reporter {
  private byKind = new Map<string, { ms: number; n: number }>();
  private byFile = new Map<string, { ms: number; steps: Map<string, number> }>();

  onStepEnd(test: TestCase, _result: TestResult, step: TestStep) {
    // Only the innermost waits: a test.step or a hook is the sum of what it holds.
    if (step.steps.length > 0 && step.category !== 'pw:api' && step.category !== 'expect') return;
    const key = kind(step);
    const entry = this.byKind.get(key) ?? { ms: 0, n: 0 };
    entry.ms += step.duration;
    entry.n += 1;
    this.byKind.set(key, entry);
    const file = relative(process.cwd(), test.location.file);
    const perFile = this.byFile.get(file) ?? { ms: 0, steps: new Map<string, number>() };
    perFile.ms += step.duration;
    perFile.steps.set(key, (perFile.steps.get(key) ?? 0) + step.duration);
    this.byFile.set(file, perFile);
  }

  onEnd() {
    const out = process.env.PW_WAITS;
    if (!out) return;
    const lines = ['# all files: seconds, count, kind'];
    for (const [key, { ms, n }] of [...this.byKind].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40)) {
      lines.push(`${(ms / 1000).toFixed(1).padStart(8)} ${String(n).padStart(6)}  ${key}`);
    }
    for (const [file, { ms, steps }] of [...this.byFile].sort((a, b) => b[1].ms - a[1].ms)) {
      lines.push('', `# ${file}: ${(ms / 1000).toFixed(1)} s`);
      for (const [key, stepMs] of [...steps].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
        lines.push(`${(stepMs / 1000).toFixed(1).padStart(8)}  ${key}`);
      }
    }
    writeFileSync(out, `${lines.join('\n')}\n`);
  }
}
