import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { ChatPage } from './pages/chat-page';
import { ToolCalls } from './pages/tool-calls';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';

const FETCH_PAGE = 'Fetch page';
const SECRET = 'Internal dashboard: the page of a service on the app’s own machine';
const streamed = { streamed: true } as const;

/**
 * An IPv4 address of this machine's own interfaces other than loopback: the app server runs here too, so a service
 * listening on all interfaces answers it through this address. A machine with loopback alone has no such way in.
 */
function ownNonLoopbackAddress(): string {
  const own = Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .find(({ internal, family }) => !internal && family === 'IPv4');
  if (!own) throw new Error('this machine has no network interface besides loopback to reach a service through');
  return own.address;
}

/** A service on every interface, as the probe's was; it records each request, so a test can show none came. */
let service: Server;
const received: string[] = [];

test.beforeAll(async () => {
  service = createServer((request, response) => {
    received.push(request.url ?? '/');
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<title>Dashboard</title><p>${SECRET}</p>`);
  });
  await new Promise<void>((resolve) => service.listen(0, '0.0.0.0', resolve));
});

test.afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
});

test.beforeEach(async ({ grantAccess }) => {
  received.length = 0;
  await grantAccess();
});

test("fetch_page asked for a page on the machine's own address: the chat shows the tool's refusal, never the page", async ({
  page,
  upstream,
}) => {
  const address = ownNonLoopbackAddress();
  const url = `http://${address}:${(service.address() as AddressInfo).port}/secret`;
  await upstream.scriptReply([
    { toolCalls: [{ name: 'fetch_page', arguments: { url } }], match: streamed },
    { text: 'I could not read that page.', match: streamed },
  ]);
  const chat = new ChatPage(page);
  const tools = new ToolCalls(page);
  await chat.goto(agents.fetchesPages);

  await chat.send(`What does ${url} say?`);

  const reply = chat.assistantMessages().last();
  const record = tools.record(reply, FETCH_PAGE);
  await expect(record).toHaveAccessibleName(/^Fetch page Failed/);
  await expect(reply).toContainText('I could not read that page.');
  await record.click();
  await expect(tools.field(tools.item(reply, FETCH_PAGE), 'Error')).toContainText(
    `${url} is refused: ${address} is an address of this machine; fetch_page reads only public web pages.`,
  );
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'a refused fetch_page call');

  // Nothing reached the service, and the model was told the refusal, not the page.
  expect(received).toEqual([]);
  const calls = (await upstream.completionRequests()).filter((request) => request.body.stream === true);
  const told = calls
    .at(-1)
    ?.body.messages.filter((message) => message.role === 'tool')
    .map((m) => m.content);
  expect(told).toEqual([expect.stringMatching(/^Error: .*is an address of this machine/)]);
  expect(JSON.stringify(told)).not.toContain(SECRET);
});
