// A comment's direction (issue 51 §3): `dir="auto"` takes the first letter's, and a comment that opens with a mention
// (`@Carmen`, a Latin username) before Arabic or Hebrew words was laid out left to right. The mentions at its start are
// passed over; after them, the first letter decides.

/** Mentions at the start of a text, with the spaces between and after them (as server/domain/comments.ts reads them). */
const LEADING_MENTIONS = /^(?:\s*@[\p{L}\p{M}\p{N}._-]+)+\s*/u;

/** The first letter of any script, and whether it is one of a right-to-left script. */
const FIRST_LETTER = /\p{L}/u;
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** `rtl` when the words after any opening mentions start right to left; else `auto`, the browser's own rule. */
export function commentDir(body: string): 'rtl' | 'auto' {
  const letter = FIRST_LETTER.exec(body.replace(LEADING_MENTIONS, ''))?.[0];
  return letter && RIGHT_TO_LEFT.test(letter) ? 'rtl' : 'auto';
}
