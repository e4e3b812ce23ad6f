/** What one tool answer may put in the model's context and the chat: about 2,500 tokens. */
export const TOOL_OUTPUT_MAX_CHARS = 10_000;
/** In later turns, a call's answer stands for itself in fewer words. */
export const HISTORY_OUTPUT_MAX_CHARS = 1_000;

/**
 * An untrusted answer cut to `max` characters: its head and its tail kept (an answer's end often says how it
 * ended), a marker between saying how much is left out.
 */
export function capOutput(text: string, max = TOOL_OUTPUT_MAX_CHARS): string {
  if (text.length <= max) return text;
  const tail = Math.floor(max * 0.3);
  const head = max - tail;
  return `${text.slice(0, head)}\n[… ${(text.length - head - tail).toLocaleString('en-US')} characters cut …]\n${text.slice(-tail)}`;
}
