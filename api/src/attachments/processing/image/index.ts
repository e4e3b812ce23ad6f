export { bareJpegSize } from './bare-jpeg';
export { imageTokens } from './image-tokens';
export {
  DEFAULT_MAX_INPUT_PIXELS,
  processImage,
  type ProcessedImage,
  type ProcessImageOptions,
  THUMBNAIL_EDGE,
} from './process-image';
export { type ImageFormat, isImageFormat, type SniffedFormat, SNIFF_BYTES, sniffImage } from './sniff-image';
