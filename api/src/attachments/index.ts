export { AttachmentsModule } from './attachments.module';
export { AttachmentReader, type AttachmentView } from './attachment-reading.service';
export { AttachmentStore, type AttachmentReading, type AttachmentMeta } from './attachment.store';
export { AttachmentSweeper, UNSENT_KEPT_MS } from './attachment-sweeper';
export { toAttachmentDto } from './attachment-dto';
export { AttachmentTransfer, type ImportedFile, type PreparedFile, type TransferredFile } from './attachment-transfer';
export { copyAttachmentLinks, releaseAttachments } from './attachment-statements';
export { exportLabel } from './kinds/attachment-kinds';
export { readDocument, type ReadDocument } from './kinds/document.kind';
