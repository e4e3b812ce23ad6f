import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AttachmentIntake } from './attachment-intake.service';
import { AttachmentProcessing } from './attachment-processing.service';
import { AttachmentReader } from './attachment-reading.service';
import { AttachmentStore } from './attachment.store';
import { AttachmentSweeper } from './attachment-sweeper';
import { AttachmentTransfer } from './attachment-transfer';
import { AttachmentsController } from './attachments.controller';

@Module({
  imports: [AgentsModule],
  controllers: [AttachmentsController],
  providers: [
    AttachmentStore,
    AttachmentProcessing,
    AttachmentIntake,
    AttachmentReader,
    AttachmentSweeper,
    AttachmentTransfer,
  ],
  exports: [AttachmentStore, AttachmentReader, AttachmentSweeper, AttachmentTransfer],
})
export class AttachmentsModule {}
