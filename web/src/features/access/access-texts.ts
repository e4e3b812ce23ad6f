/** The access screens' own words (the per-agent ones come from the agent file). */
export const accessTexts = {
  fieldLabel: 'Access code',
  accessRequired: { title: 'Access Required', description: 'Please enter the access code to view this page.' },
  granted: { title: 'Access Granted' },
  wrongCode: { title: 'Access Denied', description: 'Invalid passcode. Please try again.' },
  throttled: { title: 'Access Denied' },
  failed: { title: 'Error', description: 'Failed to verify passcode. Please try again.' },
  checkFailed: 'Could not check your access. Please try again.',
  retry: 'Try again',
  backHome: 'Back to Home',
  toHub: 'Go to MB',
} as const;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The 'too many attempts' toast text, telling when the server will listen again. */
export function throttledDescription(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return 'Too many attempts. Please wait a few minutes and try again.';
  const wait =
    retryAfterSeconds < 60
      ? plural(Math.ceil(retryAfterSeconds), 'second')
      : plural(Math.ceil(retryAfterSeconds / 60), 'minute');
  return `Too many attempts. Please try again in ${wait}.`;
}
