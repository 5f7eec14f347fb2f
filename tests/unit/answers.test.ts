// A declared answer (server/answers.ts) is checked only where the flag asks: a server does not pay for it per request.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, fileAnswer, plainFileAnswer } from '../../server/answers';
import { download } from '../../server/downloads';

const point = z.strictObject({ x: z.number() });

describe('answer', () => {
  it('lets any answer through without the flag (the unit project does not set it, as a server does not)', () => {
    expect(() => answer(point).assert({ x: 'one', leaked: true })).not.toThrow();
  });

  it('refuses an answer outside its schema when checking', () => {
    expect(() => answer(point, () => true).assert({ x: 1 })).not.toThrow();
    expect(() => answer(point, () => true).assert({ x: 1, leaked: true })).toThrow();
    expect(() => answer(point, () => true).assert({ x: 'one' })).toThrow();
  });
});

describe('fileAnswer', () => {
  it('takes only a download when checking', () => {
    expect(() => fileAnswer(point, () => true).assert(download((async function* () {})()))).not.toThrow();
    expect(() => fileAnswer(point, () => true).assert({ x: 1 })).toThrow('A download was expected');
  });
});

describe('plainFileAnswer', () => {
  it('takes text or a download when checking, and nothing else', () => {
    expect(() => plainFileAnswer(() => true).assert('BEGIN:VCALENDAR')).not.toThrow();
    expect(() => plainFileAnswer(() => true).assert(download((async function* () {})()))).not.toThrow();
    expect(() => plainFileAnswer(() => true).assert({ x: 1 })).toThrow('A file was expected');
  });
});
