import { Outlet } from 'react-router-dom';

/** Frame shared by every page; the side menu will live here. */
export function RootLayout() {
  return <Outlet />;
}
