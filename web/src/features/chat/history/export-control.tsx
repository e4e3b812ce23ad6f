import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '../../../components/toast/toasts';
import { exportSession, type ExportFormat } from '../../../lib/api/session-manage';
import { saveFile } from '../../../lib/save-file';
import { SessionActionButton } from './session-action-button';
import styles from './export-control.module.css';

const formats: { format: ExportFormat; label: string }[] = [
  { format: 'markdown', label: 'Markdown (.md)' },
  { format: 'json', label: 'JSON (.json)' },
];

type ExportControlProps = { sessionId: string; describedBy: string };

/**
 * 'Export chat' opens two choices (a disclosure, not a menu: plain buttons, reached with Tab);
 * Escape closes them and returns to 'Export chat'.
 */
export function ExportControl({ sessionId, describedBy }: ExportControlProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const choicesId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const download = async (format: ExportFormat) => {
    if (busy) return;
    setBusy(format);
    try {
      const file = await exportSession(sessionId, format);
      saveFile(file.blob, file.fileName);
      toast({ title: 'Chat Exported', description: `Saved as ${file.fileName}.` });
      close();
    } catch {
      toast({ title: 'Error', description: 'Failed to export the chat. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  return (
    <>
      <SessionActionButton
        ref={toggleRef}
        aria-describedby={describedBy}
        aria-expanded={open}
        aria-controls={choicesId}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onKeyDown}
      >
        Export chat
      </SessionActionButton>
      <div id={choicesId} className={styles.group} role="group" aria-label="Export format" hidden={!open}>
        {formats.map(({ format, label }) => (
          <SessionActionButton
            key={format}
            aria-describedby={describedBy}
            aria-disabled={busy !== null || undefined}
            onKeyDown={onKeyDown}
            onClick={() => void download(format)}
          >
            {busy === format ? 'Exporting...' : label}
          </SessionActionButton>
        ))}
      </div>
    </>
  );
}
