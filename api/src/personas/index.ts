export { PersonasModule } from './personas.module';
export { ChatPersonas, type AppliedPersona, type PersonaSwitch, type SwitchedPersona } from './chat-personas.service';
export { comparePersonas } from './persona-changes';
export { personaOf } from './persona-in-force';
export {
  configurationRefused,
  MAX_PERSONA_JSON_LENGTH,
  readPersonaOverride,
  sizeProblem,
  type PersonaOverride,
} from './persona-override';
// The prompt builder lives in agents: agents' evals build the same prompt, and personas imports agents (no cycle).
export { personaPrompt } from '../agents';
