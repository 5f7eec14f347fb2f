// age files both ways against the age authors' implementation (typage), at a small work factor so the tests are quick.
import { Decrypter, Encrypter } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { ageDecrypt, ageEncrypter, AgeError } from '../../server/formats/age';

const headers = { setHeader: () => undefined };
const PASSPHRASE = 'twelve chars or more';

async function encryptWithSower(parts: (string | Uint8Array)[], logN = 10) {
  const encrypt = await ageEncrypter(PASSPHRASE, headers, logN);
  const out: Buffer[] = [];
  for await (const chunk of encrypt(
    (async function* () {
      yield* parts;
    })(),
  ))
    out.push(chunk);
  return Buffer.concat(out);
}

async function typageDecrypt(file: Uint8Array) {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(PASSPHRASE);
  return Buffer.from(await decrypter.decrypt(file));
}

describe('age files', () => {
  // Empty, under a chunk, exactly one chunk (no empty final chunk may follow), a chunk and a byte, several chunks.
  it.each([0, 5, 65_536, 65_537, 200_000])('writes %i bytes that typage opens to the same bytes', async (size) => {
    const plaintext = Buffer.alloc(size, 'a');
    const file = await encryptWithSower([plaintext.subarray(0, size / 3), plaintext.subarray(size / 3).toString()]);
    expect((await typageDecrypt(file)).equals(plaintext)).toBe(true);
    expect((await ageDecrypt(file, PASSPHRASE, headers)).equals(plaintext)).toBe(true);
  });

  it('reads what typage wrote with a passphrase', async () => {
    const encrypter = new Encrypter();
    encrypter.setPassphrase(PASSPHRASE);
    encrypter.setScryptWorkFactor(10);
    const file = await encrypter.encrypt('x'.repeat(70_000));
    expect((await ageDecrypt(Buffer.from(file), PASSPHRASE, headers)).toString()).toBe('x'.repeat(70_000));
    await expect(ageDecrypt(Buffer.from(file), 'another passphrase', headers)).rejects.toEqual(new AgeError('passphrase'));
  });

  it('refuses a work factor above 18 before deriving anything, and a file whose chunks were cut short', async () => {
    const file = await encryptWithSower(['hello'], 10);
    const costly = Buffer.from(file.toString('latin1').replace(/ 10\n/, ' 19\n'), 'latin1');
    await expect(ageDecrypt(costly, PASSPHRASE, headers)).rejects.toEqual(new AgeError('tooCostly'));
    const long = await encryptWithSower([Buffer.alloc(70_000)], 10);
    await expect(ageDecrypt(long.subarray(0, long.length - 4500), PASSPHRASE, headers)).rejects.toEqual(new AgeError('damaged'));
  });
});
