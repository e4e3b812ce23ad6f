import type { AgentDefinition } from '@mb/contracts/types/agent';
import { defaultAgentsDir } from '../../src/config/repo-paths';
import { agentIdsIn, readAgentIn } from '../support/fixture-agents';

/**
 * What the product spec (spec/000_5f66beaf325ed197.txt) requires of the agents this repository
 * ships, one row per requirement. Only what the spec words is checked: persona text, card
 * descriptions, model settings and greetings the spec does not word are the authors' to change.
 * Behaviour is tested on fixture agents (api/test/fixtures/agents/), never here.
 */

type SpecAgent = 'mbhealth' | 'moisture-control' | 'interior-designer' | 'doctor' | 'travely' | 'poodletime';
type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
type Requirement = [agent: SpecAgent, requirement: string, expected: DeepPartial<AgentDefinition>];

const shipped = (id: string): AgentDefinition => readAgentIn(defaultAgentsDir, id);

/** The four "agent pages" of section 2 share their chat page. */
const AGENT_PAGES: SpecAgent[] = ['moisture-control', 'interior-designer', 'doctor', 'travely'];

const ROUTES: Requirement[] = [
  ['mbhealth', 'route /mbhealth', { routes: ['/mbhealth'] }],
  [
    'moisture-control',
    'routes /moisture-control and its alias /owner-builder',
    { routes: ['/moisture-control', '/owner-builder'] },
  ],
  ['interior-designer', 'route /interior-designer', { routes: ['/interior-designer'] }],
  ['doctor', 'route /doctor', { routes: ['/doctor'] }],
  ['travely', 'route /travely', { routes: ['/travely'] }],
  ['poodletime', 'route /poodletime', { routes: ['/poodletime'] }],
];

const PAGE_TEXTS: Requirement[] = [
  [
    'moisture-control',
    'title bar and lower-case header',
    { display: { title: 'Moisture Control Agent', header: 'moisture control' } },
  ],
  [
    'interior-designer',
    'title bar and lower-case header',
    { display: { title: 'Interior Designer Agent', header: 'interior designer' } },
  ],
  ['doctor', 'title bar', { display: { title: 'The Doctor' } }],
  ['travely', 'title bar and lower-case header', { display: { title: 'Travely', header: 'travely' } }],
  ...AGENT_PAGES.map((id): Requirement => [
    id,
    "'Connecting to AI service...' while settings load",
    { display: { loadingText: 'Connecting to AI service...' } },
  ]),
  ['mbhealth', "side-menu link 'MB Health'", { display: { menu: { label: 'MB Health' } } }],
  [
    'doctor',
    'its own key-form text',
    {
      keyForm: { intro: 'To use our medical assistant for complex aneurysm cases, please provide an OpenAI API key.' },
    },
  ],
];

const ACCESS: Requirement[] = [
  [
    'mbhealth',
    'an access-code form of its own',
    {
      access: {
        denied: 'passcode',
        checkingText: 'Loading...',
        passcode: {
          subtitle: 'Your deeply personalized health strategist',
          placeholder: 'Enter access code',
          button: 'Access MB Health',
          busyButton: 'Verifying...',
          welcome: 'Welcome to MB Health',
        },
      },
    },
  ],
  [
    'doctor',
    'a restriction alert, no redirect',
    {
      access: {
        denied: 'alert',
        alert: {
          title: 'Access Restricted',
          text: 'You need to authorize through the MB page first to access this specialized agent.',
        },
      },
    },
  ],
  ['moisture-control', 'a redirect to /mb', { access: { denied: 'redirect' } }],
  ['interior-designer', 'a redirect to /mb', { access: { denied: 'redirect' } }],
  ['travely', 'a redirect to /mb', { access: { denied: 'redirect' } }],
  [
    'poodletime',
    "a redirect to /mb, 'Checking authorization...' then 'Loading...'",
    {
      access: { denied: 'redirect', checkingText: 'Checking authorization...' },
      display: { loadingText: 'Loading...' },
    },
  ],
];

const COMPOSER: Requirement[] = [
  ...AGENT_PAGES.map((id): Requirement => [
    id,
    'Enter sends, a 50 to 150 px text area with its hints, attaching uploads (the design: the spec only named the file)',
    {
      input: {
        send: 'enter',
        placeholder: 'Type a message...',
        hint: 'Press Enter to send, Shift+Enter for new line',
        busyHint: 'Processing...',
        minHeight: 50,
        maxHeight: 150,
        attach: 'upload',
      },
    },
  ]),
  [
    'mbhealth',
    'Shift+Enter sends, 3 rows of at least 80 px, attaching uploads (the design: the spec alerted it was not implemented)',
    {
      input: {
        send: 'shift-enter',
        placeholder: 'Happy to help... (Shift+Enter to send)',
        rows: 3,
        minHeight: 80,
        attach: 'upload',
      },
    },
  ],
  [
    'poodletime',
    'Shift+Enter sends, 3 rows of at least 80 px, attaching uploads (the design: the spec alerted it was not implemented)',
    {
      input: {
        send: 'shift-enter',
        placeholder: "Ask about your dog's health, nutrition, or product recommendations... (Shift+Enter to send)",
        rows: 3,
        minHeight: 80,
        attach: 'upload',
      },
    },
  ],
];

const CONVERSATION: Requirement[] = [
  [
    'mbhealth',
    "greeting 'Hello, {name}! How can I help?', titles of 50 characters, its empty-reply text",
    {
      conversation: {
        greeting: 'Hello, {name}! How can I help?',
        session: { titleMaxLength: 50 },
        emptyReply: 'I apologize, but I encountered an error processing your request.',
      },
    },
  ],
  ['moisture-control', 'a pasted configuration replaces the persona', { conversation: { reconfigurable: true } }],
  ['interior-designer', 'a pasted configuration replaces the persona', { conversation: { reconfigurable: true } }],
  ['doctor', 'a pasted configuration replaces the persona', { conversation: { reconfigurable: true } }],
  ['mbhealth', 'pasted JSON is an ordinary message', { conversation: { reconfigurable: false } }],
  ['travely', 'pasted JSON is an ordinary message', { conversation: { reconfigurable: false } }],
  ['poodletime', 'pasted JSON is an ordinary message', { conversation: { reconfigurable: false } }],
  [
    'travely',
    'a session on New Chat or on the first message',
    { conversation: { session: { createOn: 'new-chat-or-first-message' } } },
  ],
  ...(['mbhealth', 'moisture-control', 'interior-designer', 'doctor', 'poodletime'] as SpecAgent[]).map(
    (id): Requirement => [
      id,
      'a session on the first message',
      { conversation: { session: { createOn: 'first-message' } } },
    ],
  ),
];

const ERRORS: Requirement[] = [
  ['moisture-control', 'errors as a red notice', { errors: { style: 'notice' } }],
  ['doctor', 'errors as a red notice', { errors: { style: 'notice' } }],
  [
    'travely',
    "errors as a red notice; its own 'could not create a session' text",
    { errors: { style: 'notice', createSessionText: 'Failed to create a new chat session.' } },
  ],
  [
    'poodletime',
    'errors as an assistant apology',
    {
      errors: {
        style: 'apology',
        text: "I'm sorry, I encountered an error processing your request. Please try again.",
      },
    },
  ],
  [
    'interior-designer',
    'errors as a toast',
    { errors: { style: 'toast', text: 'Failed to get a response. Please try again.' } },
  ],
  ['mbhealth', 'errors as a toast', { errors: { style: 'toast' } }],
];

const ROUTING: Requirement[] = [
  ['moisture-control', 'the completions call directly', { routing: { strategy: 'completions', fallback: [] } }],
  ['interior-designer', 'the completions call directly', { routing: { strategy: 'completions', fallback: [] } }],
  ['doctor', 'the completions call directly', { routing: { strategy: 'completions', fallback: [] } }],
  [
    'mbhealth',
    'the assistant call with the last 10 messages, then completions',
    { routing: { strategy: 'assistant', history: 10, fallback: ['completions'] } },
  ],
  [
    'travely',
    'web search or the assistant first, then completions',
    { routing: { strategy: 'search-first', fallback: ['assistant', 'completions'] } },
  ],
  [
    'poodletime',
    'web search or the assistant first, then completions',
    { routing: { strategy: 'search-first', fallback: ['assistant', 'completions'] } },
  ],
];

describe('Shipped agents conform to the spec', () => {
  it.each([...ROUTES, ...PAGE_TEXTS, ...ACCESS, ...COMPOSER, ...CONVERSATION, ...ERRORS, ...ROUTING])(
    '%s: %s',
    (id, _requirement, expected) => {
      expect(shipped(id)).toMatchObject(expected);
    },
  );

  it.each(AGENT_PAGES)("%s: the default copy toast 'Content Copied'", (id) => {
    expect(shipped(id).display.copyToast).toBeUndefined();
  });

  it.each([
    [
      'travely',
      'case-sensitive',
      ['latest', 'current', 'recent', 'today', 'prices', 'flights', 'hotels', 'weather', 'events'],
    ],
    [
      'poodletime',
      'lower-case',
      [
        'recommend',
        'product',
        'buy',
        'latest',
        'best',
        'review',
        'current',
        'new',
        'food',
        'treat',
        'supplement',
        'brand',
      ],
    ],
  ])('%s: searches the web on the spec keywords, matched %s', (id, match, keywords) => {
    const search = shipped(id).routing.search;
    expect(search?.match).toBe(match);
    expect([...(search?.keywords ?? [])].sort()).toEqual([...keywords].sort());
  });

  it('mbhealth: the greeting names the one person it is for', () => {
    expect(shipped('mbhealth').conversation.audience?.name).toMatch(/\S/);
  });

  it('the hub shows Moisture Control, Interior Designer, The Doctor, Travely and PoodleTime, in that order', () => {
    const cards: Array<[SpecAgent, string, string]> = [
      ['moisture-control', 'Moisture Control', '/moisture-control'],
      ['interior-designer', 'Interior Designer', '/interior-designer'],
      ['doctor', 'The Doctor', '/doctor'],
      ['travely', 'Travely', '/travely'],
      ['poodletime', 'PoodleTime', '/poodletime'],
    ];
    expect(cards.map(([id]) => [shipped(id).display.name, shipped(id).routes[0]])).toEqual(
      cards.map(([, name, route]) => [name, route]),
    );
    const orders = cards.map(([id]) => shipped(id).display.hub?.order ?? NaN);
    expect(orders.every(Number.isInteger)).toBe(true);
    expect(orders.every((order, i) => i === 0 || order > orders[i - 1])).toBe(true);
    expect(shipped('mbhealth').display.hub).toBeUndefined();
  });

  it('only mbhealth has a side-menu link among the spec agents (MB, About and CTZN are the site own)', () => {
    const withMenu = (['mbhealth', ...AGENT_PAGES, 'poodletime'] as SpecAgent[]).filter(
      (id) => shipped(id).display.menu,
    );
    expect(withMenu).toEqual(['mbhealth']);
  });

  it('travely answers assistant calls that name no agent (the default assistantType)', () => {
    const defaults = agentIdsIn(defaultAgentsDir)
      .filter((id) => shipped(id).routing.assistantDefault)
      .sort((a, b) => a.localeCompare(b));
    expect(defaults[0]).toBe('travely');
  });
});
