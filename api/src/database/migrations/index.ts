import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** Every migration, oldest first; both database modes run exactly these. */
export const migrations = [InitialSchema1763700000000];
