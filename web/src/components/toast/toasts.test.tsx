import { act, render, renderHook, screen } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toaster from './toaster';
import { dismissToast, toast, useToasts } from './toasts';

/** Every toast a test showed, dismissed after it: toasts live in the app's one store. */
const shown: number[] = [];
const show = (title: string) => {
  const id = toast({ title });
  shown.push(id);
  return id;
};

afterEach(() => {
  act(() => shown.splice(0).forEach(dismissToast));
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the one showing', () => {
    const { result } = renderHook(() => useToasts());

    act(() => void show('Content Copied'));
    act(() => void show('Chat deleted'));

    expect(result.current.map((item) => item.title)).toEqual(['Chat deleted']);
  });

  it('gives each toast its own id, and dismissing it takes it away', () => {
    const { result } = renderHook(() => useToasts());
    let first = 0;
    let second = 0;

    act(() => {
      first = show('Content Copied');
      second = show('Chat deleted');
    });
    expect(second).toBeGreaterThan(first);
    act(() => dismissToast(second));

    expect(result.current).toEqual([]);
  });

  it('is read from the app store whatever Provider a part of the page has', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <JotaiProvider store={createStore()}>{children}</JotaiProvider>
    );
    const { result } = renderHook(() => useToasts(), { wrapper });

    act(() => void show('Content Copied'));

    expect(result.current.map((item) => item.title)).toEqual(['Content Copied']);
  });

  it('closes a toast by itself after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);

    act(() => void show('Content Copied'));
    expect(screen.getByText('Content Copied')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('Content Copied')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Content Copied')).not.toBeInTheDocument();
  });
});
