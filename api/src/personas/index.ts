export { PersonasModule } from './personas.module';
export { ChatPersonas } from './chat-personas.service';
export { personaOf } from './persona-in-force';
export { configurationRefused, readPersonaOverride } from './persona-override';
// The prompt builder lives in agents: agents' evals build the same prompt, and personas imports agents (no cycle).
export { personaPrompt } from '../agents';
