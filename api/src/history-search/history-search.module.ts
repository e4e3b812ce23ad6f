import { Module } from '@nestjs/common';
import { ChatSearchController } from './chat-search.controller';
import { ChatSearch } from './chat-search.service';
import { ChatSearchStore } from './chat-search.store';

@Module({
  controllers: [ChatSearchController],
  providers: [ChatSearchStore, ChatSearch],
})
export class HistorySearchModule {}
