export { MemoryModule } from './memory.module';
export { AgentMemory, MemoryRefusal, type MemoryGrounding } from './agent-memory.service';
export { memorySettingsOf, type MemorySettings } from './memory-settings';
