// The operator's commands (issue 31), for the single executable and `node dist-server/main.js` alike:
// sower [serve|migrate|backup|restore|check|mail-test|reset-link] [--env-file <file>], sower --version, sower --help.
import { mkdirSync, statfsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isFileUrl } from '../db/client';
import { version } from '../package.json';
import { loadEnv, type Env } from './env';
import { createMailer } from './nudges/email';
import { backupTo, databaseFile, pruneBackups, restoreFrom, timestamped } from './ops/backup';
import { loadEnvFile } from './ops/envFile';
import { NEEDS_OPERATOR_EXIT, NeedsOperator } from './needsOperator';
import { actAsOwnerOf } from './ops/privileges';
import { migrateWithBackup, migrationSummary, rootCause, schemaState } from './ops/schema';
import { newResetLink, OPERATOR_RESET_TTL_MS, resetLinkUrl, userByUsername } from './nudges/passwordReset';
import { openConfigured, serve } from './serve';

const HELP = `Sower ${version}

Usage: sower [command] [--env-file <file>]

Commands:
  serve               run the server (the default)
  migrate             apply pending migrations (after a backup) and exit
  backup [<file>]     an online backup; without a file, into <data dir>/backups, named by date and time
      --keep <n>      then keep only the newest n dated backups there
  restore <file>      put a backup in place of the database (stop the server first)
  check               configuration, database, schema version, free disk and SMTP, one line each
  mail-test <address> send one test email and show what the SMTP server answered
  reset-link <username>
                      print a one-time link for that user to choose a new password (works for 24 hours)

Options:
  --env-file <file>   read configuration from this file (KEY=value lines) before the environment's own
  --version           print the version
  --help              print this help

Configuration comes from the environment: see .env.example and docs/deploy.md.
Run by root, a command acts as the user who owns the data directory, so what it writes stays that user's.`;

/** A mistake in how a command was called: its message, then the usage, exit code 2. */
class UsageError extends Error {}

interface Parsed {
  command: string;
  args: string[];
  options: Map<string, string | true>;
}

function parse(argv: string[]): Parsed {
  const args: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--version' || arg === '--help' || arg === '-h') options.set(arg === '-h' ? '--help' : arg, true);
    else if (arg === '--env-file' || arg === '--keep') {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      options.set(arg, value);
    } else if (arg.startsWith('--env-file=') || arg.startsWith('--keep=')) {
      const [name, value] = [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)];
      options.set(name, value);
    } else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}`);
    else args.push(arg);
  }
  return { command: args.shift() ?? 'serve', args, options };
}

/** The data directory, created 0700 when missing; a folder this user cannot write stops with a sentence. */
function dataDirectory(env: Env) {
  const dir = resolve(env.SOWER_DATA_DIR);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (isFileUrl(env.DATABASE_URL)) mkdirSync(resolve(databaseFile(env.DATABASE_URL), '..'), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new Error(
      `Cannot create the data directory ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (set SOWER_DATA_DIR to a folder this user may write)`,
    );
  }
  return dir;
}

async function migrateCommand(env: Env) {
  const database = await openConfigured(env);
  try {
    console.log(migrationSummary(await migrateWithBackup(database, env)));
  } finally {
    database.close();
  }
}

async function backupCommand(env: Env, args: string[], keepOption: string | true | undefined) {
  const keep = keepOption === undefined ? undefined : Number(keepOption);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) throw new UsageError('--keep needs a whole number of backups, 1 or more');
  const folder = join(env.SOWER_DATA_DIR, 'backups');
  const started = performance.now();
  const file = await backupTo(env, args[0] ?? join(folder, timestamped()));
  console.log(`Backed up ${env.DATABASE_URL} to ${file} in ${Math.round(performance.now() - started)} ms`);
  if (keep !== undefined) {
    const removed = pruneBackups(resolve(folder), keep);
    if (removed.length) console.log(`Removed ${removed.length} older backup${removed.length === 1 ? '' : 's'}, keeping the newest ${keep}`);
  }
}

/** One line per check; true when all passed. */
async function checkCommand(env: Env) {
  let ok = true;
  const line = (passed: boolean, text: string) => {
    ok &&= passed;
    console.log(`${passed ? 'ok  ' : 'FAIL'} ${text}`);
  };
  line(true, `configuration: valid (${env.DATABASE_URL}, ${env.HOST}:${env.PORT})`);
  try {
    const database = await openConfigured(env);
    try {
      const state = await schemaState(database);
      line(true, `database: reachable`);
      line(
        !state.newer,
        state.newer
          ? `schema: version ${state.applied} is newer than this release's ${state.known}`
          : state.pending
            ? `schema: version ${state.applied}, ${state.pending} migration${state.pending === 1 ? '' : 's'} to apply at the next start (release ${state.known})`
            : `schema: version ${state.applied}, current`,
      );
    } finally {
      database.close();
    }
  } catch (error) {
    line(false, `database: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (isFileUrl(env.DATABASE_URL)) {
    const { bavail, bsize } = statfsSync(resolve(databaseFile(env.DATABASE_URL), '..'));
    const freeMb = Math.floor((bavail * bsize) / 1e6);
    line(freeMb >= 100, `disk: ${freeMb.toLocaleString('en')} MB free beside the database${freeMb < 100 ? ' (below 100 MB: writes will soon fail)' : ''}`);
  }
  if (env.SMTP_URL) {
    const mailer = createMailer(env);
    try {
      await mailer!.verify();
      line(true, `smtp: ${new URL(env.SMTP_URL).host} answers and accepts this login`);
    } catch (error) {
      line(false, `smtp: ${new URL(env.SMTP_URL).host}: ${rootCause(error)}`);
    } finally {
      mailer!.close();
    }
  } else line(true, 'smtp: not configured (email reminders and invitations are off)');
  return ok;
}

async function mailTestCommand(env: Env, address: string | undefined) {
  if (!address || !address.includes('@')) throw new UsageError('mail-test needs the address to send to: sower mail-test you@example.com');
  if (!env.SMTP_URL) throw new Error('SMTP_URL is not set: there is no mail server to test');
  const mailer = createMailer(env)!;
  try {
    const answer = await mailer.send({
      to: address,
      subject: 'Sower: test email',
      text: `This is a test email from the Sower server (${version}). Email from it reaches this address.`,
      html: `<p>This is a test email from the Sower server (${version}). Email from it reaches this address.</p>`,
    });
    console.log(`Sent to ${address}; the SMTP server answered: ${answer}`);
  } catch (error) {
    throw new Error(`The SMTP server refused the test email: ${rootCause(error)}`);
  } finally {
    mailer.close();
  }
}

/**
 * A link for a user who forgot their password on a server without email: the operator passes it on (the person's
 * two-factor sign-in, if on, is still asked). A new link replaces the last; it works once, for 24 hours.
 */
async function resetLinkCommand(env: Env, username: string | undefined) {
  if (!username) throw new UsageError('reset-link needs the username: sower reset-link <username>');
  const database = await openConfigured(env);
  try {
    const state = await schemaState(database);
    if (state.pending || state.newer) throw new Error("The database is not at this release's schema: run sower migrate (or start the server) first");
    const user = await userByUsername(database.read, username);
    if (!user) throw new Error(`No account has the username ${JSON.stringify(username)}`);
    const expires = Date.now() + OPERATOR_RESET_TTL_MS;
    const token = await newResetLink(database, user.id, OPERATOR_RESET_TTL_MS, 'Sower operator command');
    const base = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    console.log(
      `A link for ${user.username} to choose a new password (it works once, until ${new Date(expires).toISOString().slice(0, 16).replace('T', ' ')} UTC):`,
    );
    console.log(resetLinkUrl(base, token));
    if (!env.PUBLIC_URL) console.log('PUBLIC_URL is not set: replace http://localhost:' + env.PORT + ' with the address people use.');
  } finally {
    database.close();
  }
}

/** Runs one command; answers its exit code. Every failure an operator can cause is one sentence, never a stack. */
export async function runCli(argv: string[]): Promise<number> {
  // Files this process creates (the database, its WAL, backups) are the service user's alone.
  process.umask(0o077);
  try {
    const { command, args, options } = parse(argv);
    if (options.has('--help')) {
      console.log(HELP);
      return 0;
    }
    if (options.has('--version')) {
      console.log(version);
      return 0;
    }
    const envFile = options.get('--env-file');
    if (typeof envFile === 'string') loadEnvFile(envFile);
    let env: Env;
    try {
      env = loadEnv();
    } catch (error) {
      if (command !== 'check') throw error;
      // check reports a bad configuration as its failed line, each variable after it.
      console.log(
        `FAIL configuration: ${(error as Error).message
          .replace(/^Invalid configuration:\n/, '')
          .replace(/\n\s*/g, '; ')
          .trim()}`,
      );
      return 1;
    }
    actAsOwnerOf(resolve(env.SOWER_DATA_DIR));
    dataDirectory(env);
    switch (command) {
      case 'serve':
        await serve(env);
        return -1;
      case 'migrate':
        await migrateCommand(env);
        return 0;
      case 'backup':
        await backupCommand(env, args, options.get('--keep'));
        return 0;
      case 'restore': {
        if (!args[0]) throw new UsageError('restore needs the backup file: sower restore /var/lib/sower/backups/sower-….db');
        const target = await restoreFrom(env, args[0]);
        console.log(`Restored ${resolve(args[0])} to ${target}`);
        return 0;
      }
      case 'check':
        return (await checkCommand(env)) ? 0 : 1;
      case 'mail-test':
        await mailTestCommand(env, args[0]);
        return 0;
      case 'reset-link':
        await resetLinkCommand(env, args[0]);
        return 0;
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${HELP}`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return error instanceof NeedsOperator ? NEEDS_OPERATOR_EXIT : 1;
  }
}
