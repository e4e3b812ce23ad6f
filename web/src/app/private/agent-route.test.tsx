import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Toasts from '../../components/toast/toasts';
import { queryClient } from '../../lib/query-client';
import { json, stubApi } from '../../test/stub-api';
import { testAgent } from '../../test/test-agent';
import AgentRoute from './agent-route';

vi.mock('../../components/toast/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  toast: vi.fn(),
}));

const check = 'GET /api/auth/check-access';
const grant = 'POST /api/auth/grant-access';
const agentsList = 'GET /api/agents';
const definition = 'GET /api/agents/sample';

const passcodeAgent = testAgent({
  denied: 'passcode',
  passcode: {
    title: 'Sample Title',
    subtitle: 'A sample subtitle',
    placeholder: 'Enter the code',
    button: 'Open Sample',
    busyButton: 'Checking the code...',
    welcome: 'Welcome to Sample',
  },
  persistFlag: false,
});
const restricted = { ...passcodeAgent, restricted: true };

const ben = { authorized: true, people: true, viewer: { kind: 'person', personId: 'ben', firstName: 'Ben' } };
const sentence = 'This assistant is meant for someone else in the circle.';

function renderAgentPage() {
  return render(
    <MemoryRouter initialEntries={['/sample']}>
      <AgentRoute />
    </MemoryRouter>,
  );
}

describe('the page of an agent meant for someone else', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('says so, with a link back to the hub, to a person it is not for', async () => {
    stubApi({ [check]: () => json(ben), [agentsList]: () => json([restricted]) });
    renderAgentPage();

    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sample' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your assistants' })).toHaveAttribute('href', '/mb');
  });

  it('says so too when the server refuses the agent the list did not mark', async () => {
    stubApi({
      [check]: () => json(ben),
      [agentsList]: () => json([passcodeAgent]),
      [definition]: () => json({ statusCode: 403, code: 'FORBIDDEN' }, 403),
    });
    renderAgentPage();

    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });

  it('asks for the code as usual before access, and opens for the person it is for', async () => {
    let signedIn = false;
    const calls = stubApi({
      [check]: () =>
        json(
          signedIn
            ? { ...ben, viewer: { ...ben.viewer, personId: 'anna', firstName: 'Anna' } }
            : {
                authorized: false,
                people: true,
              },
        ),
      // Before access every agent with an audience is marked; after, only those meant for someone else.
      [agentsList]: () => json([signedIn ? passcodeAgent : restricted]),
      [grant]: () => {
        signedIn = true;
        return json({ success: true, viewer: { kind: 'person', personId: 'anna', firstName: 'Anna' } });
      },
      [definition]: () => new Promise(() => {}),
    });
    renderAgentPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sample Title' })).toBeInTheDocument();
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Access code'), { target: { value: 'anna-code' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open Sample' }));

    // The chat's definition is asked for: the page is on its way to the chat, not the sentence.
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/agents/sample')).toBe(true));
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();
  });
});
