import { FakeSerper } from '../../test/fakes/fake-serper';
import type { AppConfig } from '../config';
import { WebSearch } from './web-search.service';

describe(WebSearch.name, () => {
  let serper: FakeSerper;
  let sut: WebSearch;

  beforeAll(async () => {
    serper = await FakeSerper.start();
    sut = new WebSearch({ serper: { apiKey: serper.apiKey, baseUrl: serper.baseUrl } } as AppConfig);
  });

  afterAll(() => serper.close());

  it('keeps only results whose link is a web address, since each becomes a source shown as a link', async () => {
    serper.script({
      results: [
        { title: 'Script', link: 'javascript:alert(document.cookie)', snippet: '' },
        { title: 'Page', link: 'data:text/html,<script>alert(1)</script>', snippet: '' },
        { title: 'Relative', link: '/api/auth/revoke-access', snippet: '' },
        { title: 'Gutters', link: 'https://example.com/gutters', snippet: 'About gutters' },
        { title: 'Köln', link: 'https://de.wikipedia.org/wiki/Köln', snippet: 'A city' },
      ],
    });

    const results = await sut.search('gutters');

    expect(results).toEqual([
      { title: 'Gutters', link: 'https://example.com/gutters', snippet: 'About gutters' },
      { title: 'Köln', link: 'https://de.wikipedia.org/wiki/K%C3%B6ln', snippet: 'A city' },
    ]);
  });

  it('stores half a character of a title or snippet as U+FFFD, so the reply that cites it can be saved', async () => {
    serper.script({ results: [{ title: 'Gutters \ud83d', link: 'https://example.com/g', snippet: '\udc00 cheap' }] });

    const results = await sut.search('gutters');

    expect(results).toEqual([{ title: 'Gutters \ufffd', link: 'https://example.com/g', snippet: '\ufffd cheap' }]);
  });
});
