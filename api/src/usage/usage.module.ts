import { Module } from '@nestjs/common';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';
import { UsageStore } from './usage.store';

@Module({ controllers: [UsageController], providers: [UsageStore, UsageService] })
export class UsageModule {}
