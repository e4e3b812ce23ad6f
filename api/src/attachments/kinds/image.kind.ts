import type { ModelImage } from '../../llm';
import { bareJpegSize, imageTokens, isImageFormat, processImage, sniffImage } from '../processing/image';
import type { AttachmentKindHandler } from './attachment-kind-handler';

const WHOLE = 'the whole image';

const tokensOf = ({ width, height }: { width: number | null; height: number | null }) =>
  imageTokens(width ?? 1, height ?? 1);

/** Photos: turned upright, stripped of metadata and downscaled; the model sees them when it sees images. */
export const imageKind: AttachmentKindHandler<'image'> = {
  kind: 'image',
  formats: 'photos (JPEG, PNG, HEIC, WebP, AVIF, GIF)',

  sniff(head) {
    const format = sniffImage(head);
    if (!format) return undefined;
    // Markup (SVG, HTML) is refused by processImage itself, whatever the agent takes: it can carry scripts.
    return isImageFormat(format) ? 'claimed' : 'claimed-to-refuse';
  },

  async process(file, settings) {
    const image = await processImage(file.path, { maxEdge: settings.imageMaxEdge });
    return {
      mediaType: image.mediaType,
      content: image.bytes,
      thumbnail: image.thumbnail,
      width: image.width,
      height: image.height,
    };
  },

  reading: { tokens: tokensOf, summary: WHOLE },

  noRoom: (budgetTokens) =>
    `These photos and this message are more than this assistant's model can read at once ` +
    `(it reads about ${budgetTokens.toLocaleString('en-US')} tokens; each photo takes up to 1,105). ` +
    'Send fewer photos or a shorter message.',

  async modelView(files, stored) {
    const bytes = await stored.contents(files.map((file) => file.id));
    return new Map(
      files.flatMap((file): Array<[string, ModelImage & { kind: 'image' }]> => {
        const image = bytes.get(file.id);
        if (!image) return [];
        const dataUrl = `data:${file.mediaType};base64,${image.toString('base64')}`;
        const view = { type: 'image', kind: 'image', id: file.id, name: file.name, read: WHOLE } as const;
        return [[file.id, { ...view, dataUrl, tokens: tokensOf(file) }]];
      }),
    );
  },

  served: 'inline',

  // A bare JPEG of the size processing made is what it would store again (it has just decoded it whole): export and
  // import then lose nothing.
  keepsImportedBytes(kept, imported) {
    const bare = kept.mediaType === 'image/jpeg' ? bareJpegSize(imported) : undefined;
    return bare !== undefined && bare.width === kept.width && bare.height === kept.height;
  },

  exportLabel: (file) => (file.width && file.height ? `photo, ${file.width} × ${file.height}` : 'photo'),
};
