// A heavy team's own export (issue 51 §6) against the personal export of the same volume, in one run: the team's JSON and
// CSV are written as they are read, a page per turn of the event loop, as the personal ones are (server/downloads.ts), so
// /healthz waits no longer behind them and the server's memory does not grow with the file.
import { describe, expect, it } from 'vitest';
import { measureTeamExport, type DownloadRun } from '../../bench/teamExport';

const worst = (runs: DownloadRun[], key: 'worstHealthMs' | 'peakRssMb') => Math.max(...runs.map((run) => run[key]));

describe('a team export of 30 members, 10,000 contacts and 150,000 activities', () => {
  // bench/teamExport.ts: a server process of its own, the team and an account holding as much on its own, each download
  // alone and twice, alternating, while /healthz is asked again and again from a process of its own.
  it('holds /healthz and memory no more than the personal export of the same volume', async () => {
    const { idleRssMb, runs } = await measureTeamExport({ source: true, port: 0, rounds: 2, log: () => undefined });
    console.info(`team export: ${JSON.stringify({ idleRssMb, runs })}`);
    for (const [label, each] of Object.entries(runs)) {
      expect(
        each.every((run) => run.status === 200),
        label,
      ).toBe(true);
      expect(Math.min(...each.map((run) => run.probes)), label).toBeGreaterThan(5);
    }
    // The same volume: the team's files are as large as the account's (the JSON's `scope` and fewer personal members aside).
    expect(runs['team JSON'][0].bytes).toBeGreaterThan(runs['personal JSON'][0].bytes * 0.9);
    expect(runs['team CSV'][0].bytes).toBeGreaterThan(runs['personal CSV'][0].bytes * 0.9);
    // The longest wait of each is of the personal export's order, measured in the same run on the same machine.
    expect(worst(runs['team JSON'], 'worstHealthMs')).toBeLessThan(2 * worst(runs['personal JSON'], 'worstHealthMs'));
    expect(worst(runs['team CSV'], 'worstHealthMs')).toBeLessThan(2 * worst(runs['personal CSV'], 'worstHealthMs'));
    // Memory stays bounded: the 70 MB file is never held whole (which alone would add its size), and the server's resident
    // memory grows no more than during the personal export.
    const fileMb = runs['team JSON'][0].bytes / 1024 / 1024;
    expect(worst(runs['team JSON'], 'peakRssMb') - idleRssMb).toBeLessThan(fileMb * 0.75);
    expect(worst(runs['team JSON'], 'peakRssMb')).toBeLessThan(worst(runs['personal JSON'], 'peakRssMb') * 1.25);
  }, 900_000);
});
