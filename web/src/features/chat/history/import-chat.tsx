import { useMutation, useQueryClient } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { useRef, type ChangeEvent } from 'react';
import { toast } from '../../../components/toast/toasts';
import { ApiError } from '../../../lib/api-client';
import { importChat, type ImportChatResponse } from '../../../lib/api/session-manage';
import { sessionsKey, type ChatSession } from '../../../lib/api/sessions';
import styles from './import-chat.module.css';

/** A file larger than the server takes (its JSON body limit) is refused before it is sent. */
const MAX_IMPORT_BYTES = 512 * 1024;

class ImportRefused extends Error {}

async function readExport(file: File): Promise<unknown> {
  if (file.size > MAX_IMPORT_BYTES) throw new ImportRefused('The file is larger than 512 KB.');
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch {
    throw new ImportRefused('The file is not JSON. Choose a chat exported as JSON.');
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof ImportRefused) return error.message;
  if (error instanceof ApiError && error.status === 400) {
    const details = error.body?.details ?? [];
    return `This is not a chat export this app can import${details.length ? `: ${details.slice(0, 3).join('; ')}` : '.'}`;
  }
  if (error instanceof ApiError && error.status === 413) return 'The file is larger than the server accepts.';
  return 'Failed to import the chat. Please try again.';
}

/** The server names each source it left out by its place in the file; the user needs only to know there were some. */
const leftOutNote = (title: string, count: number) =>
  count === 1
    ? `“${title}” was imported without 1 source: its link was not a web address.`
    : `“${title}” was imported without ${count} sources: their links were not web addresses.`;

/** The last import's answer, kept outside the control: on a phone the drawer holding it closes as the chat opens. */
const lastImportAtom = atom<ImportChatResponse | undefined>(undefined);

type ImportChatProps = {
  className: string;
  /** The new chat, once the server has created it. */
  onImported: (session: ChatSession) => void;
};

/** 'Import chat': reads a .json file exported from a chat and brings it back as a new chat. */
export function ImportChat({ className, onImported }: ImportChatProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [imported, setImported] = useAtom(lastImportAtom);

  const run = useMutation({
    mutationFn: async (file: File) => importChat(await readExport(file)),
    onMutate: () => setImported(undefined),
    onSuccess: async (answer) => {
      setImported(answer);
      const { leftOut, ...session } = answer;
      toast({
        title: 'Chat Imported',
        description: leftOut.length ? leftOutNote(session.title, leftOut.length) : session.title,
      });
      await queryClient.invalidateQueries({ queryKey: sessionsKey(session.agentType) });
      onImported(session);
    },
    onError: (error) => {
      toast({ title: 'Import Failed', description: describeFailure(error), variant: 'destructive' });
    },
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again is a change too.
    event.target.value = '';
    if (file) run.mutate(file);
  };

  const busy = run.isPending;
  return (
    <>
      <button
        type="button"
        className={className}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy) inputRef.current?.click();
        }}
      >
        {busy ? 'Importing...' : 'Import chat'}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
      />
      {/* Stays after the toast (the opened chat's own toast replaces it) until the next import. */}
      {imported?.leftOut.length ? (
        <p role="status" className={styles.note}>
          {leftOutNote(imported.title, imported.leftOut.length)}
        </p>
      ) : null}
    </>
  );
}
