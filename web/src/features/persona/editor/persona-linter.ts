import type { EditorState } from '@codemirror/state';
import type { Diagnostic } from '@codemirror/lint';
import { getJsonPointers, type JSONPartialPointerData } from 'codemirror-json-schema';
import { checkPersonaText, formatProblem, type PersonaProblem } from '../validation/persona-problems';

/** Where a JSON parse error happened, when the engine says ("... at position 42"). */
const parsePosition = (message: string) => Number(/position (\d+)/.exec(message)?.[1] ?? 0);

/** The text a problem points at: its key, the nearest enclosing value for a missing one, else the start. */
function rangeOf(state: EditorState, problem: PersonaProblem): { from: number; to: number } {
  const length = state.doc.length;
  if (problem.message.startsWith('it is not valid JSON')) {
    const at = Math.min(parsePosition(problem.message), length);
    return { from: Math.max(0, at - 1), to: Math.max(at, Math.min(length, 1)) };
  }
  const pointers = getJsonPointers(state, 'json4'); // the library's name for plain JSON (MODES.JSON)
  for (let pointer = problem.pointer; ; pointer = pointer.slice(0, pointer.lastIndexOf('/'))) {
    const found: JSONPartialPointerData | undefined = pointers.get(pointer);
    if (found && pointer) {
      const isKey = state.doc.sliceString(found.keyFrom, found.keyFrom + 1) === '"';
      return isKey ? { from: found.keyFrom, to: found.keyTo } : { from: found.keyFrom, to: found.keyFrom + 1 };
    }
    if (!pointer) return { from: 0, to: Math.min(length, 1) };
  }
}

/** The problems of the document as diagnostics at the fields they concern, in the server's words. */
export function personaDiagnostics(state: EditorState): Diagnostic[] {
  const check = checkPersonaText(state.doc.toString());
  if (check.ok) return [];
  return check.problems.map((problem) => ({
    ...rangeOf(state, problem),
    severity: 'error',
    message: formatProblem(problem),
  }));
}
