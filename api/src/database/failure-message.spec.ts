import { messageOf } from './failure-message';

describe('messageOf (how a failure of the embedded database is put in words)', () => {
  it('says what an Error, an exit status, an object with a message or any other object holds', () => {
    expect(messageOf(new Error('disk full'))).toBe('disk full');
    expect(messageOf({ name: 'ExitStatus', status: 1 })).toBe('the database engine exited with status 1');
    expect(messageOf({ message: 'could not open file' })).toBe('could not open file');
    expect(messageOf({ detail: 'no space left' })).toBe('{"detail":"no space left"}');
    expect(messageOf('plain text')).toBe('plain text');
  });

  it('never answers "[object Object]", even for an object JSON cannot write', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(messageOf(circular)).toBe('a failure with the fields self');
  });
});
