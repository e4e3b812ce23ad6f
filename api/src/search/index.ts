export { SearchModule } from './search.module';
export { WebSearch, type SearchResult } from './web-search.service';
