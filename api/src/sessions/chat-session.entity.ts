import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AgentConfig } from '@mb/contracts/types/agent-config';

@Entity({ name: 'chat_sessions' })
export class ChatSessionEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'agent_type', type: 'varchar', length: 64 })
  agentType: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ name: 'system_prompt', type: 'text', nullable: true })
  systemPrompt: string | null;

  @Column({ type: 'text', nullable: true })
  summary: string | null;

  /** The order of the last message the summary covers: a refresh summarizes the summary and what came after. */
  @Column({ name: 'summary_through', type: 'integer', nullable: true })
  summaryThrough: number | null;

  /** A configuration pasted into this chat, replacing the agent's persona for it; null = the agent's own. */
  @Column({ type: 'jsonb', nullable: true })
  persona: AgentConfig | null;

  /** When the chat was pinned (listed first, newest pinned first); null when it is not pinned. */
  @Column({ name: 'pinned_at', type: 'timestamptz', nullable: true })
  pinnedAt: Date | null;

  /** The person who started the chat ('guest' for the guest space); null: from before people, shared with all. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  owner: string | null;

  /** Shared by its owner with the circle: everyone may read it, only the owner may change it. */
  @Column({ type: 'boolean', default: false })
  shared: boolean;

  @Column({ name: 'shared_by', type: 'varchar', length: 64, nullable: true })
  sharedBy: string | null;

  @Column({ name: 'shared_at', type: 'timestamptz', nullable: true })
  sharedAt: Date | null;

  /** A chat the OpenAI-compatible API kept: the name of the key it came through; null for the chat page's. */
  @Column({ name: 'api_key_name', type: 'varchar', length: 100, nullable: true })
  apiKeyName: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
