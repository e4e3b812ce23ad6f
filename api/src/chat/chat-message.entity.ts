import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const MESSAGE_ROLES = ['system', 'user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

@Entity({ name: 'chat_messages' })
export class ChatMessageEntity {
  // bigint arrives from pg as a string, which is also how it is sent to clients.
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ type: 'varchar', length: 16 })
  role: MessageRole;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'integer' })
  order: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
