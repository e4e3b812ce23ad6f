import type { ChatSharing } from '@mb/contracts/types/wire/chat-session';

export const sharingTexts = {
  share: 'Share with the circle',
  stopSharing: 'Stop sharing',
  sharing: 'Sharing...',
  stopping: 'Stopping...',
  shared: { title: 'Chat Shared', description: 'Everyone in the circle can read it now.' },
  unshared: { title: 'Chat Private', description: 'Only you can see it now.' },
  failed: { title: 'Error', description: 'Failed to change who can see the chat. Please try again.' },
} as const;

/** The marker of a chat the circle sees: who shared it, or plainly 'Shared' for a chat from before people. */
export function sharedMarkerText(sharing: ChatSharing | undefined): string | null {
  if (!sharing?.shared) return null;
  return sharing.sharedBy ? `Shared by ${sharing.sharedBy}` : 'Shared';
}

export const readOnlyTexts = {
  note: (sharedBy: string | null) =>
    `${sharedBy ? `${sharedBy} shared this chat` : 'This chat is shared'}: you can read it, not add to it.`,
  newChat: 'New Chat',
} as const;

/** Whether the viewer may change the chat (rename, pin, summarize, delete); always without people. */
export const mayChange = (sharing: ChatSharing | undefined) => sharing?.canChange ?? true;
