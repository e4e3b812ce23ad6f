import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { rowsOf } from '../common/sql-rows';
import { chatVisible, type ChatScope } from '../sessions';

/** A fact an agent keeps for its owner. */
export interface MemoryFact {
  id: string;
  text: string;
  origin: 'chat' | 'import';
  /** The chat it was kept in, while that chat exists. */
  sourceSessionId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A fact with its chat as a viewer sees it: the chat's title when they may read it. */
export interface ListedFact extends MemoryFact {
  sourceTitle: string | null;
}

/** Whose facts: an agent's for one owner (ownerOf a viewer: a person's id, 'guest', or null for the circle). */
export interface FactOwner {
  agentId: string;
  owner: string | null;
}

export type Added = { kind: 'added'; fact: MemoryFact } | { kind: 'duplicate'; fact: MemoryFact } | { kind: 'full' };

interface FactRow {
  id: string;
  text: string;
  origin: 'chat' | 'import';
  source_session_id: string | null;
  created_at: Date;
  updated_at: Date;
  source_title?: string | null;
}

const toFact = (row: FactRow): MemoryFact => ({
  id: row.id,
  text: row.text,
  origin: row.origin,
  sourceSessionId: row.source_session_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const COLUMNS = 'f.id, f.text, f.origin, f.source_session_id, f.created_at, f.updated_at';
const OWNED = 'f.agent_id = $1 AND f.owner IS NOT DISTINCT FROM $2';

/** The same fact, whatever its spacing and letter case. */
const sameText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The SQL of memory facts. Adding one is counted and checked under a lock, so two at once never pass the limit. */
@Injectable()
export class MemoryStore {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Oldest first. */
  async list({ agentId, owner }: FactOwner): Promise<MemoryFact[]> {
    const rows = await this.db.query<FactRow[]>(
      `SELECT ${COLUMNS} FROM agent_memory_facts f WHERE ${OWNED} ORDER BY f.created_at, f.id`,
      [agentId, owner],
    );
    return rows.map(toFact);
  }

  /** Oldest first, each with its chat's title when the scope sees that chat. */
  async listed({ agentId, owner }: FactOwner, scope: ChatScope): Promise<ListedFact[]> {
    const rows = await this.db.query<FactRow[]>(
      `SELECT ${COLUMNS}, CASE WHEN ${chatVisible('s', '$3', '$4')} THEN s.title END AS source_title
       FROM agent_memory_facts f LEFT JOIN chat_sessions s ON s.id = f.source_session_id
       WHERE ${OWNED} ORDER BY f.created_at, f.id`,
      [agentId, owner, scope.owner, scope.hiddenAgents],
    );
    return rows.map((row) => ({ ...toFact(row), sourceTitle: row.source_title ?? null }));
  }

  /** Keeps a fact unless the owner has it already or has `maxFacts`: old facts are never dropped to make room. */
  add(
    who: FactOwner,
    text: string,
    origin: MemoryFact['origin'],
    source: string | null,
    maxFacts: number,
  ): Promise<Added> {
    return this.db.transaction(async (tx) => {
      await this.lock(tx, who);
      const facts = (
        await tx.query<FactRow[]>(`SELECT ${COLUMNS} FROM agent_memory_facts f WHERE ${OWNED}`, [
          who.agentId,
          who.owner,
        ])
      ).map(toFact);
      const same = facts.find((fact) => sameText(fact.text) === sameText(text));
      if (same) return { kind: 'duplicate', fact: same };
      if (facts.length >= maxFacts) return { kind: 'full' };
      return { kind: 'added', fact: await this.insert(tx, who, text, origin, source) };
    });
  }

  /** Imports facts in order while there is room: answers how many were kept, already known, and left out. */
  addMany(
    who: FactOwner,
    facts: Array<{ text: string; createdAt: Date; updatedAt: Date }>,
    maxFacts: number,
  ): Promise<{ imported: number; duplicates: number; refused: number }> {
    return this.db.transaction(async (tx) => {
      await this.lock(tx, who);
      const known = new Set(
        (
          await tx.query<FactRow[]>(`SELECT ${COLUMNS} FROM agent_memory_facts f WHERE ${OWNED}`, [
            who.agentId,
            who.owner,
          ])
        ).map((row) => sameText(row.text)),
      );
      const counts = { imported: 0, duplicates: 0, refused: 0 };
      for (const fact of facts) {
        if (known.has(sameText(fact.text))) counts.duplicates++;
        else if (known.size >= maxFacts) counts.refused++;
        else {
          await this.insert(tx, who, fact.text, 'import', null, fact.createdAt, fact.updatedAt);
          known.add(sameText(fact.text));
          counts.imported++;
        }
      }
      return counts;
    });
  }

  async update(who: FactOwner, id: string, text: string): Promise<MemoryFact | undefined> {
    const rows = await this.rows(
      `UPDATE agent_memory_facts f SET text = $4, updated_at = $5 WHERE ${OWNED} AND f.id = $3 RETURNING ${COLUMNS}`,
      [who.agentId, who.owner, id, text, this.clock.now()],
    );
    return rows[0] && toFact(rows[0]);
  }

  async remove(who: FactOwner, id: string): Promise<MemoryFact | undefined> {
    const rows = await this.rows(`DELETE FROM agent_memory_facts f WHERE ${OWNED} AND f.id = $3 RETURNING ${COLUMNS}`, [
      who.agentId,
      who.owner,
      id,
    ]);
    return rows[0] && toFact(rows[0]);
  }

  async removeAll(who: FactOwner): Promise<number> {
    const rows = await this.rows(`DELETE FROM agent_memory_facts f WHERE ${OWNED} RETURNING f.id`, [
      who.agentId,
      who.owner,
    ]);
    return rows.length;
  }

  private rows(sql: string, parameters: unknown[]): Promise<FactRow[]> {
    return rowsOf<FactRow>(this.db, this.db.manager, sql, parameters);
  }

  private async lock(tx: EntityManager, { agentId, owner }: FactOwner): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || $1, 0))`, [
      `memory:${agentId}:${owner ?? ''}`,
    ]);
  }

  private async insert(
    tx: EntityManager,
    { agentId, owner }: FactOwner,
    text: string,
    origin: MemoryFact['origin'],
    source: string | null,
    createdAt = this.clock.now(),
    updatedAt = createdAt,
  ): Promise<MemoryFact> {
    const [row] = await tx.query<FactRow[]>(
      `INSERT INTO agent_memory_facts AS f (id, agent_id, owner, text, origin, source_session_id, created_at, updated_at)
       VALUES ($3, $1, $2, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [agentId, owner, randomUUID(), text, origin, source, createdAt, updatedAt],
    );
    return toFact(row);
  }
}
