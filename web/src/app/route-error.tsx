import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { ErrorPage } from '../pages/error/error-page';

/** Router error boundary: a 404 from a loader is the not-found page, anything else the error page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }
  return <ErrorPage />;
}
