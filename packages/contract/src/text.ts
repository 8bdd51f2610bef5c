// Text helpers for request data: each runs in one linear pass, whatever the input.

/**
 * `text` without its trailing slashes, in one pass from the end. Not `/\/+$/`: that pattern retries from every
 * slash of a long run, quadratic in the run (16,000 slashes held the event loop 170 ms per request).
 */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47 /* '/' */) end--;
  return text.slice(0, end);
}

/**
 * Characters a one-line text a person enters (a name, a title, a label, a payout address) must not contain:
 * C0 controls (U+0000–U+001F: NUL, TAB, LF, CR…) and DEL; C1 controls (U+0080–U+009F, NEL U+0085 among them);
 * the bidi controls (ALM U+061C, LRM/RLM U+200E/U+200F, the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069); the zero-width characters (ZWSP U+200B, ZWNJ U+200C, ZWJ U+200D, word joiner U+2060, BOM
 * U+FEFF) and the other invisible format characters beside them (U+2061–U+2064, U+206A–U+206F, U+FFF9–U+FFFB);
 * the line and paragraph separators U+2028/U+2029. ZWNJ and ZWJ are refused too, as the issue asks: a name or
 * a title is shown, never shaped by them (Persian half-spaces and emoji sequences lose their joining, nothing
 * more). Variation selectors (the U+FE0F of ❤️) are allowed. One character class, so testing is one linear pass.
 */
export const ONE_LINE_REFUSED = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/;
/** The same characters, all of them (for the display helpers below). */
const ONE_LINE_REFUSED_ALL = new RegExp(ONE_LINE_REFUSED.source, 'g');
/** What a multi-line text must not contain: the same characters but LF (a CR or CR LF counts as one LF). */
const MULTI_LINE_REFUSED_SOURCE = '[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb]';
const MULTI_LINE_REFUSED = new RegExp(MULTI_LINE_REFUSED_SOURCE);
const MULTI_LINE_REFUSED_ALL = new RegExp(MULTI_LINE_REFUSED_SOURCE, 'g');
/** Of the refused characters, those that separate words (controls and line separators): they become one space. */
const SEPARATING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** CR LF and a lone CR as LF: how a multi-line text is read and stored. */
export const normaliseLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

/** True when `text` holds a character a one-line text must not (ONE_LINE_REFUSED). */
export const hasRefusedOneLineChar = (text: string) => ONE_LINE_REFUSED.test(text);

/** True when a multi-line text (LF allowed, CR LF and CR read as LF) holds a character it must not. */
export const hasRefusedMultiLineChar = (text: string) => MULTI_LINE_REFUSED.test(normaliseLineBreaks(text));

/**
 * A stored text shown as one line inside a sentence (an e-mail, a notification, an audit line): controls and line
 * separators become a space, bidi controls and zero-width characters are dropped, runs of spaces become one, and
 * the ends are trimmed; NFC. For text stored before these were refused at the door: whatever it holds, it
 * neither breaks the sentence into lines nor reorders the words around it.
 */
export function oneLineDisplay(text: string): string {
  return String(text ?? '')
    .replace(SEPARATING, ' ')
    .replace(ONE_LINE_REFUSED_ALL, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .normalize('NFC');
}

/** A name (or another value a person typed) quoted inside a sentence: “name”, one line (oneLineDisplay). */
export const quotedName = (text: string) => `“${oneLineDisplay(text)}”`;

/** A stored multi-line text shown as it is but safe: line breaks kept (as LF), every other refused character dropped. */
export function multiLineDisplay(text: string): string {
  return normaliseLineBreaks(String(text ?? '')).replace(MULTI_LINE_REFUSED_ALL, '').normalize('NFC');
}
