// The import's byte skimmer: what the parser is shown, cut anywhere between chunks, and where it refuses.
import { describe, expect, it } from 'vitest';
import { EXPORT_TOO_DEEP, exportSkimmer, NotExportJson } from '../../server/formats/exportSkim';

const shown = new Set(['user', 'contacts']);
const skimmed = (...chunks: string[]) => {
  const skim = exportSkimmer(shown);
  return chunks
    .flatMap((chunk) => skim(Buffer.from(chunk)))
    .map((part) => Buffer.from(part).toString())
    .join('');
};

describe('exportSkimmer', () => {
  const text = String.raw`{"junk": [["]\\\"[{", 1], {"k": "}]"}], "user" : {"id": 1, "name": "a\"}"}, "n":-12.5e3,"s": "x\\" , "contact\u0073": [{"a": "[["}], "z": true}`;
  const expected = String.raw`{"junk": null, "user" : {"id": 1, "name": "a\"}"}, "n":null,"s": null , "contact\u0073": [{"a": "[["}], "z": null}`;

  it('shows the members it reads as they are and any other’s value as null, wherever the chunks are cut', () => {
    expect(JSON.parse(expected)).toEqual({ junk: null, user: { id: 1, name: 'a"}' }, n: null, s: null, contacts: [{ a: '[[' }], z: null });
    for (let cut = 0; cut <= text.length; cut++) expect(skimmed(text.slice(0, cut), text.slice(cut)), `cut at ${cut}`).toBe(expected);
    expect(skimmed(...text.split(''))).toBe(expected);
  });

  it('refuses the first bracket past an export’s depth, in a member it reads or not; brackets in strings do not count', () => {
    expect(skimmed('{"contacts": [{"a": "[[[[{{{{"}]}')).toBe('{"contacts": [{"a": "[[[[{{{{"}]}');
    // A list in a row (a contact's tags) is as deep as an export goes; one bracket more is refused.
    expect(skimmed('{"contacts": [{"tags": ["a"]}]}')).toBe('{"contacts": [{"tags": ["a"]}]}');
    expect(() => skimmed('{"contacts": [{"a": [[')).toThrow(EXPORT_TOO_DEEP);
    expect(() => skimmed('{"junk": [[[', '[')).toThrow(EXPORT_TOO_DEEP);
    expect(() => skimmed('[[[[[')).toThrow(EXPORT_TOO_DEEP);
  });

  it('refuses a bracket that closes nothing open, or the other kind', () => {
    expect(() => skimmed('{"junk": [}')).toThrow(NotExportJson);
    expect(() => skimmed('{}}')).toThrow(NotExportJson);
  });

  it('refuses a string, number or key past 1 MiB that the parser would hold, and passes one it leaves out', () => {
    const long = 'a'.repeat(1 << 20);
    const longest = `{"contacts": [{"notes": "${long.slice(1)}"}]}`;
    expect(skimmed(longest)).toBe(longest);
    expect(() => skimmed('{"contacts": [{"notes": "', long, 'a"}]}')).toThrow(NotExportJson);
    expect(() => skimmed('{"contacts": [{"notes": "\\', long)).toThrow(NotExportJson);
    expect(() => skimmed('{"user": {"id": 1', '1'.repeat(1 << 20))).toThrow(NotExportJson);
    expect(() => skimmed('{"', long, '": 1}')).toThrow(NotExportJson);
    expect(skimmed('{"junk": "', long, long, '", "more": ', '1'.repeat(3 << 20), '}')).toBe('{"junk": null, "more": null}');
  });
});
