import type { MemoryFactSource } from '../../lib/api/agent-memory';

const count = new Intl.NumberFormat('en');

/** What the memory panel says, in one place (its tests and the browser tests read these). */
export const memoryTexts = {
  button: 'Memory',
  title: 'Memory',
  close: 'Close',
  loading: 'Loading memory...',
  loadFailed: 'What the agent remembers could not be loaded.',
  tryAgain: 'Try again',
  limits: (facts: number, max: number) => `${count.format(facts)} of ${count.format(max)} facts`,
  factLength: (chars: number) => `A fact may have up to ${count.format(chars)} characters.`,
  asks: 'The agent asks before it remembers or forgets a fact.',
  empty: 'The agent remembers nothing for you yet.',
  factsLabel: 'Remembered facts',
  edit: 'Edit',
  editLabel: 'Edit fact',
  editHint: 'Enter saves, Escape cancels.',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  editFact: (text: string) => `Edit: ${text}`,
  deleteFact: (text: string) => `Delete: ${text}`,
  confirmDelete: 'Delete this fact?',
  forgetAll: 'Forget everything',
  confirmForgetAll: 'Forget everything the agent remembers for you?',
  forgetAllDetail: (facts: number) =>
    `${count.format(facts)} ${facts === 1 ? 'fact' : 'facts'} will be deleted. This cannot be undone.`,
  export: 'Export',
  import: 'Import',
  importLabel: 'Import facts from an export file',
  saved: 'Fact saved.',
  deleted: 'Fact deleted.',
  forgotten: 'The agent remembers nothing for you now.',
  exported: (facts: number) => `Downloaded ${count.format(facts)} ${facts === 1 ? 'fact' : 'facts'}.`,
  notJson: (file: string) => `${file} is not a memory export: it is not JSON.`,
  failed: 'Something went wrong. Please try again.',
  fromChat: 'From the chat',
  openChat: (title: string) => `Open the chat “${title}”`,
} as const;

/** Where a fact came from, when it is not a chat the viewer may open. */
export function sourceText(source: MemoryFactSource): string {
  switch (source.kind) {
    case 'chat':
      return memoryTexts.fromChat;
    case 'hidden-chat':
      return 'From a chat you cannot open';
    case 'deleted-chat':
      return 'From a chat that was deleted';
    case 'import':
      return 'Imported';
  }
}
