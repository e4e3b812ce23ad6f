import type { RouteObject } from 'react-router-dom';
import { LandingPage } from '../pages/landing/landing-page';
import { NotFoundPage } from '../pages/not-found/not-found-page';
import { paths } from './paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** The route table. Agent routes are added from the agent manifest in a later step. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      { path: paths.notFound, element: <NotFoundPage /> },
    ],
  },
];
