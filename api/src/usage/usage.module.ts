import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';
import { UsageStore } from './usage.store';

@Module({ imports: [SessionsModule], controllers: [UsageController], providers: [UsageStore, UsageService] })
export class UsageModule {}
