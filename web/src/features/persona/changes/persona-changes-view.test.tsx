import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PersonaChanges } from '../../../lib/api/persona';
import { PersonaChangesView } from './persona-changes-view';

const nothing: PersonaChanges = {
  isDefault: true,
  summary: 'no changes',
  role: { changed: false, parts: [{ type: 'same', text: 'You are a test agent.' }] },
  domains: { added: [], removed: [], changed: [] },
  guidelines: { added: [], removed: [], changed: [] },
};

const changed: PersonaChanges = {
  isDefault: false,
  summary: '1 guideline added, 1 guideline priority changed, 1 domain removed, 1 domain changed, role changed',
  role: {
    changed: true,
    parts: [
      { type: 'same', text: 'You are a ' },
      { type: 'added', text: 'careful ' },
      { type: 'same', text: 'test ' },
      { type: 'removed', text: 'agent' },
      { type: 'added', text: 'bot' },
      { type: 'same', text: '.' },
    ],
  },
  domains: {
    added: [],
    removed: [{ title: 'Test replies', description: 'Answers whatever the test asks.' }],
    changed: [
      {
        title: 'Drainage',
        description: [
          { type: 'same', text: 'Sump pits' },
          { type: 'added', text: ' and drain tile' },
        ],
      },
    ],
  },
  guidelines: {
    added: [{ priority: 'low', content: 'End with one follow-up question.' }],
    removed: [],
    changed: [{ content: 'Keep answers short.', from: 1, to: 3 }],
  },
};

describe(PersonaChangesView.name, () => {
  it('says plainly that nothing differs from the agent default', () => {
    render(<PersonaChangesView changes={nothing} />);
    expect(screen.getByText("This chat uses the agent's default persona: nothing differs.")).toBeInTheDocument();
  });

  it('marks added words as insertions and removed words as deletions, in words as well as colour', () => {
    const { container } = render(<PersonaChangesView changes={changed} />);
    const role = screen.getByRole('heading', { name: 'Role description' }).nextElementSibling;

    expect(role).toHaveTextContent('You are a added: careful test removed: agentadded: bot.');
    expect([...container.querySelectorAll('ins')].map((node) => node.textContent)).toContain('added: careful ');
    expect([...container.querySelectorAll('del')].map((node) => node.textContent)).toContain('removed: agent');
  });

  it('lists domains and guidelines by what happened to them, with priority changes', () => {
    render(<PersonaChangesView changes={changed} />);

    expect(screen.getByText(/^Against the agent's default: 1 guideline added/)).toBeInTheDocument();
    const domains = screen.getByRole('heading', { name: 'Domains' }).parentElement!;
    expect(domains).toHaveTextContent('removed: Test replies: Answers whatever the test asks.');
    expect(domains).toHaveTextContent('Drainage (changed): Sump pitsadded: and drain tile');
    const guidelines = screen.getByRole('heading', { name: 'Response guidelines' }).parentElement!;
    expect(guidelines).toHaveTextContent('added: End with one follow-up question. (priority low)');
    expect(guidelines).toHaveTextContent('Keep answers short. (priority changed from removed: 1 to added: 3)');
  });

  it('leaves out the parts that did not change', () => {
    render(<PersonaChangesView changes={{ ...changed, role: nothing.role }} />);
    expect(screen.queryByRole('heading', { name: 'Role description' })).not.toBeInTheDocument();
  });
});
