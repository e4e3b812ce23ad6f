import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { AgentDefinition } from '@mb/contracts/types/agent';

/**
 * Agents written for the tests, each named for the behaviour it exercises (an agent that "falls back
 * to completions", never a persona). Every test app loads them unless a test says otherwise, so
 * rewording a shipped persona never breaks a behaviour test.
 */
export const fixtureAgentsDir = join(__dirname, '..', 'fixtures', 'agents');

export const readAgentIn = (dir: string, id: string): AgentDefinition =>
  JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as AgentDefinition;

export const fixtureAgent = (id: string): AgentDefinition => readAgentIn(fixtureAgentsDir, id);

/** The ids of the agent files in a directory (the fixtures by default). */
export const agentIdsIn = (dir = fixtureAgentsDir): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => basename(name, '.json'));

/** The persona prompt opens with the agent's role description. */
export const roleOf = (id: string): string => fixtureAgent(id).persona.role_description.trim();
