import type { AgentConfig } from '@mb/contracts/types/agent-config';
import { formatProblem, schemas } from '../common/json-schema';
import { SchemaBodyPipe } from '../common/schema-body.pipe';
import { configurationRefused, sizeProblem } from './persona-override';

/** An agent configuration (agent-config.schema.json) as a request body. */
const APPLY_PERSONA_REQUEST = 'wire/apply-persona-request.schema.json';

/**
 * An agent configuration as a request body, refused as a pasted one is (configurationRefused): the same
 * sentence, the same details, so the persona panel and the composer tell a user the same thing.
 */
export class PersonaBodyPipe extends SchemaBodyPipe<AgentConfig> {
  constructor() {
    super(APPLY_PERSONA_REQUEST);
  }

  override transform(value: unknown): AgentConfig {
    // The cap a pasted configuration has, so whatever the panel applies can be pasted back.
    const tooLong = sizeProblem(JSON.stringify(value ?? {}).length);
    if (tooLong) throw configurationRefused([tooLong]);
    const result = schemas.validate<AgentConfig>(APPLY_PERSONA_REQUEST, value === undefined ? {} : value);
    if (result.ok) return result.value;
    throw configurationRefused(result.problems.map(formatProblem));
  }
}
