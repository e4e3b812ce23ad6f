/**
 * The spec's mbAccess=granted browser flags. They are display hints only: the HttpOnly cookie and
 * the server's answer decide access, so nothing is ever shown or skipped because of a flag.
 */
const flagName = 'mbAccess';
const flagValue = 'granted';

type StorageName = 'sessionStorage' | 'localStorage';

/** Storage can be missing or throw (privacy modes, blocked cookies): a hint is then simply absent. */
function withStorage(name: StorageName, action: (storage: Storage) => void): void {
  try {
    action(window[name]);
  } catch {
    // No storage, no hint.
  }
}

export function readAccessFlag(): boolean {
  let found = false;
  for (const name of ['sessionStorage', 'localStorage'] as const) {
    withStorage(name, (storage) => {
      found ||= storage.getItem(flagName) === flagValue;
    });
  }
  return found;
}

/** Session flag always; the persistent one too when the agent file asks for it. */
export function setAccessFlags(persist: boolean): void {
  withStorage('sessionStorage', (storage) => storage.setItem(flagName, flagValue));
  if (persist) withStorage('localStorage', (storage) => storage.setItem(flagName, flagValue));
}

export function clearAccessFlags(): void {
  withStorage('sessionStorage', (storage) => storage.removeItem(flagName));
  withStorage('localStorage', (storage) => storage.removeItem(flagName));
}
