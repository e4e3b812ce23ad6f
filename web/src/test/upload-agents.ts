import type { AgentAttachments, AgentDefinition } from '@mb/contracts/types/agent';
import type { ChatAttachment } from '../lib/api/attachments';

/** An agent whose attach button uploads (`input.attach` "upload"), for tests of the chips and the turn. */
export function agentTakingUploads({
  vision = true,
  attachments = { kinds: ['image', 'document'], maxFiles: 3, maxFileBytes: 25 * 1024 * 1024 },
}: { vision?: boolean; attachments?: AgentAttachments } = {}): AgentDefinition {
  return {
    id: 'takes-uploads',
    routes: ['/takes-uploads'],
    display: { title: 'Upload Agent', header: 'upload agent', name: 'Uploads', loadingText: 'Connecting...' },
    access: { denied: 'redirect', persistFlag: false },
    conversation: {
      greeting: 'Hello!',
      session: { createOn: 'first-message', titleMaxLength: 50 },
      reconfigurable: false,
    },
    persona: { role_description: 'A test agent.', domains: [], response_guidelines: [] },
    model: { temperature: 0.7, maxTokens: 1500, vision },
    routing: { strategy: 'completions', fallback: [] },
    input: { send: 'enter', placeholder: 'Type a message...', minHeight: 50, attach: 'upload', attachments },
    errors: { style: 'notice' },
  };
}

/** What the server answers for a stored photo (2016 x 1512 after downscaling). */
export const storedPhoto = (overrides: Partial<ChatAttachment> = {}): ChatAttachment => ({
  id: 'att-photo',
  kind: 'image',
  name: 'crawlspace.jpg',
  mediaType: 'image/jpeg',
  size: 812_000,
  width: 2016,
  height: 1512,
  ...overrides,
});

/** What the server answers for a stored PDF whose text was read. */
export const storedPdf = (overrides: Partial<ChatAttachment> = {}): ChatAttachment => ({
  id: 'att-pdf',
  kind: 'document',
  name: 'inspection-report.pdf',
  mediaType: 'application/pdf',
  size: 2_516_582,
  pages: 80,
  parts: 80,
  ...overrides,
});
