import { wellFormed } from '../common/safe-json';

/** What one tool answer may put in the model's context and the chat: about 2,500 tokens. */
export const TOOL_OUTPUT_MAX_CHARS = 10_000;
/** In later turns, a call's answer stands for itself in fewer words. */
export const HISTORY_OUTPUT_MAX_CHARS = 1_000;

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * An untrusted answer cut to `max` characters: its head and its tail kept (an answer's end often says how it
 * ended), a marker between saying how much is left out. The cuts fall between characters, never inside one, and
 * half a character the tool sent becomes U+FFFD: it is no one's to fix, and the reply could not be stored with it.
 */
export function capOutput(text: string, max = TOOL_OUTPUT_MAX_CHARS): string {
  if (text.length <= max) return wellFormed(text);
  let head = max - Math.floor(max * 0.3);
  let tailStart = text.length - Math.floor(max * 0.3);
  if (isHigh(text.charCodeAt(head - 1)) && isLow(text.charCodeAt(head))) head--;
  if (isLow(text.charCodeAt(tailStart)) && isHigh(text.charCodeAt(tailStart - 1))) tailStart++;
  const cut = (tailStart - head).toLocaleString('en-US');
  return wellFormed(`${text.slice(0, head)}\n[… ${cut} characters cut …]\n${text.slice(tailStart)}`);
}
