import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AttachmentIntake } from './attachment-intake.service';
import { AttachmentReader } from './attachment-reading.service';
import { AttachmentStore } from './attachment.store';
import { AttachmentSweeper } from './attachment-sweeper';
import { AttachmentsController } from './attachments.controller';

@Module({
  imports: [AgentsModule],
  controllers: [AttachmentsController],
  providers: [AttachmentStore, AttachmentIntake, AttachmentReader, AttachmentSweeper],
  exports: [AttachmentStore, AttachmentReader, AttachmentSweeper],
})
export class AttachmentsModule {}
