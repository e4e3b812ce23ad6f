import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** App-wide providers wrap the router here as features need them (toasts, query client). */
export function App() {
  return <RouterProvider router={router} />;
}
