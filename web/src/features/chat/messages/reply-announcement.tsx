import type { ChatItem } from '../chat-item';
import { speakerLabels } from './speaker-labels';
import { useCompletedReplyAnnouncement } from './use-completed-reply-announcement';
import { VisuallyHidden } from '../../../components/visually-hidden';

/** The live region that says a finished reply once (the conversation log itself stays quiet as it grows). */
export function ReplyAnnouncement({ items, inProgress }: { items: ChatItem[]; inProgress: boolean }) {
  const announcement = useCompletedReplyAnnouncement(items, inProgress);
  return (
    <VisuallyHidden role="status">{announcement ? `${speakerLabels.assistant}: ${announcement}` : ''}</VisuallyHidden>
  );
}
