import { onItsWay, type DraftAttachment } from './attachments/attachment-draft';

/**
 * What Send does with the draft as it stands: go now, wait for the files still uploading (and go once they
 * are in), not go because a file could not be uploaded, or nothing (no text and no file).
 */
export type SendStep = 'send' | 'wait' | 'failed' | 'empty';

export function sendStepOf(text: string, items: readonly DraftAttachment[]): SendStep {
  if (items.some((item) => item.state === 'failed')) return 'failed';
  if (items.some(onItsWay)) return 'wait';
  return text.trim() === '' && items.length === 0 ? 'empty' : 'send';
}

export const failedNames = (items: readonly DraftAttachment[]) =>
  items.flatMap((item) => (item.state === 'failed' ? [item.name] : []));
