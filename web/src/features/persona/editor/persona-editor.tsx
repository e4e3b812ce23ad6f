import { json, jsonLanguage } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorView, basicSetup } from 'codemirror';
import { jsonCompletion, stateExtensions } from 'codemirror-json-schema';
import { useEffect, useRef } from 'react';
import { schema } from 'virtual:agent-config-validator';
import { personaDiagnostics } from './persona-linter';
import styles from './persona-editor.module.css';

export type PersonaEditorProps = {
  /** The text the editor opens with; remount (a new key) to load another. */
  initialText: string;
  /** The accessible name of the text box. */
  label: string;
  /** Id of the element that tells what is wrong with the text. */
  describedBy: string;
  onTextChange: (text: string) => void;
};

const lintDelayMs = 250;

/**
 * A JSON editor for an agent configuration: syntax colours, completion of the schema's fields and
 * values, and each problem marked at its field as one types, in the words the server would use.
 */
export default function PersonaEditor({ initialText, label, describedBy, onTextChange }: PersonaEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onChange = useRef(onTextChange);

  useEffect(() => {
    onChange.current = onTextChange;
  }, [onTextChange]);

  useEffect(() => {
    const view = new EditorView({
      parent: hostRef.current ?? undefined,
      doc: initialText,
      extensions: [
        basicSetup,
        json(),
        jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
        stateExtensions(schema),
        linter((editor) => personaDiagnostics(editor.state), { delay: lintDelayMs }),
        lintGutter(),
        EditorView.lineWrapping,
        // An explicit tabindex, so checkers that do not count contenteditable as focusable see that the
        // scrolling editor is reachable by keyboard (axe's scrollable-region-focusable).
        EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': describedBy, tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange.current(update.state.doc.toString());
        }),
      ],
    });
    return () => view.destroy();
  }, [initialText, label, describedBy]);

  return <div ref={hostRef} className={styles.editor} />;
}
