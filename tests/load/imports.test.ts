// Hostile imports against everyone else, on a machine nobody else is using: `npm test` runs this file as it does
// tests/load/downloads.test.ts, because a bound of 100 ms on the slowest health check measures the server only then.
import { describe, expect, it } from 'vitest';
import { measureHostileImports } from '../../bench/hostileImports';

describe('imports built to exhaust the server', () => {
  // bench/hostileImports.ts: a server process of its own; four 64 MB bodies at once (one import runs, three wait), two
  // nesting `[` without end and two a flat array under a key no import reads; /healthz asked again and again meanwhile.
  it('answers 64 MB of nesting and a 64 MB array under an unknown key with 400, in bounded memory, /healthz within 100 ms throughout', async () => {
    const result = await measureHostileImports({ source: true, port: 0 });
    console.info(`hostile imports: ${JSON.stringify(result)}`);
    expect(result.answers.map(({ status }) => status)).toEqual([400, 400, 400, 400]);
    expect(result.answers.map(({ message }) => message)).toEqual([
      'This file nests values deeper than a Sower export does, so it is not one.',
      'This file is not a Sower export.',
      'This file nests values deeper than a Sower export does, so it is not one.',
      'This file is not a Sower export.',
    ]);
    expect(result.peakRssMiB - result.rssBeforeMiB).toBeLessThan(50);
    expect(result.probes).toBeGreaterThan(10);
    expect(result.worstHealthMs).toBeLessThan(100);
  });
});
