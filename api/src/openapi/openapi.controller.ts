import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../access';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';
import { API_TITLE, ApiDocument } from './api-document.service';
import { DOCS_ASSETS, DOCS_PATH, DOCUMENT_PATH, docsPage } from './docs-page';
import type { OpenApiDocument } from './openapi-document';

/** The API described (public: it names routes and shapes, no secrets), and a page to read it with. */
@Controller()
export class OpenApiController {
  constructor(private readonly api: ApiDocument) {}

  @Public()
  @Get(DOCUMENT_PATH)
  @Answers({
    summary: 'This API, described in OpenAPI 3.1',
    content: { 'application/json': 'The OpenAPI document: every route, its body, answers, errors and access.' },
  })
  document(): OpenApiDocument {
    return this.api.get();
  }

  @Public()
  @Get(DOCS_PATH)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Answers({
    summary: 'This API, readable in a browser',
    content: { 'text/html': `A page that shows /api/${DOCUMENT_PATH} with Swagger UI.` },
  })
  page(): string {
    return docsPage(API_TITLE);
  }

  @Public()
  @Get(`${DOCS_PATH}/:file`)
  @Answers({
    summary: 'A file of the docs page (the viewer and its settings)',
    content: { 'text/javascript': 'A script.', 'text/css': 'A style sheet.', 'image/png': 'An icon.' },
    errors: ['NOT_FOUND'],
  })
  asset(@Param('file') file: string, @Res() res: Response): void {
    const asset = Object.hasOwn(DOCS_ASSETS, file) ? DOCS_ASSETS[file] : undefined;
    if (!asset) throw AppError.notFound(`The docs file "${file}"`);
    // Revalidated on every visit (a 304 when unchanged), so an upgraded viewer is never stale.
    res.setHeader('Cache-Control', 'no-cache');
    res.type(asset.type);
    if ('text' in asset) res.send(asset.text);
    else res.sendFile(asset.file);
  }
}
