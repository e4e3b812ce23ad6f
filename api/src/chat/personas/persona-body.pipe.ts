import type { AgentConfig } from '../../../../schemas/types/agent-config';
import { AppError } from '../../common/app-error';
import { formatProblem, schemas } from '../../common/json-schema';
import { SchemaBodyPipe } from '../../common/schema-body.pipe';

/** An agent configuration (agent-config.schema.json) as a request body. */
const APPLY_PERSONA_REQUEST = 'wire/apply-persona-request.schema.json';

/**
 * An agent configuration as a request body, refused in the words a pasted one is refused with in the
 * chat (chat-turns.service.ts): the same sentence, the same details, so the persona panel and the
 * composer tell a user the same thing (api/test/e2e/persona-history.e2e-spec.ts compares them).
 */
export class PersonaBodyPipe extends SchemaBodyPipe<AgentConfig> {
  constructor() {
    super(APPLY_PERSONA_REQUEST);
  }

  override transform(value: unknown): AgentConfig {
    const result = schemas.validate<AgentConfig>(APPLY_PERSONA_REQUEST, value === undefined ? {} : value);
    if (result.ok) return result.value;
    const problems = result.problems.map(formatProblem);
    throw new AppError('VALIDATION_FAILED', `This configuration was not applied: ${problems.join('; ')}`, problems);
  }
}
