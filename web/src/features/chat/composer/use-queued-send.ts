import { useEffect, useEffectEvent, useState } from 'react';
import type { DraftAttachment } from './attachments/attachment-draft';
import { failedNames, sendStepOf } from './queued-send';

type QueuedSendOptions = {
  text: string;
  items: readonly DraftAttachment[];
  /** A reply is running: a message waiting for its files goes once it has ended. */
  busy: boolean;
  send: () => void;
  /** Not sent because of these files, which could not be uploaded: after waiting for them, or at once. */
  notSent: (failed: string[], afterWaiting: boolean) => void;
};

/** How a wait for files ended: the message goes, or a file failed. A new object each time. */
type Ending = { step: 'send' } | { step: 'failed'; names: string[] };

/**
 * Send, as the user sees it: a message sent while its files upload waits for them and goes by itself once
 * they are in. It can be cancelled meanwhile; a file that fails stops it, and so does a file added or removed
 * (the message is no longer the one sent), the draft kept as it is.
 */
export function useQueuedSend({ text, items, busy, send, notSent }: QueuedSendOptions) {
  /** The files of the message waiting for them (null: none is waiting). */
  const [waitingWith, setWaitingWith] = useState<string | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);
  const step = sendStepOf(text, items);
  const files = items.map((item) => item.key).join(' ');
  const waiting = waitingWith !== null;

  // The files are in (or one failed, or they changed): the wait ends in this render, its outcome after it.
  if (waiting && waitingWith !== files) {
    setWaitingWith(null);
  } else if (waiting && step !== 'wait' && !(step === 'send' && busy)) {
    setWaitingWith(null);
    if (step === 'send') setEnding({ step });
    else if (step === 'failed') setEnding({ step, names: failedNames(items) });
  }
  const end = useEffectEvent((outcome: Ending) => {
    if (outcome.step === 'send') send();
    else notSent(outcome.names, true);
  });
  useEffect(() => {
    if (ending) end(ending);
  }, [ending]);

  /** Send pressed (or its key): the message goes now, or waits for its files. */
  const request = () => {
    if (waiting || busy) return;
    if (step === 'send') send();
    else if (step === 'wait') setWaitingWith(files);
    else if (step === 'failed') notSent(failedNames(items), false);
  };

  return { waiting, step, request, cancel: () => setWaitingWith(null) };
}
