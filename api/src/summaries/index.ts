export { SummariesModule } from './summaries.module';
export { SessionSummaries } from './session-summaries.service';
