// The libSQL connection: a reader pool plus one serialized writer connection, with the pragmas a file database needs.
import { createClient, type Client } from '@libsql/client';
import type { Logger } from 'drizzle-orm';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as schema from './schema';

export type Db = LibSQLDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What both a plain database handle and a transaction can run queries on. */
export type Queryable = Db | Tx;

export interface Database {
  /** Reads: a pool of connections, never blocked by the writer (WAL). */
  read: Db;
  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE) on the writer connection, one at a time per process. */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `fn` with the writer lock held but no transaction: for code that issues its own writes (Lucia's adapter). */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  readerClient: Client;
  writerClient: Client;
  isFile: boolean;
  /**
   * The storage failure of the last write, when that write failed because the database cannot be written (the disk is
   * full, the file or its file system is read-only, an I/O error), until a write succeeds again: /healthz reports it.
   */
  storageFailure(): StorageFailure | null;
  close(): void;
}

/** Why the database cannot be written, by SQLite's result code. */
export type StorageFailure = 'full' | 'read-only' | 'io';

/** The storage failure an error stands for (its cause chain holds SQLite's code), or null for any other error. */
export function storageFailureOf(error: unknown): StorageFailure | null {
  for (let cause = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; cause && depth < 8; cause = cause.cause as typeof cause, depth++) {
    const code = typeof cause.code === 'string' ? cause.code : '';
    if (code.startsWith('SQLITE_FULL')) return 'full';
    if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return 'read-only';
    if (code.startsWith('SQLITE_IOERR')) return 'io';
  }
  return null;
}

export interface DatabaseConfig {
  url: string;
  authToken?: string;
  /** Busy timeout for file databases, in ms: how long a connection waits for another process's write lock. */
  busyTimeoutMs?: number;
  /** Sees every statement drizzle runs (drizzle's logger): tests count what a request reads; the server sets none. */
  logger?: Logger;
}

/** A promise chain that runs one task at a time, in arrival order. */
function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export function isFileUrl(url: string) {
  return url.startsWith('file:');
}

function ensureDirectory(url: string) {
  const path = url.slice('file:'.length).split('?')[0];
  if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
}

/**
 * For a `file:` URL the pool's connections cannot be reached one by one, so a pragma run with execute()
 * would land on only one of them. Writes therefore go through a single-connection client whose pragmas are
 * set once here, and an in-process mutex keeps that connection free for the next writer. Readers use a pool
 * (busy timeout via the client's `timeout` option; foreign keys are on by default on every connection).
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const isFile = isFileUrl(config.url);
  const timeout = config.busyTimeoutMs ?? 5000;
  if (isFile) ensureDirectory(config.url);

  const writerClient = createClient({ url: config.url, authToken: config.authToken, timeout, concurrency: isFile ? 1 : undefined });
  const readerClient = isFile ? createClient({ url: config.url, timeout }) : writerClient;
  if (isFile) {
    await writerClient.execute('PRAGMA journal_mode = WAL');
    await writerClient.execute('PRAGMA synchronous = NORMAL');
    await writerClient.execute('PRAGMA foreign_keys = ON');
  }
  const writer = drizzle(writerClient, { schema, logger: config.logger });
  const read = isFile ? drizzle(readerClient, { schema, logger: config.logger }) : writer;
  const serialize = createMutex();
  let failure: StorageFailure | null = null;
  // Every write goes through here: its outcome says whether the database can be written.
  const observed = <T>(run: () => Promise<T>) =>
    serialize(run).then(
      (value) => {
        failure = null;
        return value;
      },
      (error: unknown) => {
        failure = storageFailureOf(error) ?? failure;
        throw error;
      },
    );

  return {
    read,
    write: (fn) => observed(() => writer.transaction(fn)),
    exclusive: (fn) => observed(() => fn(writer)),
    readerClient,
    writerClient,
    isFile,
    storageFailure: () => failure,
    close() {
      writerClient.close();
      if (readerClient !== writerClient) readerClient.close();
    },
  };
}
