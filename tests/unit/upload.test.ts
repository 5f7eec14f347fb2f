// A file sent as a request's body: read as it arrives, refused past its size or its time.
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors';
import { readUpload } from '../../server/rest/request';

/** A request body the test writes to, with the headers a client sent. */
function body(headers: Record<string, string> = {}) {
  const stream = new PassThrough();
  return Object.assign(stream, { headers }) as PassThrough & IncomingMessage;
}

async function readAll(parts: AsyncIterable<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const part of parts) chunks.push(part);
  return Buffer.concat(chunks).toString();
}

const refusalOf = async (reading: Promise<unknown>) => {
  const error = await reading.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const cause = (error as TRPCError).cause as HttpError;
  expect(cause).toBeInstanceOf(HttpError);
  return { status: cause.status, message: cause.message };
};

describe('readUpload', () => {
  it('answers the parts as they come', async () => {
    const req = body();
    const reading = readAll(readUpload(req, { maxBytes: 11, seconds: 5 }));
    req.write('hello ');
    req.end('world');
    expect(await reading).toBe('hello world');
  });

  it('refuses a declared length past the most before reading, and a body that grows past it once it does', async () => {
    const declared = body({ 'content-length': '1000001' });
    expect(await refusalOf(readAll(readUpload(declared, { maxBytes: 1_000_000, seconds: 5 })))).toEqual({
      status: 413,
      message: 'This file is larger than 1 MB, more than Sower can import at once.',
    });
    const growing = body();
    const reading = readAll(readUpload(growing, { maxBytes: 10, seconds: 5 }));
    growing.write('123456');
    growing.write('789012');
    expect((await refusalOf(reading)).status).toBe(413);
  });

  it('refuses with 408 a body still arriving when its time is up, though parts keep coming', async () => {
    const req = body();
    const reading = readAll(readUpload(req, { maxBytes: 1000, seconds: 0.2 }));
    const drip = setInterval(() => req.write('x'), 20);
    try {
      expect(await refusalOf(reading)).toEqual({
        status: 408,
        message: 'The file did not arrive within 0.2 seconds. Please try again on a better connection.',
      });
    } finally {
      clearInterval(drip);
    }
  });

  it('refuses with 408 a body that stops coming', async () => {
    const req = body();
    const reading = readAll(readUpload(req, { maxBytes: 1000, seconds: 0.2 }));
    req.write('x');
    expect((await refusalOf(reading)).status).toBe(408);
  });
});
