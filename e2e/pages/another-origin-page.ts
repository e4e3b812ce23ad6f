import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * A page of another origin on the same site as the app: another port of the same host, which SameSite=Strict
 * does not set apart. It is served by a server of its own, and opened in a tab of the user's browser.
 */
export class AnotherOriginPage {
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  /** Serves `html` at `/` of http://<host>:<a free port>, the host being the app's. */
  static async serving(host: string, html: string): Promise<AnotherOriginPage> {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return new AnotherOriginPage(server, `http://${host}:${(server.address() as AddressInfo).port}`);
  }

  /** The user opens the page in another tab; it says "All sent." once everything it sends has gone out. */
  async visit(context: BrowserContext): Promise<Page> {
    const tab = await context.newPage();
    await tab.goto(this.origin);
    await expect(tab.getByText('All sent.')).toBeVisible();
    return tab;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
