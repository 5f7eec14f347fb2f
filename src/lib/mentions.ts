// A comment's direction (issue 51 §3): `dir="auto"` takes the first letter's, and a comment that opens with a mention
// (`@Carmen`, a Latin username) before Arabic or Hebrew words was laid out left to right. The mentions at its start are
// passed over; after them, the first letter decides. Laid out right to left, the mentions are isolated (a <bdi>), or
// the '@' would stand after the name ("Carmen@").

/** Mentions at the start of a text, with the spaces between them (as server/domain/comments.ts reads them). */
const LEADING_MENTIONS = /^(?:\s*@[\p{L}\p{M}\p{N}._-]+)+/u;

/** The first letter of any script, and whether it is one of a right-to-left script. */
const FIRST_LETTER = /\p{L}/u;
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * `rtl` when the words after any opening mentions start right to left, with those mentions (`lead`) and the rest;
 * else `auto`, the browser's own rule, and the whole text as the rest.
 */
export function commentParts(body: string): { dir: 'rtl' | 'auto'; lead: string; rest: string } {
  const lead = LEADING_MENTIONS.exec(body)?.[0] ?? '';
  const letter = FIRST_LETTER.exec(body.slice(lead.length))?.[0];
  return letter && RIGHT_TO_LEFT.test(letter) ? { dir: 'rtl', lead, rest: body.slice(lead.length) } : { dir: 'auto', lead: '', rest: body };
}
