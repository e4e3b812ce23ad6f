import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { deleteAttachment, uploadAttachment, type ChatAttachment } from '../../../../lib/api/attachments';
import {
  attachmentPolicy,
  attachmentTexts,
  guessKind,
  isPictured,
  refusalOf,
  type AttachmentPolicy,
} from './attachment-policy';
import { draftReducer, readyAttachments, readyChip, type DraftAttachment } from './attachment-draft';
import { uploadFailureText } from './upload-failure';

/** The two calls behind the chips; tests may hand in their own. */
export type Uploader = { upload: typeof uploadAttachment; remove: typeof deleteAttachment };
const apiUploader: Uploader = { upload: uploadAttachment, remove: deleteAttachment };

/** What is still held for one chip: its request while the bytes go out, its preview, its id once stored. */
type Held = { controller: AbortController; preview?: string; sending: boolean; id?: string; failed?: boolean };

const percentOf = (sent: number, total: number) => (total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0);

/**
 * The files of the message being written (agent `input.attach` "upload"): checked against the agent's
 * policy, uploaded at once with their progress, removed (and deleted on the server), taken by Send, and
 * given back when the message is refused.
 */
export function useAttachmentUploads(agent: AgentDefinition, uploader: Uploader = apiUploader) {
  const enabled = agent.input.attach === 'upload';
  const { input, model } = agent;
  const policy: AttachmentPolicy = useMemo(() => attachmentPolicy({ input, model }), [input, model]);
  const [items, dispatch] = useReducer(draftReducer, []);
  const [refusals, setRefusals] = useState<string[]>([]);
  // The source of truth for what each chip still holds: read and changed synchronously by the handlers.
  const held = useRef(new Map<string, Held>());
  const nextKey = useRef(0);

  const letGo = useCallback((entry: Held) => {
    if (entry.preview) URL.revokeObjectURL(entry.preview);
    entry.preview = undefined;
  }, []);

  const start = useCallback(
    (file: File, key: string, entry: Held) => {
      held.current.set(key, entry);
      const still = () => held.current.get(key) === entry;
      uploader
        .upload(file, {
          agentType: agent.id,
          signal: entry.controller.signal,
          onProgress: (sent, total) => {
            if (still()) dispatch({ type: 'progress', key, percent: percentOf(sent, total) });
          },
          onSent: () => {
            entry.sending = false;
            if (still()) dispatch({ type: 'sent', key });
          },
        })
        .then(
          (attachment) => {
            entry.sending = false;
            letGo(entry);
            // Removed while the server read it: it must not stay behind, unsent.
            if (!still()) return void uploader.remove(attachment.id).catch(() => undefined);
            entry.id = attachment.id;
            dispatch({ type: 'uploaded', key, attachment });
          },
          (error: unknown) => {
            entry.sending = false;
            entry.failed = true;
            letGo(entry);
            if (still()) dispatch({ type: 'failed', key, error: uploadFailureText(error) });
          },
        );
    },
    [agent.id, letGo, uploader],
  );

  const add = useCallback(
    (files: File[]) => {
      if (!enabled || files.length === 0) return;
      const refused: string[] = [];
      const left: string[] = [];
      const added: { file: File; item: DraftAttachment; entry: Held }[] = [];
      let count = [...held.current.values()].filter((entry) => !entry.failed).length;
      for (const file of files) {
        const refusal = refusalOf(file, policy);
        const kind = guessKind(file);
        if (refusal || !kind) {
          refused.push(refusal ?? attachmentTexts.notTaken(file.name, policy.kinds));
          continue;
        }
        if (count >= policy.maxFiles) {
          left.push(file.name);
          continue;
        }
        count += 1;
        const key = `attachment-${(nextKey.current += 1)}`;
        const preview = isPictured(kind) ? URL.createObjectURL(file) : undefined;
        const entry: Held = { controller: new AbortController(), preview, sending: true };
        const item: DraftAttachment = {
          key,
          name: file.name,
          size: file.size,
          kind,
          preview,
          state: 'uploading',
          percent: 0,
        };
        added.push({ file, item, entry });
      }
      if (left.length > 0) refused.push(attachmentTexts.tooMany(policy.maxFiles, left));
      setRefusals([...new Set(refused)]);
      if (added.length === 0) return;
      dispatch({ type: 'added', items: added.map(({ item }) => item) });
      for (const { file, item, entry } of added) start(file, item.key, entry);
    },
    [enabled, policy, start],
  );

  /** The chip's remove button: a file on its way is stopped, one stored is deleted (it was never sent). */
  const remove = useCallback(
    (key: string) => {
      const entry = held.current.get(key);
      held.current.delete(key);
      dispatch({ type: 'removed', key });
      if (!entry) return;
      letGo(entry);
      if (entry.id) void uploader.remove(entry.id).catch(() => undefined);
      // Still sending: stop it. Being read by the server: its answer is deleted when it comes (see start).
      else if (entry.sending) entry.controller.abort();
    },
    [letGo, uploader],
  );

  /** Send took the files: their chips go, and the server keeps them with the message. */
  const clear = useCallback(() => {
    for (const entry of held.current.values()) {
      letGo(entry);
      if (entry.sending) entry.controller.abort();
    }
    held.current.clear();
    dispatch({ type: 'cleared' });
    setRefusals([]);
  }, [letGo]);

  /** The message was refused: its files come back as chips, unsent again. */
  const restore = useCallback((attachments: ChatAttachment[]) => {
    if (attachments.length === 0) return;
    const back = attachments.map((attachment) => {
      const key = `attachment-${(nextKey.current += 1)}`;
      held.current.set(key, { controller: new AbortController(), sending: false, id: attachment.id });
      return readyChip(key, attachment);
    });
    dispatch({ type: 'restored', items: back });
  }, []);

  const dismissRefusals = useCallback(() => setRefusals([]), []);

  // Leaving the page: stop what is still sending and free the previews.
  useEffect(() => {
    const all = held.current;
    return () => {
      for (const entry of all.values()) {
        if (entry.preview) URL.revokeObjectURL(entry.preview);
        if (entry.sending) entry.controller.abort();
      }
    };
  }, []);

  return {
    enabled,
    policy,
    items,
    refusals,
    /** The stored files, in order: what Send takes. */
    ready: useMemo(() => readyAttachments(items), [items]),
    add,
    remove,
    clear,
    restore,
    dismissRefusals,
  };
}

/** The composer's files: state and actions (see useAttachmentUploads). */
export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
