import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
};

export type ToastItem = ToastInput & { id: number; open: boolean };

/** The spec shows at most one toast at a time: a new one replaces whatever is showing. */
export const toastLimit = 1;
/** How long a toast stays, in milliseconds. */
export const toastDurationMs = 5000;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (an event handler, a mutation callback); returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  publish([{ ...input, id, open: true }, ...toasts.filter((item) => item.open)].slice(0, toastLimit));
  return id;
}

export function dismissToast(id: number): void {
  publish(toasts.filter((item) => item.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
