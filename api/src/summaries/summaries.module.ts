import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { LlmModule } from '../llm';
import { SessionsModule } from '../sessions';
import { SessionSummariesController } from './session-summaries.controller';
import { SessionSummaries } from './session-summaries.service';
import { SummaryStore } from './summary.store';

@Module({
  imports: [AgentsModule, LlmModule, SessionsModule],
  controllers: [SessionSummariesController],
  providers: [SummaryStore, SessionSummaries],
  exports: [SessionSummaries],
})
export class SummariesModule {}
