import 'reflect-metadata';
import { Controller, Module, Post, Req, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardTo } from './forward-request';

/**
 * The bare forwarder as a route of an otherwise empty Nest app on Express, as our server runs: the
 * framework's own share of a one-shot call (routing, the execution context, the response), with no guard,
 * no body parsing and no checks. FORWARD_TO as for bare-forwarder.ts.
 */
const forward = forwardTo(new URL(process.env.FORWARD_TO!));

@Controller()
class ForwardController {
  @Post('*path')
  forward(@Req() req: Request, @Res() res: Response): void {
    forward(req, res);
  }
}

@Module({ controllers: [ForwardController] })
class ForwardModule {}

void (async () => {
  const app = await NestFactory.create<NestExpressApplication>(ForwardModule, { bodyParser: false, logger: false });
  await app.listen(0, '127.0.0.1');
  const server: Server = app.getHttpServer();
  process.send!({ port: (server.address() as AddressInfo).port });
})();
process.on('disconnect', () => process.exit(0));
