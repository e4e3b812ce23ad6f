import { expect, type Locator, type Page } from '@playwright/test';
import type { ToolsResponse } from '@mb/contracts/types/wire/tools-response';

type ServerState = ToolsResponse['servers'][number]['state'];

/** POST /api/chat/turns: a reply streamed as server-sent events. */
const turnsPath = '/api/chat/turns';
const toolsPath = '/api/tools';

/**
 * The tools a reply calls, as the chat shows them: a running call ('Running Calculator…'), a finished
 * call's record (status, tool, time) that opens onto its arguments and result, the Allow or Deny prompt of a
 * call that waits for the user, and the notice above the composer naming a granted MCP server that is down.
 */
export class ToolCalls {
  static readonly running = (tool: string) => `Running ${tool}…`;
  static readonly ask = (tool: string) => `Allow ${tool} to run?`;
  static readonly denied = 'Denied by you';
  static readonly downServer = (server: string) =>
    new RegExp(`^${escapeRegExp(server)} tools are unavailable right now \\(.+\\); answers won't use them\\.$`);

  constructor(readonly page: Page) {}

  /** A reply's calls, in order, each a list item whatever its state. */
  calls(reply: Locator): Locator {
    return reply.getByRole('list', { name: 'Tool calls' }).getByRole('listitem');
  }

  /** The line of a call the tool is still working on. */
  runningLine(reply: Locator, tool: string): Locator {
    return reply.getByText(ToolCalls.running(tool), { exact: true });
  }

  /** A finished call's record: a button named by its tool, status and time, that opens and closes its details. */
  record(reply: Locator, tool: string): Locator {
    return reply.getByRole('button', { name: new RegExp(`^${escapeRegExp(tool)}(\\s|$)`) });
  }

  /** The list item holding the call of this tool (its record, or its prompt while it waits). */
  item(reply: Locator, tool: string): Locator {
    return this.calls(reply).filter({ hasText: tool });
  }

  /** The text shown under a term ('Arguments', 'Result', 'Error') of a call's details or prompt. */
  field(container: Locator, term: string): Locator {
    return container
      .locator('dl > div')
      .filter({ has: this.page.getByRole('term').filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) }) })
      .getByRole('definition');
  }

  /** The prompt of a call that waits for the user: a group named by its question, with Allow and Deny. */
  prompt(reply: Locator, tool: string): Locator {
    return reply.getByRole('group', { name: ToolCalls.ask(tool), exact: true });
  }

  allowButton(prompt: Locator): Locator {
    return prompt.getByRole('button', { name: 'Allow', exact: true });
  }

  denyButton(prompt: Locator): Locator {
    return prompt.getByRole('button', { name: 'Deny', exact: true });
  }

  /** The notice above the composer naming the agent's tools the server cannot offer now. */
  healthNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'tools are unavailable right now' });
  }

  /** Waits until the app server reports the MCP server in one of these states (GET /api/tools, with the page's cookie). */
  async waitForServer(name: string, states: ServerState[]): Promise<void> {
    await expect
      .poll(
        async () => {
          const response = await this.page.request.get(toolsPath);
          expect(response.status(), `GET ${toolsPath}`).toBe(200);
          const { servers } = (await response.json()) as ToolsResponse;
          return servers.find((server) => server.name === name)?.state;
        },
        { message: `the ${name} MCP server to be ${states.join(' or ')}`, timeout: 20_000 },
      )
      .toMatch(new RegExp(`^(${states.join('|')})$`));
  }

  /**
   * Holds the streamed reply in the page at its first tool result, until the returned function is called, so
   * a call's running state can be seen however fast its tool answers (a calculator takes a millisecond). The
   * server finishes the reply meanwhile; only the page waits to be told. Call it after the page has loaded.
   */
  async holdToolResults(): Promise<() => Promise<void>> {
    await this.page.evaluate((path) => {
      const fetchAsIs = window.fetch.bind(window);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      Object.assign(window, { releaseToolResults: release });
      window.fetch = async (input, init) => {
        const response = await fetchAsIs(input, init);
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname !== path || !response.body) return response;
        const decoder = new TextDecoder();
        const encoder = new TextEncoder();
        let buffer = '';
        const held = response.body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            async transform(chunk, controller) {
              buffer += decoder.decode(chunk, { stream: true });
              for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
                const event = buffer.slice(0, end + 2);
                buffer = buffer.slice(end + 2);
                if (event.includes('"type":"tool-result"')) await released;
                controller.enqueue(encoder.encode(event));
              }
            },
          }),
        );
        const { status, statusText, headers } = response;
        return new Response(held, { status, statusText, headers });
      };
    }, turnsPath);
    return async () => {
      await this.page.evaluate(() => (window as unknown as { releaseToolResults: () => void }).releaseToolResults());
    };
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
