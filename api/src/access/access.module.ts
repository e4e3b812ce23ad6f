import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessController } from './access.controller';
import { AccessGuard } from './access.guard';
import { AccessService } from './access.service';
import { WrongCodeThrottle } from './wrong-code-throttle';

@Module({
  controllers: [AccessController],
  providers: [AccessService, WrongCodeThrottle, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AccessService],
})
export class AccessModule {}
