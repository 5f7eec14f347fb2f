// The key a text is searched and matched by: case, diacritics and the usual Arabic letter variants folded away (issue 28),
// so "ramon" finds "Ramón" and "احمد" finds "أحمد". The server stores it beside the text; the client folds the same way.
// Also a username's key, which uniqueness and sign-in compare (the database keeps it in users.username_key).

/** Letters Unicode does not decompose into a base letter and a mark, written as the base letters people type instead. */
const letterFolds: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
  // Arabic: alef maqsura and the Persian ya as ya, ta marbuta as ha, alef wasla as alef, the Persian kaf as kaf.
  ى: 'ي',
  ی: 'ي',
  ة: 'ه',
  ٱ: 'ا',
  ک: 'ك',
};
const letterPattern = new RegExp(`[${Object.keys(letterFolds).join('')}]`, 'g');

/** Arabic-Indic (٠-٩) and Extended Arabic-Indic (Persian, ۰-۹) digits. */
const easternDigits = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** A digit of any of the scripts above as its ASCII digit. */
const asciiDigit = (digit: string) => String(digit.charCodeAt(0) - (digit >= '\u06F0' ? 0x06f0 : 0x0660));

/** The text with Arabic-Indic and Persian digits written as ASCII digits ('٠٥٠' → '050'); everything else as it was. */
export const asciiDigits = (text: string) => text.replace(easternDigits, asciiDigit);

/**
 * The folded key of a text: compatibility forms and accents decomposed and the marks dropped (é → e, أ/إ/آ → ا, ؤ → و,
 * ئ → ي, harakat gone), tatweel and invisible format characters dropped, the variants above unified, lower case, digits in
 * ASCII, and each run of spaces one space. Two texts a person reads as the same name fold to the same key.
 */
export function foldText(text: string): string {
  return asciiDigits(
    text
      .normalize('NFKD')
      // Marks (accents, harakat, the decomposed hamza), tatweel and format characters (zero-width joiners, bidi marks).
      .replace(/[\p{M}\u0640\p{Cf}]/gu, '')
      .toLowerCase()
      .replace(letterPattern, (letter) => letterFolds[letter]!),
  )
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The form of a username that uniqueness and sign-in compare: compatibility-normalised (NFKC: fullwidth 'ＡＬＩＣＥ' is
 * 'ALICE') and case-folded for every script (upper then lower folds 'ß' with 'SS' and final 'ς' with 'σ', which a
 * lower-casing alone keeps apart).
 */
export function usernameKey(username: string) {
  return username.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}
