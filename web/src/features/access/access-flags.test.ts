import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAccessFlags, readAccessFlag, setAccessFlags } from './access-flags';

describe('access flags', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('sets the session flag, and the persistent one only when asked', () => {
    setAccessFlags(false);
    expect(sessionStorage.getItem('mbAccess')).toBe('granted');
    expect(localStorage.getItem('mbAccess')).toBeNull();

    setAccessFlags(true);
    expect(localStorage.getItem('mbAccess')).toBe('granted');
    expect(readAccessFlag()).toBe(true);
  });

  it('clears both flags', () => {
    setAccessFlags(true);
    clearAccessFlags();
    expect(readAccessFlag()).toBe(false);
    expect(sessionStorage.getItem('mbAccess')).toBeNull();
    expect(localStorage.getItem('mbAccess')).toBeNull();
  });

  it('treats unusable storage as no hint instead of failing', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => setAccessFlags(true)).not.toThrow();
    expect(readAccessFlag()).toBe(false);
  });
});
