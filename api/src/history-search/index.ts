export { HistorySearchModule } from './history-search.module';
