import { createHash } from 'node:crypto';

/** What the API takes as a function's name. */
const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A name the model's API accepts for a tool, unique among `taken`: built-ins keep theirs; an MCP tool becomes
 * "<server>__<tool>" with other characters as "_", and a short hash of its full name when that is too long or
 * clashes, so two servers' tools never share a name.
 */
export function functionName(full: string, preferred: string, taken: Set<string>): string {
  let name = preferred.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (!VALID.test(name) || taken.has(name)) {
    const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
    name = `${name.slice(0, 55)}_${hash}`;
  }
  taken.add(name);
  return name;
}
