import { Module } from '@nestjs/common';
import { AttachmentsModule } from '../attachments';
import { SessionsModule } from '../sessions';
import { SummariesModule } from '../summaries';
import { ChatMessagesController } from './chat-messages.controller';
import { ChatMessages } from './chat-messages.service';
import { MessageStore } from './message.store';
import { VersionStore } from './version.store';

@Module({
  imports: [SessionsModule, SummariesModule, AttachmentsModule],
  controllers: [ChatMessagesController],
  providers: [MessageStore, VersionStore, ChatMessages],
  exports: [MessageStore, ChatMessages],
})
export class MessagesModule {}
