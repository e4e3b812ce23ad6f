import { Module } from '@nestjs/common';
import { AccessController } from './access.controller';
import { AccessGuard } from './access.guard';
import { AccessService } from './access.service';
import { PeopleRegistry } from './people/people.registry';
import { WrongCodeThrottle } from './wrong-code-throttle';

@Module({
  controllers: [AccessController],
  providers: [AccessService, WrongCodeThrottle, AccessGuard, PeopleRegistry],
  // AppModule makes the guard global, ahead of the body parser.
  exports: [AccessService, AccessGuard, PeopleRegistry],
})
export class AccessModule {}
