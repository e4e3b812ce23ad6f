import type { ChatExportMessage } from '@mb/contracts/types/wire/chat-export';
import type { MessageSource } from '@mb/contracts/types/wire/chat-message';
import { webLink } from '../common/web-link';

export interface ImportedSources {
  /** Each message's sources that are kept, in the document's order. */
  kept: MessageSource[][];
  /** A sentence for each source left out, naming where it was. */
  leftOut: string[];
}

const clip = (text: string, most: number) => (text.length > most ? `${text.slice(0, most)}…` : text);

/**
 * Only a web address is stored as a source's link (it is shown as one). A source whose link is another
 * (javascript:, data:...) is left out rather than refusing the chat: it is one line of a reply's list, and the
 * user gets the rest of their chat with a note naming it.
 */
export function importedSources(messages: ChatExportMessage[]): ImportedSources {
  const leftOut: string[] = [];
  const kept = messages.map((message, i) =>
    message.sources.flatMap((source, j) => {
      const link = webLink(source.link);
      if (link) return [{ title: source.title, link }];
      leftOut.push(
        `messages.${i}.sources.${j} (${JSON.stringify(clip(source.title, 80))}) was left out: its link ` +
          `${JSON.stringify(clip(source.link, 80))} is not a web address (http:// or https://).`,
      );
      return [];
    }),
  );
  return { kept, leftOut };
}
