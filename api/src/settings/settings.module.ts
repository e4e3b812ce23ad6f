import { Module } from '@nestjs/common';
import { LlmModule } from '../llm';
import { SettingsController } from './settings.controller';

@Module({ imports: [LlmModule], controllers: [SettingsController] })
export class SettingsModule {}
