import { expect, type Locator, type Page } from '@playwright/test';
import { pathOf, type AgentDefinition } from '../support/fixture-agents';

/** The one generic chat page every agent route shows. */
export class ChatPage {
  readonly header: Locator;
  readonly title: Locator;
  readonly historyToggle: Locator;
  readonly conversation: Locator;
  readonly messageBox: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  readonly attachButton: Locator;
  readonly typingIndicator: Locator;
  readonly sessionLine: Locator;
  readonly notices: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner').getByRole('heading', { level: 1 });
    this.title = page.getByRole('heading', { level: 2 }).first();
    this.historyToggle = page.getByRole('button', { name: /^(Show|Hide) Chat History$/ });
    this.conversation = page.getByRole('log', { name: 'Conversation' });
    this.messageBox = page.getByRole('textbox', { name: 'Message' });
    this.sendButton = page.getByRole('button', { name: 'Send message' });
    this.stopButton = page.getByRole('button', { name: 'Stop generating' });
    this.attachButton = page.getByRole('button', { name: 'Attach a file' });
    this.typingIndicator = page.getByRole('status', { name: 'Assistant is typing' });
    this.sessionLine = page.getByText(/^Using saved chat session \(.+\)$/);
    this.notices = this.conversation.getByRole('alert');
  }

  /** Opens the agent's page (its canonical route unless another is given) and waits for the composer. */
  async goto(agent: AgentDefinition, route: string = pathOf(agent)): Promise<void> {
    await this.page.goto(route);
    await expect(this.messageBox).toBeVisible();
  }

  /** Types a message and sends it with the agent's send key. */
  async send(text: string, sendKey: 'Enter' | 'Shift+Enter' = 'Enter'): Promise<void> {
    await this.messageBox.fill(text);
    await this.messageBox.press(sendKey);
  }

  /** User bubbles (right, blue), oldest first. */
  userMessages(): Locator {
    return this.conversation.locator('[data-message-role="user"]');
  }

  /** Assistant bubbles (left, grey), the greeting and a reply still streaming included. */
  assistantMessages(): Locator {
    return this.conversation.locator('[data-message-role="assistant"]');
  }

  async sessionId(): Promise<string> {
    const text = (await this.sessionLine.textContent()) ?? '';
    const id = /\((.+)\)/.exec(text)?.[1];
    if (!id) throw new Error(`no session id in "${text}"`);
    return id;
  }

  copyButtons(): Locator {
    return this.conversation.getByRole('button', { name: 'Copy message' });
  }

  /** The Details buttons of saved replies (those with usage or provenance). */
  replyDetailsButtons(): Locator {
    return this.conversation.getByRole('button', { name: 'Reply details', exact: true });
  }

  /** An open reply-details panel. */
  replyDetails(): Locator {
    return this.conversation.getByRole('group', { name: 'Reply details', exact: true });
  }

  /** 'Regenerate' on the last reply. */
  regenerateButton(): Locator {
    return this.conversation.getByRole('button', { name: 'Regenerate', exact: true });
  }

  /** 'Edit message' on the last user message. */
  editButton(): Locator {
    return this.conversation.getByRole('button', { name: 'Edit message', exact: true });
  }

  /** The inline editor of the last user message. */
  editBox(): Locator {
    return this.conversation.getByRole('textbox', { name: 'Edited message' });
  }

  /** The versions of the last exchange: its arrows and '2 / 2'. */
  versions(): Locator {
    return this.conversation.getByRole('group', { name: 'Versions', exact: true });
  }

  previousVersion(): Locator {
    return this.conversation.getByRole('button', { name: 'Previous version', exact: true });
  }

  nextVersion(): Locator {
    return this.conversation.getByRole('button', { name: 'Next version', exact: true });
  }
}
