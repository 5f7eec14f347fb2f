// English ships no catalogue entry for a message of plain text and `{name}` arguments (shared/i18n.ts isSimpleMessage):
// client and server compile it where it is used, and must compile it exactly as Lingui's compiler does.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { codeMessages } from '../../scripts/i18n/catalogues';
import { compileSimpleMessage, isSimpleMessage } from '../../shared/i18n';
import { messages as english } from '../../shared/locales/en';

describe('simple English messages', () => {
  const ids = [...codeMessages().keys()];

  it('compile as Lingui compiles them, for every message the English catalogue leaves out', () => {
    const left = ids.filter((id) => !Object.hasOwn(english, id));
    expect(left.length).toBeGreaterThan(500);
    for (const id of left) expect(compileSimpleMessage(id), id).toEqual(compileMessageOrThrow(id));
  });

  it('are only those without plurals, selects, formats or tags', () => {
    expect(isSimpleMessage('You can be in at most {max} teams')).toBe(true);
    for (const message of ['{count, plural, one {# team} other {# teams}}', '<0>Download </0>{file}', "It's '{'", '{n, number}'])
      expect(isSimpleMessage(message), message).toBe(false);
  });
});
