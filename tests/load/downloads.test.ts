// A heavy account's downloads against everyone else, on a machine nobody else is using: `npm test` runs this file in
// front after the browser tests (any stage still beside them yields the CPU to it), because a bound of 100 ms on the
// slowest of hundreds of health checks measures the server only when no other test file shares its two cores.
import { describe, expect, it } from 'vitest';
import { measureDownloads } from '../../bench/downloads';

describe('downloads and calendar feeds of a heavy account', () => {
  // bench/downloads.ts, as `npm run bench` runs it: a server process of its own (so /healthz is asked of a server whose
  // loop holds nothing else), an account of 5,000 contacts, 20,000 activities and 10,000 pending follow-ups (half of them
  // in a team, whose other member's feed is fetched too), ten feeds and a tRPC batch of ten, four JSON exports, the CSV
  // and the vCard at once, with the account's and the teammate's exports of everything they can see (issue 48: the
  // teammate's hold the team's half), /healthz asked again and again until all have answered.
  it('answers every health check within 100 ms while ten feeds, four exports and every download run at once', async () => {
    const result = await measureDownloads({ source: true, port: 0, log: () => undefined });
    console.info(`heavy downloads: ${JSON.stringify({ ...result, statuses: undefined })}`);
    // Downloads and the feed are one per request: a batch of them is refused before any is built.
    expect(result.statuses['feed batch of 10 (tRPC)']).toEqual([400]);
    for (const label of [
      'feed',
      'teammate feed',
      'JSON export',
      'CSV',
      'vCard',
      'JSON export of everything visible',
      'teammate JSON export of everything visible',
      'teammate CSV of everything visible',
    ])
      expect(
        result.statuses[label].every((status) => status === 200),
        label,
      ).toBe(true);
    expect(result.bytes.feed).toBeLessThan(300_000);
    expect(result.bytes['teammate feed']).toBeLessThan(300_000);
    expect(result.bytes['JSON export']).toBeGreaterThan(10_000_000);
    // Everything the account can see is what it created; the teammate sees the team's half of it.
    expect(result.bytes['JSON export of everything visible']).toBe(result.bytes['JSON export']);
    expect(result.bytes['teammate JSON export of everything visible']).toBeGreaterThan(result.bytes['JSON export'] / 3);
    expect(result.bytes['teammate CSV of everything visible']).toBeGreaterThan(result.bytes.CSV / 3);
    expect(result.probes).toBeGreaterThan(20);
    // Each wait as a separate process asking on a new connection saw it (bench/downloads.ts probe): the server's, not this
    // process's. The longest the server's loop was held is printed above, and judged by `npm run bench`.
    expect(result.worstHealthMs).toBeLessThan(100);
  }, 120_000);
});
