import { useState } from 'react';
import { toast } from '../../../components/toast/toasts';
import type { AgentCopyToast as CopyToast } from '@mb/contracts/types/agent';
import { StrokeIcon } from '../../../components/stroke-icon';
import { MessageActionButton } from './message-action-button';

const texts = {
  label: 'Copy',
  copiedLabel: 'Copied',
  copied: { title: 'Content Copied', description: 'Message content copied to clipboard.' } satisfies CopyToast,
  failed: { title: 'Copy Failed', description: 'The message could not be copied to the clipboard.' },
} as const;

type CopyButtonProps = {
  text: string;
  copiedToast?: CopyToast;
  /** The accessible name: what is copied ('Copy message', 'Copy code'). */
  label?: string;
};

/** Copies one message; the toast says so in the agent's words (`display.copyToast`) or the default ones. */
export function CopyButton({ text, copiedToast = texts.copied, label = 'Copy message' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast(copiedToast);
    } catch {
      toast({ ...texts.failed, variant: 'destructive' });
    }
  };
  return (
    <MessageActionButton onClick={() => void copy()} aria-label={label}>
      <StrokeIcon size={14}>
        {copied ? (
          <polyline points="20 6 9 17 4 12" />
        ) : (
          <>
            <rect x="9" y="9" width="13" height="13" rx="2" />
            <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
          </>
        )}
      </StrokeIcon>
      <span>{copied ? texts.copiedLabel : texts.label}</span>
    </MessageActionButton>
  );
}
