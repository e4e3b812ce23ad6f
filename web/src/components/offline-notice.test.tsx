import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './offline-notice';
import { Spinner } from './spinner/spinner';

const offlineText = 'You are offline. Chats will work again when you are back online.';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe(OfflineNotice.name, () => {
  afterEach(() => vi.restoreAllMocks());

  it('says nothing online, and says the device is offline in its status region while it is', () => {
    render(<OfflineNotice />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    goOffline(true);
    expect(region).toHaveTextContent(offlineText);

    goOffline(false);
    expect(region).toBeEmptyDOMElement();
  });

  it('opens offline already saying so', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineNotice />);
    expect(screen.getByRole('status')).toHaveTextContent(offlineText);
  });

  it("turns a spinner's 'Loading...' into waiting for a connection while offline", () => {
    render(<Spinner label="Loading..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for a connection...');
  });
});
