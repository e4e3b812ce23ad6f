// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AgentConversation } from '@mb/contracts/types/agent';
import { greetingOf as sut } from './greeting';

function conversation(greeting: string, audience?: AgentConversation['audience']): AgentConversation {
  return { greeting, audience, session: { createOn: 'first-message', titleMaxLength: 50 }, reconfigurable: false };
}

describe(sut.name, () => {
  it('fills {name} with the audience’s first name', () => {
    expect(sut(conversation('Hello, {name}! How can I help?', { name: 'MB' }))).toBe('Hello, MB! How can I help?');
  });

  it('fills every {name}, not only the first', () => {
    expect(sut(conversation('{name}, welcome back. Ready, {name}?', { name: 'Ana' }))).toBe(
      'Ana, welcome back. Ready, Ana?',
    );
  });

  it('leaves a greeting without {name} as written', () => {
    const greeting = 'Hi, I’m Trips! Where would you like to go next?';

    expect(sut(conversation(greeting))).toBe(greeting);
  });

  it('leaves other braces untouched', () => {
    expect(sut(conversation('Hello {name}, paste {role_description} or {names}', { name: 'MB' }))).toBe(
      'Hello MB, paste {role_description} or {names}',
    );
  });

  it('names the signed-in person instead of the audience once people are configured', () => {
    expect(sut(conversation('Hello, {name}! How can I help?', { name: 'MB' }), 'Anna')).toBe(
      'Hello, Anna! How can I help?',
    );
  });

  it('keeps the audience’s name when nobody in particular is signed in', () => {
    expect(sut(conversation('Hello, {name}!', { name: 'MB' }), null)).toBe('Hello, MB!');
  });
});
