import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions';
import { ChatSearchController } from './chat-search.controller';
import { ChatSearch } from './chat-search.service';
import { ChatSearchStore } from './chat-search.store';

@Module({
  imports: [SessionsModule],
  controllers: [ChatSearchController],
  providers: [ChatSearchStore, ChatSearch],
})
export class HistorySearchModule {}
