import { ERRORS } from '@mb/contracts/errors';

const [ACCESS_REQUIRED, ACCESS_DENIED, TOO_MANY_ATTEMPTS] = [
  ERRORS.ACCESS_REQUIRED.wording,
  ERRORS.ACCESS_DENIED.wording,
  ERRORS.TOO_MANY_ATTEMPTS.wording,
];

/** The access screens' own words (the per-agent ones come from the agent file; the failures' from the contracts). */
export const accessTexts = {
  fieldLabel: 'Access code',
  accessRequired: { title: ACCESS_REQUIRED.title, description: ACCESS_REQUIRED.text },
  granted: { title: 'Access Granted' },
  wrongCode: { title: ACCESS_DENIED.title, description: ACCESS_DENIED.text },
  throttled: { title: TOO_MANY_ATTEMPTS.title },
  failed: { title: 'Error', description: 'Failed to verify passcode. Please try again.' },
  checkFailed: 'Could not check your access. Please try again.',
  retry: 'Try again',
  backHome: 'Back to Home',
  toHub: 'Go to MB',
} as const;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The 'too many attempts' toast text, telling when the server will listen again. */
export function throttledDescription(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return TOO_MANY_ATTEMPTS.text;
  const wait =
    retryAfterSeconds < 60
      ? plural(Math.ceil(retryAfterSeconds), 'second')
      : plural(Math.ceil(retryAfterSeconds / 60), 'minute');
  return `Too many attempts. Please try again in ${wait}.`;
}
