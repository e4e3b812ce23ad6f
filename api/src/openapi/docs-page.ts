import { dirname, join } from 'node:path';
import { API_PREFIX } from '../common/api-prefix';

export const DOCUMENT_PATH = 'openapi.json';
export const DOCS_PATH = 'docs';

// Swagger UI's own files, served from the installed package: the page works offline, with no CDN.
const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The viewer's settings. A file of our own, not an inline script: the Content-Security-Policy allows only 'self'. */
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/${API_PREFIX}/${DOCUMENT_PATH}',
    dom_id: '#docs',
    deepLinking: true,
    validatorUrl: null,
    layout: 'BaseLayout',
  });
});
`;

export type DocsAsset = { type: string } & ({ file: string } | { text: string });

/** Everything GET /api/docs/:file may answer; any other name is a 404. */
export const DOCS_ASSETS: Readonly<Record<string, DocsAsset>> = {
  'swagger-ui.css': { type: 'text/css', file: join(swaggerUiDir, 'swagger-ui.css') },
  'swagger-ui-bundle.js': { type: 'text/javascript', file: join(swaggerUiDir, 'swagger-ui-bundle.js') },
  'favicon-32x32.png': { type: 'image/png', file: join(swaggerUiDir, 'favicon-32x32.png') },
  'docs.js': { type: 'text/javascript', text: initScript },
};

const asset = (name: string) => `/${API_PREFIX}/${DOCS_PATH}/${name}`;

export const docsPage = (title: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" />
    <link rel="stylesheet" href="${asset('swagger-ui.css')}" />
  </head>
  <body>
    <div id="docs"></div>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset('docs.js')}"></script>
  </body>
</html>
`;
