import { useCallback, useState } from 'react';
import type { DraftAttachment } from './attachments/attachment-draft';

/**
 * Why the draft was not sent. `announce`: read out as it appears (a refusal the conversation hands in was
 * already reported by the agent's error style, so it is only shown).
 */
export type DraftNote = { reason: string; announce: boolean };

/** A message refused (by the server or the model): its draft came back, and this is why. A new object each time. */
export type DraftRefusal = { reason: string };

type HeldNote = DraftNote & { draft: string; chips: string };

/**
 * The note about the draft as it stood when it was not sent, kept until the user changes that draft: types,
 * or adds or removes a file (by any way in). A refusal is adopted in the render that gives the draft back.
 */
export function useDraftNote(draft: string, items: readonly DraftAttachment[], refusal: DraftRefusal | null) {
  const chips = items.map((item) => item.key).join(' ');
  const [held, setHeld] = useState<HeldNote | null>(null);
  const [adopted, setAdopted] = useState(refusal);
  if (refusal !== adopted) {
    setAdopted(refusal);
    if (refusal) setHeld({ reason: refusal.reason, announce: false, draft, chips });
  } else if (held && (held.draft !== draft || held.chips !== chips)) {
    setHeld(null);
  }

  const show = useCallback((note: DraftNote) => setHeld({ ...note, draft, chips }), [draft, chips]);
  const note: DraftNote | null = held && { reason: held.reason, announce: held.announce };
  return { note, show };
}
