import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toasts';

const Toaster = lazy(() => import('./toaster'));

/**
 * Mounts the toast renderer the first time a toast is shown, so pages that never toast (the
 * landing page) never download it. Once mounted it stays, keeping its live region in place.
 */
export function ToastHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
