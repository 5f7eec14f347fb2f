// What the bench concludes: each target judged from the results, and the report printed at the end.
import type { DatasetSummary } from './dataset';
import type { Measured } from './load';
import type { OpenLoopResult } from './openloop';
import { CONNECTIONS, DURATION, MAX_DURATION, SCALE_KEYS, SCALES, TARGETS } from './settings';

export type Rows = Record<string, { label: string; read: boolean; app: Measured; floor: Measured; openLoop?: OpenLoopResult & { loopMaxMs: number | null } }>;
export type Scale = Record<string, Record<string, { app: Measured; floor: { serialMs?: number } }>>;

export interface SizeModule {
  checkSizes(dist: string): {
    login: { jsGzip: number; cssGzip: number; js: unknown[]; css: unknown[] };
    dashboard: { jsGzip: number; cssGzip: number; js: unknown[]; css: unknown[] };
    failures: string[];
    ok: boolean;
  };
}

interface Verdict {
  target: string;
  pass: boolean | null;
  detail: string;
}

export function evaluate(
  results: Record<string, unknown>,
  rows: Rows,
  scale: Scale,
  stall: Record<string, unknown>,
  sizes: ReturnType<SizeModule['checkSizes']> | null,
): Verdict[] {
  const verdicts: Verdict[] = [];
  const reads = Object.entries(rows).filter(([, r]) => r.read);
  // Judged on CPU time per request (floor ÷ app), the capacity of a server bound by its one thread: req/s at 50
  // connections moved ±30 % between runs on a shared VM, and a whole list's req/s depends on how a short window cuts
  // 50 lists served in turns. Both are printed.
  const share = (r: Rows[string]) => (r.app.cpuMs && r.floor.cpuMs ? r.floor.cpuMs / r.app.cpuMs : r.app.rps / r.floor.rps);
  const slowShare = reads.filter(([, r]) => share(r) < TARGETS.floorShare).map(([k, r]) => `${k} ${pct(share(r))}`);
  verdicts.push({
    target: 'every read endpoint ≥ 70% of the floor (CPU per request under load)',
    pass: slowShare.length === 0,
    detail: slowShare.length ? `below: ${slowShare.join(', ')}` : `all at or above 70%: ${reads.map(([k, r]) => `${k} ${pct(share(r))}`).join(', ')}`,
  });
  // Paged reads only: a full list takes 50-100 ms of SQL and encoding for one request, on the floor as well.
  const paged = reads.filter(([k]) => !k.endsWith('All') && rows[k].openLoop);
  const slowOpen = paged
    .filter(([, r]) => r.openLoop!.p99 > TARGETS.openP99Ms || r.openLoop!.errors > 0)
    .map(([k, r]) => `${k} ${r.openLoop!.p99} ms at ${r.openLoop!.rate}/s`);
  verdicts.push({
    target: 'paged reads at half the floor’s capacity, open loop: p99 ≤ 25 ms (heavy user)',
    pass: paged.length ? slowOpen.length === 0 : null,
    detail: slowOpen.length ? `over: ${slowOpen.join(', ')}` : paged.map(([k, r]) => `${k} ${r.openLoop!.p99}`).join(', '),
  });
  const loops = Object.entries(rows)
    .flatMap(
      ([k, r]) =>
        [
          [k, r.app.loopMaxMs],
          [`${k} open`, r.openLoop?.loopMaxMs],
        ] as [string, number | null | undefined][],
    )
    .filter(([, v]) => typeof v === 'number') as [string, number][];
  const longest = loops.sort((a, b) => b[1] - a[1])[0];
  verdicts.push({
    target: 'no request holds the event loop > 100 ms (monitorEventLoopDelay)',
    pass: longest ? longest[1] <= TARGETS.loopMs : null,
    detail: longest
      ? `longest ${longest[1]} ms (${longest[0]})${
          loops.filter(([, v]) => v > TARGETS.loopMs).length > 1
            ? `; over: ${loops
                .filter(([, v]) => v > TARGETS.loopMs)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ')}`
            : ''
        }`
      : 'not measured',
  });
  const small = scale[String(SCALES[0])];
  const large = scale[String(SCALES[SCALES.length - 1])];
  if (small && large) {
    const growth = (k: string) => (large[k].app.serialMs ?? 0) / Math.max(small[k].app.serialMs ?? 0, 0.01);
    const grown = SCALE_KEYS.filter((k) => growth(k) >= TARGETS.growth);
    verdicts.push({
      target: 'dashboard and first-page latency grow < 2× from 1,000 to 100,000 activities (one request at a time)',
      pass: grown.length === 0,
      detail: grown.length ? `grew: ${grown.map((k) => `${k} ${growth(k).toFixed(1)}×`).join(', ')}` : 'all under 2×',
    });
  } else verdicts.push({ target: 'growth < 2× from 1,000 to 100,000 activities', pass: null, detail: 'not measured (--no-scale)' });
  if (sizes) {
    verdicts.push({ target: '/login JS ≤ 150 kB gz', pass: sizes.login.jsGzip <= TARGETS.loginJsGzip, detail: `${kb(sizes.login.jsGzip)} gz` });
    verdicts.push({ target: '/login CSS ≤ 30 kB gz', pass: sizes.login.cssGzip <= TARGETS.loginCssGzip, detail: `${kb(sizes.login.cssGzip)} gz` });
  } else verdicts.push({ target: '/login JS and CSS budgets', pass: null, detail: 'client not built' });
  const browser = results.browser as { coldMedianMs?: number; error?: string } | undefined;
  if (browser?.coldMedianMs !== undefined)
    verdicts.push({
      target: 'dashboard data within 2.0 s (phone, slow 4G, 4× CPU)',
      pass: browser.coldMedianMs <= TARGETS.dashboardMs,
      detail: `cold median ${browser.coldMedianMs} ms`,
    });
  else verdicts.push({ target: 'dashboard data within 2.0 s', pass: null, detail: browser?.error ?? 'not measured' });
  const memory = results.rss as { peakMb: Record<string, number>; byPhase: Record<string, Record<string, number>> };
  const over = Object.entries(memory.byPhase.app ?? {})
    .filter(([, mb]) => mb > TARGETS.rssMb)
    .map(([phase, mb]) => `${phase.replace(/^app:/, '')} ${mb} MB`);
  verdicts.push({
    target: 'server RSS ≤ 180 MB',
    pass: memory.peakMb.app <= TARGETS.rssMb,
    detail: `peak ${memory.peakMb.app} MB${over.length ? `; over during ${over.join(', ')}` : ''} (floor peak ${memory.peakMb.floor} MB)`,
  });
  const stalls = Object.values(stall as Record<string, { label: string; alone: Measured; withLogins: Measured }>);
  // A stall is a request held up by a hash: the event loop blocked, or waiting behind logins, which shows in the p99
  // (the issue's measure). Sharing 2 cores with one hashing thread and the load generator moves a 5 ms p99 by a few
  // ms, which is contention, not a stall; the max is one request and is reported, not judged.
  const stalled = stalls.filter((s) => s.withLogins.p99 >= TARGETS.p99Ms);
  verdicts.push({
    target: 'logins never stall other requests (p99 < 50 ms while 20 logins run)',
    pass: stalled.length === 0,
    detail: stalls.map((s) => `${s.label}: p99 ${s.alone.p99} → ${s.withLogins.p99} ms (max ${s.withLogins.max} ms)`).join('; '),
  });
  const downloads = results.downloads as import('./downloads').DownloadsResult | undefined;
  verdicts.push(
    downloads
      ? {
          target: 'heavy account’s feeds, exports and files at once: /healthz within 100 ms, loop held ≤ 100 ms',
          pass: downloads.worstHealthMs <= TARGETS.loopMs && (downloads.loopMaxMs ?? 0) <= TARGETS.loopMs,
          detail: `worst /healthz ${downloads.worstHealthMs} ms (median ${downloads.medianHealthMs} ms, ${downloads.probes} probes), loop held ${downloads.loopMaxMs} ms, all done in ${downloads.seconds} s`,
        }
      : { target: 'heavy account’s downloads against /healthz', pass: null, detail: 'not measured (--no-downloads)' },
  );
  const hostile = results.hostileImports as import('./hostileImports').HostileImportsResult | undefined;
  verdicts.push(
    hostile
      ? {
          target: 'four 64 MB hostile imports at once: each 400, memory within 50 MB, /healthz within 100 ms, loop held ≤ 100 ms',
          pass:
            hostile.answers.every(({ status }) => status === 400) &&
            hostile.peakRssMiB - hostile.rssBeforeMiB < 50 &&
            hostile.worstHealthMs <= TARGETS.loopMs &&
            hostile.loopMaxMs <= TARGETS.loopMs,
          detail: `answers ${hostile.answers.map(({ status }) => status).join(', ')}; resident ${hostile.rssBeforeMiB} → ${hostile.peakRssMiB} MiB at most; worst /healthz ${hostile.worstHealthMs} ms (${hostile.probes} probes), loop held ${hostile.loopMaxMs} ms, all done in ${hostile.seconds} s`,
        }
      : { target: 'hostile imports against /healthz', pass: null, detail: 'not measured (--no-imports)' },
  );
  return verdicts;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const size = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : bytes >= 1000 ? `${(bytes / 1000).toFixed(1)} kB` : `${bytes} B`;

function table(header: string[], body: string[][]) {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const row of body) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

export function report(
  results: Record<string, unknown>,
  rows: Rows,
  scale: Scale,
  stall: Record<string, unknown>,
  sizes: ReturnType<SizeModule['checkSizes']> | null,
) {
  const out: string[] = [];
  const machine = results.machine as Record<string, unknown>;
  const data = results.dataset as DatasetSummary;
  out.push(
    `Sower bench — ${machine.nproc} cores, ${machine.memoryGb} GB, node ${machine.node}; ${CONNECTIONS} connections, ${DURATION}–${MAX_DURATION} s per endpoint; load average at start ${(results.loadAverageAtStart as number[]).join(' ')}`,
  );
  out.push(
    `heavy user sees ${data.visibleToHeavy.activities} activities, ${data.visibleToHeavy.contacts} contacts, ${data.visibleToHeavy.follow_ups} follow-ups, ${data.visibleToHeavy.prayer_requests} prayer requests, ${data.visibleToHeavy.goals} goals (own + team)`,
  );
  out.push('');
  out.push(
    table(
      [
        'endpoint (heavy user, 50k activities)',
        'app req/s',
        'app p50',
        'app p99',
        'app 1-conn',
        'floor req/s',
        'floor p50',
        'floor p99',
        'floor 1-conn',
        'app ÷ floor req/s',
        'floor ÷ app CPU/req',
        'response',
      ],
      Object.values(rows).map((r) => [
        r.label,
        r.app.rps.toFixed(0),
        ms(r.app.p50),
        ms(r.app.p99),
        ms(r.app.serialMs ?? 0),
        r.floor.rps.toFixed(0),
        ms(r.floor.p50),
        ms(r.floor.p99),
        ms(r.floor.serialMs ?? 0),
        pct(r.app.rps / r.floor.rps),
        r.app.cpuMs && r.floor.cpuMs ? pct(r.floor.cpuMs / r.app.cpuMs) : '-',
        size(r.app.bytesPerResponse),
      ]),
    ),
  );
  out.push('(latencies in ms; 1-conn = median of requests sent one at a time to an idle server)');
  out.push('');
  out.push(
    table(
      [
        'open loop: app at half the floor’s capacity',
        'arrivals/s',
        'p50',
        'p99',
        'max',
        'errors',
        'app CPU ms/req (50 conns)',
        'floor CPU ms/req',
        'loop held, max ms (50 conns · open)',
      ],
      Object.values(rows)
        .filter((r) => r.openLoop)
        .map((r) => [
          r.label,
          String(r.openLoop!.rate),
          ms(r.openLoop!.p50),
          ms(r.openLoop!.p99),
          ms(r.openLoop!.max),
          String(r.openLoop!.errors),
          String(r.app.cpuMs),
          String(r.floor.cpuMs),
          `${r.app.loopMaxMs ?? '-'} · ${r.openLoop!.loopMaxMs ?? '-'}`,
        ]),
    ),
  );
  out.push('');
  const sizesOrder = Object.keys(scale)
    .map(Number)
    .sort((a, b) => a - b);
  const growthOf = (k: string, side: 'app' | 'floor', field: 'serialMs' | 'p50') => {
    const value = (n: number) => (scale[String(n)][k][side] as Partial<Measured>)[field] ?? 0;
    const first = value(sizesOrder[0]);
    const last = value(sizesOrder[sizesOrder.length - 1]);
    return `${(last / Math.max(first, 0.01)).toFixed(1)}×`;
  };
  out.push(
    table(
      [
        'app by activities: 1-conn ms · p50/p99 ms at 50 conns · req/s',
        ...sizesOrder.map((n) => n.toLocaleString('en-US')),
        'app 1-conn growth',
        'app p50 growth',
        'floor 1-conn growth',
      ],
      SCALE_KEYS.map((k) => [
        rows[k].label,
        ...sizesOrder.map((n) => {
          const m = scale[String(n)][k].app;
          return `${ms(m.serialMs ?? 0)} · ${ms(m.p50)}/${ms(m.p99)} · ${m.rps.toFixed(0)}`;
        }),
        growthOf(k, 'app', 'serialMs'),
        growthOf(k, 'app', 'p50'),
        growthOf(k, 'floor', 'serialMs'),
      ]),
    ),
  );
  out.push('');
  const stalls = Object.values(stall as Record<string, { label: string; alone: Measured; withLogins: Measured; logins: Measured }>);
  out.push(
    table(
      [
        '20 concurrent logins vs other traffic (10 conns)',
        'p50 alone',
        'p99 alone',
        'p50 with logins',
        'p99 with logins',
        'max with logins',
        'logins/s',
        'login p99',
      ],
      stalls.map((s) => [
        s.label,
        ms(s.alone.p50),
        ms(s.alone.p99),
        ms(s.withLogins.p50),
        ms(s.withLogins.p99),
        ms(s.withLogins.max),
        s.logins.rps.toFixed(0),
        ms(s.logins.p99),
      ]),
    ),
  );
  out.push('');
  const memory = results.rss as { idleMb: Record<string, number>; peakMb: Record<string, number>; byPhase: Record<string, Record<string, number>> };
  const heaviest = (name: string) => Object.entries(memory.byPhase[name] ?? {}).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '-';
  out.push(
    `server RSS: app idle ${memory.idleMb.app} MB, peak ${memory.peakMb.app} MB (during ${heaviest('app')}); floor idle ${memory.idleMb.floor} MB, peak ${memory.peakMb.floor} MB (during ${heaviest('floor')})`,
  );
  if (sizes) {
    out.push(
      `first visit /login: JS ${kb(sizes.login.jsGzip)} gz, CSS ${kb(sizes.login.cssGzip)} gz; dashboard route: JS ${kb(sizes.dashboard.jsGzip)} gz, CSS ${kb(sizes.dashboard.cssGzip)} gz`,
    );
  }
  const browser = results.browser as
    | {
        cold?: { dataPaintedMs: number; firstContentfulPaintMs: number | null; jsBytes: number; apiRequests: string[] }[];
        warm?: { dataPaintedMs: number } | null;
        coldMedianMs?: number;
        loginFirstVisit?: { formShownMs: number; formInteractiveMs: number; jsBytes: number; cssBytes: number };
        error?: string;
      }
    | undefined;
  if (browser?.cold) {
    out.push(
      `phone (390×844, slow 4G, 4× CPU): dashboard data painted at ${browser.cold.map((r) => r.dataPaintedMs).join(' / ')} ms cold (median ${browser.coldMedianMs} ms; FCP ${browser.cold[0].firstContentfulPaintMs} ms), ${browser.warm?.dataPaintedMs ?? '-'} ms warm; /login form painted at ${browser.loginFirstVisit?.formShownMs} ms and interactive at ${browser.loginFirstVisit?.formInteractiveMs} ms, ${kb(browser.loginFirstVisit?.jsBytes ?? 0)} JS + ${kb(browser.loginFirstVisit?.cssBytes ?? 0)} CSS on the wire`,
    );
    out.push(`  dashboard API requests: ${browser.cold[0].apiRequests.join(' → ')}`);
  } else if (browser?.error) out.push(`browser: ${browser.error}`);
  out.push('');
  out.push(
    table(
      ['target', 'result', 'detail'],
      (results.targets as Verdict[]).map((v) => [v.target, v.pass === null ? 'n/a' : v.pass ? 'PASS' : 'FAIL', v.detail]),
    ),
  );
  for (const note of results.notes as string[]) out.push(`note: ${note}`);
  // The bench itself keeps about 2 runnable, so only the load before it started says whether others were busy.
  if ((results.loadAverageAtStart as number[])[0] > 1.5)
    out.push(
      `note: other work was running when the bench started (1-minute load average ${(results.loadAverageAtStart as number[])[0]}): latencies, p99s above all, may be inflated; rerun on a quiet machine`,
    );
  return out.join('\n');
}

/** The table of an `--only` run: app against floor for the endpoints asked for, nothing else (A/B runs of one change). */
export function onlyReport(rows: Rows) {
  return table(
    [
      'endpoint',
      'app req/s',
      'app CPU ms/req',
      'floor req/s',
      'floor CPU ms/req',
      'app ÷ floor req/s',
      'floor ÷ app CPU',
      'open loop /s · p50 · p99',
      'loop held max ms',
    ],
    Object.values(rows).map((r) => [
      r.label,
      String(r.app.rps),
      String(r.app.cpuMs),
      String(r.floor.rps),
      String(r.floor.cpuMs),
      pct(r.app.rps / r.floor.rps),
      pct(r.floor.cpuMs! / r.app.cpuMs!),
      r.openLoop ? `${r.openLoop.rate} · ${r.openLoop.p50} · ${r.openLoop.p99}` : '-',
      `${r.app.loopMaxMs ?? '-'} · ${r.openLoop?.loopMaxMs ?? '-'}`,
    ]),
  );
}
