/** The spec's title rule: the first message cut to the agent's length, plus an ellipsis when longer. */
export function sessionTitle(firstMessage: string, maxLength: number): string {
  const characters = Array.from(firstMessage.trim().replace(/\s+/g, ' '));
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join('')}...` : characters.join('');
}
