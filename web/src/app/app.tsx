import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

/**
 * Declarative routing keeps the entry chunk small (the data router adds ~16 KB gzipped); pages that
 * need server state bring the query client with their own lazily loaded code.
 */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
