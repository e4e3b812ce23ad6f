export { SummariesModule } from './summaries.module';
export { SessionSummaries, SUMMARY_EVERY_MESSAGES, type SummaryState } from './session-summaries.service';
