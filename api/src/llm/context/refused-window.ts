import type { ModelRequest } from '../chat-model.service';
import type { ContextOverflow } from '../model-failure';
import { promptTokens } from './token-count';

/** Without a count from the service, what we sent less this share is taken as too long. */
const UNEXPLAINED_SHRINK = 0.1;

/**
 * The window, in our tokens, to fit calls to after the service refused `request` as too long. Its tokenizer
 * may count more than ours (local models often do): when it says how many tokens it counted, its stated
 * window is scaled by its count against ours, so the next call fits as the service counts. Always smaller
 * than the window the refused request was fitted to.
 */
export function windowAfterRefusal(refusal: ContextOverflow, request: ModelRequest, usedWindow: number): number {
  const ours = promptTokens(request.messages);
  const { promptTokens: counted, requestedTokens } = refusal.counted;
  const theirs = counted ?? (requestedTokens !== undefined ? requestedTokens - request.maxTokens : undefined);
  const ratio = theirs !== undefined && theirs > 0 && ours > 0 ? Math.max(1, theirs / ours) : undefined;
  const stated = refusal.statedWindow;
  let window: number;
  if (stated === undefined) window = Math.floor(usedWindow / 2);
  else if (ratio !== undefined) window = request.maxTokens + Math.floor((stated - request.maxTokens) / ratio);
  else window = Math.min(stated, Math.floor((ours + request.maxTokens) * (1 - UNEXPLAINED_SHRINK)));
  return Math.max(1, Math.min(window, usedWindow - 1));
}
