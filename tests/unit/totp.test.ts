// TOTP as RFC 6238 has it (server/security/twoFactor.ts): its SHA-1 test vectors, at fixed clock times.
import { encodeBase32NoPadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { matchingStep, stepOf } from '../../server/security/twoFactor';

// RFC 6238 appendix B: the SHA-1 key is the ASCII "12345678901234567890"; its 8-digit codes' last six are ours.
const secret = encodeBase32NoPadding(new TextEncoder().encode('12345678901234567890'));
const vectors: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP codes', () => {
  it.each(vectors)('at %i s the code is %s', (seconds, code) => {
    expect(matchingStep(secret, code, at(seconds), null)).toBe(stepOf(at(seconds)));
  });

  it('takes one step of drift either way, no more', () => {
    // 287082 is the code of step 1 (30-59 s).
    expect(matchingStep(secret, '287082', at(89), null)).toBe(1);
    expect(matchingStep(secret, '287082', at(29), null)).toBe(1);
    expect(matchingStep(secret, '287082', at(90), null)).toBeNull();
  });

  it('never takes a code of a step already used, or an earlier one', () => {
    expect(matchingStep(secret, '287082', at(59), 1)).toBeNull();
    expect(matchingStep(secret, '287082', at(59), 5)).toBeNull();
    expect(matchingStep(secret, '287082', at(59), 0)).toBe(1);
  });

  it('takes only six digits', () => {
    for (const code of ['28708', '2870820', ' 287082', 'abcdef', '']) expect(matchingStep(secret, code, at(59), null)).toBeNull();
  });
});
