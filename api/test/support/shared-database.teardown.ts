import { stopSharedDatabase } from './shared-database.setup';

export default stopSharedDatabase;
