export {
  DEFAULT_DOCUMENT_LIMITS,
  MAX_PART_CHARS,
  type DocumentFormat,
  type DocumentLimits,
  type DocumentPart,
  type ExtractedDocument,
} from './document-types';
export { extractDocument } from './extract-document';
export { sniffDocument } from './sniff-document';
