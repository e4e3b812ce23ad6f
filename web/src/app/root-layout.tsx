import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { OfflineNotice } from '../components/offline-notice';
import { SideMenu } from '../components/side-menu/side-menu';
import { Spinner } from '../components/spinner/spinner';
import { ToastHost } from '../components/toast/toast-host';
import { ErrorPage } from '../pages/error/error-page';

/** Frame shared by every page: the offline banner, the side menu, the page itself and the toasts. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <OfflineNotice />
      <SideMenu />
      <ErrorBoundary fallback={<ErrorPage />} resetKey={pathname}>
        <Suspense fallback={<Spinner label="Loading..." fullPage />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <ToastHost />
    </>
  );
}
