export { AttachmentsModule } from './attachments.module';
export { AttachmentReader, type AttachmentView } from './attachment-reading.service';
export {
  AttachmentStore,
  copyAttachmentLinks,
  releaseAttachments,
  type AttachmentReading,
  type AttachmentMeta,
} from './attachment.store';
export { AttachmentSweeper, UNSENT_KEPT_MS } from './attachment-sweeper';
export { toAttachmentDto } from './attachment-dto';
export { AttachmentTransfer, type ImportedFile, type PreparedFile, type TransferredFile } from './attachment-transfer';
