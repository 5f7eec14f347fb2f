// `sower serve`: opens, migrates and seeds the database, then serves everything from one process until SIGTERM.
import { openDatabase } from '../db/client';
import { createApp } from './http/app';
import type { Env } from './env';
import { hold } from './ops/holder';
import { databaseFile } from './ops/backup';
import { migrateWithBackup, migrationSummary, rootCause } from './ops/schema';
import { isFileUrl } from '../db/client';
import { reportLoopDelayOnSignal } from './http/loopReport';
import { attentionForDigest } from './nudges/attention';
import { startScheduler } from './nudges/scheduler';
import { sweepUpdateNeeded } from './domain/assignments';
import { prayTodayForDigest } from './nudges/prayToday';
import { pushSender } from './nudges/push';
import { backfillSearchKeys } from './queries/searchKeys';
import { startHousekeeping } from './ops/housekeeping';
import { removeUnfinishedImports } from './ops/unfinishedImports';

/** Opens the configured database, or stops with a sentence that names it and the cause. */
export async function openConfigured(env: Env) {
  return openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }).catch((error: unknown) => {
    throw new Error(`Cannot open the database at ${env.DATABASE_URL}: ${rootCause(error)}`);
  });
}

export async function serve(env: Env) {
  const database = await openConfigured(env);
  const migrated = await migrateWithBackup(database, env).catch((error: unknown) => {
    database.close();
    throw error;
  });
  if (migrated.pending) console.log(JSON.stringify({ level: 'info', message: migrationSummary(migrated) }));
  // An import the last process was writing when it stopped leaves a journal: what it wrote goes before anyone sees it.
  const undone = await removeUnfinishedImports(database);
  if (undone) console.log(JSON.stringify({ level: 'info', message: `Deleted what ${undone} unfinished import(s) wrote before the last stop` }));
  const { server, services } = createApp({ env, database });
  if (['0.0.0.0', '::', '[::]'].includes(env.HOST) && !env.PUBLIC_URL && !env.ALLOWED_HOSTS.length)
    console.log(
      JSON.stringify({
        level: 'warn',
        message: 'Listening on every interface, but only loopback host names are served: set PUBLIC_URL (or ALLOWED_HOSTS) to the name people use',
      }),
    );

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      database.close();
      if (error.code === 'EADDRINUSE') reject(new Error(`Port ${env.PORT} on ${env.HOST} is in use by another program: stop it, or set PORT to a free port`));
      else if (error.code === 'EACCES')
        reject(new Error(`Port ${env.PORT} on ${env.HOST} needs privileges this user lacks: use a port above 1023 behind the proxy`));
      else reject(error);
    });
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // Restore refuses while this process serves the file (server/ops/holder.ts).
  const held = isFileUrl(env.DATABASE_URL) ? hold(databaseFile(env.DATABASE_URL)) : null;
  console.log(JSON.stringify({ level: 'info', message: `Sower listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`, port }));

  // The daily digests, through the process's one mailer. Links point at PUBLIC_URL, else at this process on localhost.
  const scheduler = startScheduler({
    database,
    tickSeconds: env.REMINDER_TICK_SECONDS,
    baseUrl: services.reminders.baseUrl(),
    mailer: services.reminders.mailer,
    sources: { attentionForDigest, prayTodayForDigest },
    push: pushSender(database, services.reminders, env.VAPID_SUBJECT),
    updateNeeded: sweepUpdateNeeded,
  });

  // Old security log entries and expired sessions go at start and every few hours.
  const housekeeping = startHousekeeping(database, services.auth, (line) => console.log(JSON.stringify(line)));

  // Rows an older release wrote get their search keys (migration 0013) while the server already serves, a batch per turn.
  const backfill = new AbortController();
  const backfilled = backfillSearchKeys(database, { signal: backfill.signal }).then(
    (rows) => {
      if (rows) console.log(JSON.stringify({ level: 'info', message: `Search keys written for ${rows} older rows` }));
    },
    (error: unknown) => console.log(JSON.stringify({ level: 'error', message: `Search keys not written: ${rootCause(error)}` })),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ level: 'info', message: `${signal} received, shutting down` }));
    // Stop accepting, let requests in flight finish (10 s at most), drop keep-alive sockets as they go idle.
    const deadline = setTimeout(() => server.closeAllConnections(), 10_000);
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    deadline.unref();
    // The scheduler finishes a digest in flight (bounded) and gives its lease up before the database closes.
    backfill.abort();
    const schedulerStopped = Promise.all([scheduler.stop().catch(() => undefined), backfilled, housekeeping.stop()]);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      void schedulerStopped.then(() => {
        database.close();
        held?.release();
        process.exit(0);
      });
    });
    server.closeIdleConnections();
  };
  reportLoopDelayOnSignal();
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
