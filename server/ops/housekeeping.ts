// What the server deletes on its own as time passes (issue 33): security log entries older than 90 days, expired
// sessions and password-reset links, and what an import left unfinished an hour ago wrote. At start, then every few
// hours; a pass in progress finishes before the database closes.
import type { Database } from '../../db/client';
import type { Auth } from '../security/auth';
import { sweepResetLinks } from '../nudges/passwordReset';
import { sweepSecurityLog } from '../security/securityLog';
import { removeUnfinishedImports, UNFINISHED_IMPORT_HOURS } from './unfinishedImports';

export const HOUSEKEEPING_EVERY_MS = 6 * 3_600_000;

export function startHousekeeping(database: Database, auth: Auth, log: (line: Record<string, unknown>) => void) {
  let running: Promise<void> | null = null;
  const pass = () =>
    (running ??= Promise.all([
      sweepSecurityLog(database),
      auth.deleteExpiredSessions(),
      sweepResetLinks(database),
      removeUnfinishedImports(database, new Date(Date.now() - UNFINISHED_IMPORT_HOURS * 3_600_000)),
    ])
      .then(([entries, , , imports]) => {
        if (entries) log({ level: 'info', message: `Security log: ${entries} entries older than 90 days deleted` });
        if (imports) log({ level: 'info', message: `Deleted what ${imports} import(s) left unfinished an hour ago wrote` });
      })
      .catch((error: unknown) => log({ level: 'error', message: 'Housekeeping failed', error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => void pass(), HOUSEKEEPING_EVERY_MS);
  timer.unref();
  void pass();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
