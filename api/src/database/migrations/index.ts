import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { TurnState1763800000000 } from './1763800000000-turn-state';
import { StreamingReplies1763900000000 } from './1763900000000-streaming-replies';
import { ReplyUsage1764000000000 } from './1764000000000-reply-usage';
import { PersonaHistory1764100000000 } from './1764100000000-persona-history';
import { MessageSearch1764200000000 } from './1764200000000-message-search';
import { SessionPins1764300000000 } from './1764300000000-session-pins';
import { MessageVersions1764400000000 } from './1764400000000-message-versions';
import { StopRequests1764500000000 } from './1764500000000-stop-requests';
import { Attachments1764600000000 } from './1764600000000-attachments';
import { ToolCalls1764700000000 } from './1764700000000-tool-calls';
import { People1764800000000 } from './1764800000000-people';
import { Knowledge1764900000000 } from './1764900000000-knowledge';
import { Memory1765000000000 } from './1765000000000-memory';
import { ApiKeys1765100000000 } from './1765100000000-api-keys';
import { KnowledgeWords1765200000000 } from './1765200000000-knowledge-words';

/** Every migration, oldest first; both database modes run exactly these. */
export const migrations = [
  InitialSchema1763700000000,
  TurnState1763800000000,
  StreamingReplies1763900000000,
  ReplyUsage1764000000000,
  PersonaHistory1764100000000,
  MessageSearch1764200000000,
  SessionPins1764300000000,
  MessageVersions1764400000000,
  StopRequests1764500000000,
  Attachments1764600000000,
  ToolCalls1764700000000,
  People1764800000000,
  Knowledge1764900000000,
  Memory1765000000000,
  ApiKeys1765100000000,
  KnowledgeWords1765200000000,
];
