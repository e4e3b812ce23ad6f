import { atom, getDefaultStore, useAtomValue } from 'jotai';

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

/** The toasts showing, newest first. */
const toastsAtom = atom<readonly ToastItem[]>([]);
const lastIdAtom = atom(0);

const showAtom = atom(null, (get, set, input: ToastInput) => {
  const id = get(lastIdAtom) + 1;
  set(lastIdAtom, id);
  set(toastsAtom, [{ ...input, id, open: true }, ...get(toastsAtom).filter((item) => item.open)].slice(0, toastLimit));
  return id;
});

const dismissAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((item) => item.id !== id),
  );
});

// The app's one jotai store (it renders no Provider): event handlers and plain functions show toasts
// through it, and the toaster reads it whatever Provider a part of the page has.
const store = getDefaultStore();

/** Shows a toast from anywhere (an event handler, a mutation callback); returns its id. */
export function toast(input: ToastInput): number {
  return store.set(showAtom, input);
}

export function dismissToast(id: number): void {
  store.set(dismissAtom, id);
}

export function useToasts(): readonly ToastItem[] {
  return useAtomValue(toastsAtom, { store });
}
