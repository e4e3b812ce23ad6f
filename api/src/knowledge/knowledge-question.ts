import { messageText, type ModelMessage } from '../llm';
import type { KnowledgeQuestion } from './agent-knowledge.service';

/** What of the conversation before the question helps choose passages: its last messages, this long at most. */
const RECENT_MESSAGES = 3;
const RECENT_CHARS = 2_000;

/** What a call asks the knowledge with: its newest message when the user's, and the few messages before it. */
export function knowledgeQuestion(conversation: ModelMessage[]): KnowledgeQuestion {
  const newest = conversation.at(-1);
  return {
    question: newest?.role === 'user' ? newest.content : '',
    recent: conversation
      .slice(-1 - RECENT_MESSAGES, -1)
      .map(messageText)
      .join('\n')
      .slice(-RECENT_CHARS),
  };
}
