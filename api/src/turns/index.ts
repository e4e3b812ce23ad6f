export { TurnsModule } from './turns.module';
export { ChatTurns } from './chat-turns.service';
export type { ActiveTurn } from './live/active-turns';
export type { ExternalMessage, KeptTurnRequest, UnkeptTurnRequest } from './opening/external-turn';
export type { TurnTuning, Unattended } from './run/opened-turn';
