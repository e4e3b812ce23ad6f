/**
 * jsdom has <dialog> but not its modal behaviour. This mirrors the parts the app relies on:
 * showModal opens, close(value) sets returnValue and fires close, Escape cancels. Returns its undoing.
 */
export function installDialogSupport(): () => void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & Record<string, unknown>;
  const onEscape = function (this: HTMLDialogElement, event: KeyboardEvent) {
    if (event.key === 'Escape' && this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
  };
  Object.defineProperties(proto, {
    showModal: {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.returnValue = '';
        this.setAttribute('open', '');
        this.addEventListener('keydown', onEscape);
      },
    },
    close: {
      configurable: true,
      value(this: HTMLDialogElement, returnValue?: string) {
        if (!this.hasAttribute('open')) return;
        if (returnValue !== undefined) this.returnValue = returnValue;
        this.removeAttribute('open');
        this.removeEventListener('keydown', onEscape);
        this.dispatchEvent(new Event('close'));
      },
    },
    returnValue: { configurable: true, writable: true, value: '' },
  });
  return () => {
    for (const name of ['showModal', 'close', 'returnValue']) delete proto[name];
  };
}
