import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '../pages/landing/landing-page';
import { paths } from '../lib/paths';
import { RootLayout } from './root-layout';

// Only the landing page ships in the entry chunk; every other page loads when first visited.
const AboutPage = lazy(() => import('../pages/about/about-page'));
const CtznPage = lazy(() => import('../pages/ctzn/ctzn-page'));
const HubRoute = lazy(() => import('./private/hub-route'));
const KeysRoute = lazy(() => import('./private/keys-route'));
const AgentRoute = lazy(() => import('./private/agent-route'));

/**
 * The site's own pages by path. Any other path may be an agent page: the agent route looks it up
 * in the server's agent list (so a new agent file needs no rebuild) and shows 404 when none claims it.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.about} element={<AboutPage />} />
        <Route path={paths.ctzn} element={<CtznPage />} />
        <Route path={paths.hub} element={<HubRoute />} />
        <Route path={paths.keys} element={<KeysRoute />} />
        <Route path="*" element={<AgentRoute />} />
      </Route>
    </Routes>
  );
}
