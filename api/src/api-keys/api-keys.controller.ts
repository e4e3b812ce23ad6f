import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { AppError } from '../common/app-error';
import type { ApiKey } from '@mb/contracts/types/wire/api-key';
import type { CreateApiKeyRequest } from '@mb/contracts/types/wire/create-api-key-request';
import type { CreatedApiKey } from '@mb/contracts/types/wire/created-api-key';
import { CurrentViewer, type Viewer } from '../access';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import { ApiKeys } from './api-keys.service';

const keyIdPipe = new ParseUUIDPipe({ exceptionFactory: () => AppError.validation(['key id must be a UUID']) });

/** The private area's keys for the OpenAI-compatible API (/v1): the access cookie manages them, never a key. */
@Controller('keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeys) {}

  @Post()
  @Answers({
    summary: 'Make a named key for the OpenAI-compatible API (/v1)',
    description:
      'The answer holds the key itself, once: only its hash is stored. Use it as `Authorization: Bearer <key>` with ' +
      'any OpenAI client whose base URL is this site plus /v1, and an agent id as the model. Naming an agent meant ' +
      'for someone else in the circle (its `audience`) is refused (403); a key answers only with agents its ' +
      'maker may use.',
    json: 'wire/created-api-key',
    errors: ['FORBIDDEN'],
  })
  create(
    @CurrentViewer() viewer: Viewer,
    @Body(validBody('create-api-key-request')) body: CreateApiKeyRequest,
  ): Promise<CreatedApiKey> {
    return this.keys.create(viewer, body);
  }

  @Get()
  @Answers({
    summary: 'List your API keys, newest first, with their last use and tokens used',
    json: 'wire/api-key',
    list: true,
  })
  list(@CurrentViewer() viewer: Viewer): Promise<ApiKey[]> {
    return this.keys.list(viewer);
  }

  @Delete(':id')
  @Answers({
    summary: 'Revoke an API key: it works no more, from this moment, on every replica',
    json: 'wire/api-key',
    errors: ['NOT_FOUND'],
  })
  revoke(@CurrentViewer() viewer: Viewer, @Param('id', keyIdPipe) id: string): Promise<ApiKey> {
    return this.keys.revoke(viewer, id);
  }
}
