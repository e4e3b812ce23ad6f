/**
 * The session a chat page is showing, remembered per agent so a reload (even mid-reply) comes back
 * to it. Only the id is kept; the messages stay on the server.
 */
const storageName = (agentId: string) => `chat-session:${agentId}`;

export const savedSession = {
  read(agentId: string): string | null {
    try {
      return localStorage.getItem(storageName(agentId));
    } catch {
      return null;
    }
  },
  write(agentId: string, sessionId: string | null): void {
    try {
      if (sessionId) localStorage.setItem(storageName(agentId), sessionId);
      else localStorage.removeItem(storageName(agentId));
    } catch {
      // Storage may be unavailable (private mode, quota); the chat works without remembering.
    }
  },
};
