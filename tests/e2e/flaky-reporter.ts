// Names every test that passed only on a retry, so a flake is seen, not hidden: .ci/run prints the file this writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';

export const FLAKY_FILE = process.env.FLAKY_FILE ?? '.tmp/flaky-tests.txt';

export default class FlakyReporter implements Reporter {
  private root?: Suite;

  onBegin(_config: unknown, suite: Suite) {
    this.root = suite;
  }

  onEnd(_result: FullResult) {
    const flaky = (this.root?.allTests() ?? []).filter((test) => test.outcome() === 'flaky');
    const lines = flaky.map((test) => {
      const [, project, , ...titles] = test.titlePath();
      return `[${project}] ${relative(process.cwd(), test.location.file)}:${test.location.line} › ${titles.join(' › ')}`;
    });
    mkdirSync(dirname(FLAKY_FILE), { recursive: true });
    writeFileSync(FLAKY_FILE, lines.map((line) => `${line}\n`).join(''));
  }
}
