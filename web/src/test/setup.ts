import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
// findBy* and waitFor give up after 1 s by default; a loaded CI machine took longer to load a lazy route.
// A wait that succeeds returns as soon as it does, so only a failing test waits the longer time.
configure({ asyncUtilTimeout: 4000 });
