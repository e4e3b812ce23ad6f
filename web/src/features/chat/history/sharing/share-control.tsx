import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSharing } from '@mb/contracts/types/wire/chat-session';
import { toast } from '../../../../components/toast/toasts';
import { updateSession } from '../../../../lib/api/session-manage';
import { sessionsKey } from '../../../../lib/api/sessions';
import { SessionActionButton } from '../session-action-button';
import { sharingTexts } from './sharing-texts';

type ShareControlProps = {
  sessionId: string;
  agentId: string;
  sharing: ChatSharing | undefined;
  /** The id of the chat's title, which names what the button acts on. */
  describedBy: string;
};

/**
 * 'Share with the circle' or 'Stop sharing', for the person who started the chat (only they may);
 * announces the change and brings the list up to date.
 */
export function ShareControl({ sessionId, agentId, sharing, describedBy }: ShareControlProps) {
  const queryClient = useQueryClient();
  const share = useMutation({
    mutationFn: (shared: boolean) => updateSession(sessionId, { shared }),
    onSuccess: async (_session, shared) => {
      // Returned after the list is fresh, so the button stays busy until the marker has changed.
      await queryClient.invalidateQueries({ queryKey: sessionsKey(agentId) });
      toast(shared ? sharingTexts.shared : sharingTexts.unshared);
    },
    onError: () => toast({ ...sharingTexts.failed, variant: 'destructive' }),
  });
  if (!sharing?.canShare) return null;
  const shared = sharing.shared;
  const busy = share.isPending;
  const label = busy
    ? shared
      ? sharingTexts.stopping
      : sharingTexts.sharing
    : shared
      ? sharingTexts.stopSharing
      : sharingTexts.share;
  return (
    <SessionActionButton
      aria-describedby={describedBy}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) share.mutate(!shared);
      }}
    >
      {label}
    </SessionActionButton>
  );
}
