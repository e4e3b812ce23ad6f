/** The toasts and titles of a conversation's sessions and of the agent reconfigured. */
export const chatTexts = {
  sessionLoaded: { title: 'Session Loaded', description: 'The chat session was loaded.' },
  loadFailed: 'Failed to load the chat session. Please try again.',
  newSession: { title: 'New Session', description: 'Started a new chat session.' },
  sessionCreated: { title: 'Session Created', description: 'A new chat session was created.' },
  createFailed: 'Failed to create a new session. Please try again.',
  reconfigured: {
    title: 'Configuration Updated',
    description: 'The agent has been reconfigured with your JSON settings.',
  },
  newChatTitle: 'New Chat',
} as const;
