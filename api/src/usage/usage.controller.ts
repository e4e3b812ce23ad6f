import { Controller, Get, Query } from '@nestjs/common';
import { CurrentViewer, type Viewer } from '../access';
import { Clock } from '../common/clock';
import { ChatAccess } from '../sessions';
import { Answers } from '../common/route-docs';
import type { UsageResponse } from '@mb/contracts/types/wire/usage-response';
import { MAX_RANGE_DAYS, parseUsageRange } from './usage-range';
import { UsageService } from './usage.service';

@Controller('usage')
export class UsageController {
  constructor(
    private readonly usage: UsageService,
    private readonly clock: Clock,
    private readonly access: ChatAccess,
  ) {}

  @Get()
  @Answers({
    summary: 'Tokens used by replies per UTC day and agent, and per agent with an estimated cost',
    json: 'wire/usage-response',
    description:
      `Both days are included; the range spans at most ${MAX_RANGE_DAYS} days. Once people are configured, over ` +
      'the chats the viewer may see.',
    query: {
      from: "First UTC day (YYYY-MM-DD); default the first day of `to`'s month.",
      to: 'Last UTC day (YYYY-MM-DD), included; default today.',
    },
  })
  get(@Query('from') from: unknown, @Query('to') to: unknown, @CurrentViewer() viewer: Viewer): Promise<UsageResponse> {
    return this.usage.usage(parseUsageRange(from, to, this.clock.now()), this.access.scope(viewer));
  }
}
