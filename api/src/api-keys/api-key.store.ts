import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rowsOf } from '../common/sql-rows';

/** A key as stored: everything but its hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  /** null: every agent its owner may use. */
  agents: string[] | null;
  allowConfirmTools: boolean;
  requestsPerMinute: number | null;
  /** What its creator's viewer stores as owner (ownerOf): a person's id, 'guest', or null for the circle. */
  ownerId: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  tokensUsed: number;
  revokedAt: Date | null;
}

export type NewApiKey = Omit<ApiKeyRecord, 'lastUsedAt' | 'tokensUsed' | 'revokedAt'> & { hash: Buffer };

/** A key presented to /v1, as the database found it: usable (and its use recorded), or why not. */
export type PresentedKey =
  { kind: 'usable'; key: ApiKeyRecord } | { kind: 'revoked' | 'expired'; key: ApiKeyRecord } | { kind: 'unknown' };

const COLUMNS = `id, name, prefix, agents, allow_confirm_tools, requests_per_minute, owner_id, expires_at, created_at,
  last_used_at, tokens_used, revoked_at`;

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  agents: string[] | null;
  allow_confirm_tools: boolean;
  requests_per_minute: number | null;
  owner_id: string | null;
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  tokens_used: string;
  revoked_at: Date | null;
}

const toRecord = (row: KeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  agents: row.agents,
  allowConfirmTools: row.allow_confirm_tools,
  requestsPerMinute: row.requests_per_minute,
  ownerId: row.owner_id,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  tokensUsed: Number(row.tokens_used),
  revokedAt: row.revoked_at,
});

/**
 * The key found by its hash (the unique index) and, when it may be used, its use recorded, in one statement: every
 * request to /v1 reads the database, so a revocation holds at once on every replica, for one indexed round trip.
 */
const PRESENT = `
  WITH found AS (SELECT ${COLUMNS} FROM api_keys WHERE secret_hash = $1),
  touched AS (
    UPDATE api_keys SET last_used_at = $2 FROM found
    WHERE api_keys.id = found.id AND found.revoked_at IS NULL AND (found.expires_at IS NULL OR found.expires_at > $2)
    RETURNING api_keys.id
  )
  SELECT found.*, EXISTS (SELECT 1 FROM touched) AS usable FROM found`;

/** The SQL of API keys. Keys are listed and revoked within their owner's (ownerOf of the viewer) scope. */
@Injectable()
export class ApiKeyStore {
  constructor(private readonly db: DataSource) {}

  async insert(key: NewApiKey): Promise<ApiKeyRecord> {
    const [row] = await this.rows<KeyRow>(
      `INSERT INTO api_keys (id, name, prefix, secret_hash, agents, allow_confirm_tools, requests_per_minute,
         owner_id, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
      [
        key.id,
        key.name,
        key.prefix,
        key.hash,
        key.agents,
        key.allowConfirmTools,
        key.requestsPerMinute,
        key.ownerId,
        key.expiresAt,
        key.createdAt,
      ],
    );
    return toRecord(row);
  }

  /** The owner's keys, newest first (revoked ones too, marked). */
  async list(ownerId: string | null): Promise<ApiKeyRecord[]> {
    const rows = await this.rows<KeyRow>(
      `SELECT ${COLUMNS} FROM api_keys WHERE owner_id IS NOT DISTINCT FROM $1 ORDER BY created_at DESC, id DESC`,
      [ownerId],
    );
    return rows.map(toRecord);
  }

  /** Revokes the owner's key (a key revoked already keeps its time); null when the owner has no such key. */
  async revoke(id: string, ownerId: string | null, now: Date): Promise<ApiKeyRecord | null> {
    const [row] = await this.rows<KeyRow>(
      `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $3)
       WHERE id = $1 AND owner_id IS NOT DISTINCT FROM $2 RETURNING ${COLUMNS}`,
      [id, ownerId, now],
    );
    return row ? toRecord(row) : null;
  }

  async present(hash: Buffer, now: Date): Promise<PresentedKey> {
    const [row] = await this.rows<KeyRow & { usable: boolean }>(PRESENT, [hash, now]);
    if (!row) return { kind: 'unknown' };
    const key = toRecord(row);
    if (row.usable) return { kind: 'usable', key: { ...key, lastUsedAt: now } };
    return { kind: key.revokedAt ? 'revoked' : 'expired', key };
  }

  /** Adds a reply's tokens (every model call it made) to the key's count. */
  async addTokens(id: string, tokens: number): Promise<void> {
    if (tokens > 0) await this.rows(`UPDATE api_keys SET tokens_used = tokens_used + $2 WHERE id = $1`, [id, tokens]);
  }

  private rows<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    return rowsOf<T>(this.db, this.db.manager, sql, parameters);
  }
}
