import { atom, getDefaultStore, useAtomValue } from 'jotai';
import type { CheckAccessResponse, SignedIn } from '@mb/contracts/types/wire/check-access-response';

/** Who the access cookie signs in (the circle, a person, a guest), as the last access check said. */
export type Viewer = SignedIn;

/** What the pages need of the access check beyond yes or no: whether people are configured, and who is signed in. */
export type SignedInState = { people: boolean; viewer: Viewer | null };

const signedOut: SignedInState = { people: false, viewer: null };

const signedInAtom = atom<SignedInState>(signedOut);

// The app's one jotai store (it renders no Provider), as the toasts use: the access check writes it
// from its query function, before any page reads the answer.
const store = getDefaultStore();

/** Keeps what an access check answered (a new object only when something changed, so readers do not re-render). */
export function rememberAccessAnswer(answer: CheckAccessResponse): void {
  const next: SignedInState = {
    people: answer.people === true,
    viewer: answer.authorized ? (answer.viewer ?? null) : null,
  };
  const current = store.get(signedInAtom);
  if (
    current.people === next.people &&
    current.viewer?.kind === next.viewer?.kind &&
    current.viewer?.personId === next.viewer?.personId &&
    current.viewer?.firstName === next.viewer?.firstName
  ) {
    return;
  }
  store.set(signedInAtom, next);
}

/** Forgets who was signed in (after signing out); whether people are configured stays known. */
export function forgetViewer(): void {
  const current = store.get(signedInAtom);
  if (current.viewer) store.set(signedInAtom, { ...current, viewer: null });
}

/** The signed-in state now, for event handlers. */
export function signedInState(): SignedInState {
  return store.get(signedInAtom);
}

export function useSignedIn(): SignedInState {
  return useAtomValue(signedInAtom, { store });
}

/** The signed-in person's first name; null for the circle, a guest, or nobody. */
export function useViewerFirstName(): string | null {
  const { viewer } = useSignedIn();
  return viewer?.kind === 'person' ? (viewer.firstName ?? null) : null;
}
