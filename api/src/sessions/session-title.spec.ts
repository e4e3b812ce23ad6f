import { sessionTitle } from './session-title';

describe(sessionTitle.name, () => {
  it('keeps a message up to the limit as it is', () => {
    expect(sessionTitle('x'.repeat(50), 50)).toBe('x'.repeat(50));
  });

  it('cuts a longer one to the limit and adds an ellipsis', () => {
    expect(sessionTitle(`${'y'.repeat(50)}z`, 50)).toBe(`${'y'.repeat(50)}...`);
  });

  it('puts the title on one line and never splits a character in two', () => {
    expect(sessionTitle('  two\n\nlines\there  ', 50)).toBe('two lines here');
    expect(sessionTitle('🌊'.repeat(12), 10)).toBe(`${'🌊'.repeat(10)}...`);
  });
});
