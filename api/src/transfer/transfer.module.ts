import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AttachmentsModule } from '../attachments';
import { MessagesModule } from '../messages';
import { SessionsModule } from '../sessions';
import { ChatTransferController } from './chat-transfer.controller';
import { ChatTransfer } from './chat-transfer.service';

@Module({
  imports: [AgentsModule, AttachmentsModule, SessionsModule, MessagesModule],
  controllers: [ChatTransferController],
  providers: [ChatTransfer],
})
export class TransferModule {}
