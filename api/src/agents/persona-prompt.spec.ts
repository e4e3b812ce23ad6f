import { personaPrompt } from './persona-prompt';

describe(personaPrompt.name, () => {
  it('opens with the role, lists the domains in order, and the rules most important first', () => {
    const sut = personaPrompt({
      role_description: '  You are a careful planner.  ',
      domains: [
        { title: 'Flights', description: 'Fares and routes.' },
        { title: 'Hotels', description: 'Value stays.' },
      ],
      response_guidelines: [
        { priority: 'low', content: 'Use emoji sparingly.' },
        { priority: 'critical', content: 'Never invent prices.' },
        { priority: 2, content: 'Ask for dates.' },
        { priority: 'high', content: 'Show totals.' },
        { priority: 'critical', content: 'Say when data may be stale.' },
      ],
    });

    expect(sut).toBe(
      [
        'You are a careful planner.',
        'Your areas of expertise:\n- Flights: Fares and routes.\n- Hotels: Value stays.',
        'How to answer, most important first:\n' +
          '- (critical) Never invent prices.\n' +
          '- (critical) Say when data may be stale.\n' +
          '- (priority 2) Ask for dates.\n' +
          '- (high) Show totals.\n' +
          '- (low) Use emoji sparingly.',
      ].join('\n\n'),
    );
  });

  it('leaves out empty sections', () => {
    expect(personaPrompt({ role_description: 'You are brief.', domains: [], response_guidelines: [] })).toBe(
      'You are brief.',
    );
  });
});
