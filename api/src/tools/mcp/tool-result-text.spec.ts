import { toolResultText } from './tool-result-text';

const base64Of = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

describe(toolResultText.name, () => {
  it('joins text parts as they are', () => {
    expect(
      toolResultText({
        content: [
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second\nline' },
        ],
      }),
    ).toBe('first\n\nsecond\nline');
  });

  it('describes images and audio by type and size, never passing their base64 on', () => {
    const image = base64Of(12 * 1024);
    const audio = base64Of(300);
    const text = toolResultText({
      content: [
        { type: 'image', data: image, mimeType: 'image/png' },
        { type: 'audio', data: audio, mimeType: 'audio/wav' },
        { type: 'image', data: base64Of(3 * 1024 * 1024 + 200_000), mimeType: 'image/jpeg' },
      ],
    });
    expect(text).toBe(
      '[image/png, 12 KB, not shown]\n\n[audio/wav, 300 bytes, not shown]\n\n[image/jpeg, 3.2 MB, not shown]',
    );
    expect(text).not.toContain(image.slice(0, 16));
  });

  it('reads an embedded resource as its text, or names a binary one by its URI', () => {
    expect(
      toolResultText({
        content: [
          { type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } },
          { type: 'resource', resource: { uri: 'file:///photo.png', mimeType: 'image/png', blob: base64Of(5000) } },
        ],
      }),
    ).toBe('# Notes\n\n[resource file:///photo.png]');
  });

  it('reads a resource link as its name and URI', () => {
    expect(
      toolResultText({ content: [{ type: 'resource_link', name: 'Quarterly report', uri: 'https://example.com/q3' }] }),
    ).toBe('Quarterly report (https://example.com/q3)');
  });

  it('gives structured content as JSON when there is no text', () => {
    expect(toolResultText({ content: [], structuredContent: { temperature: 21, unit: 'C' } })).toBe(
      '{"temperature":21,"unit":"C"}',
    );
    expect(
      toolResultText({ content: [{ type: 'text', text: 'It is 21 °C.' }], structuredContent: { temperature: 21 } }),
    ).toBe('It is 21 °C.');
  });

  it('names a part of a kind it does not know instead of dropping or dumping it', () => {
    expect(toolResultText({ content: [{ type: 'hologram', data: 'AAAA' }] })).toBe('[hologram content, not shown]');
  });

  it('reads the first protocol version’s toolResult, and nothing as empty text', () => {
    expect(toolResultText({ toolResult: { ok: true } })).toBe('{"ok":true}');
    expect(toolResultText({ content: [] })).toBe('');
  });
});
