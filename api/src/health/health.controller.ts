import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from '../access';
import type { HealthResponse } from '@mb/contracts/types/wire/health-response';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';

@Controller('health')
export class HealthController {
  constructor(private readonly db: DataSource) {}

  @Public()
  @Get()
  @Answers({ summary: 'Whether the server and its database answer', json: 'wire/health-response' })
  async check(): Promise<HealthResponse> {
    try {
      await this.db.query('SELECT 1');
    } catch {
      throw new AppError('INTERNAL', 'The database is not answering');
    }
    return { status: 'ok' };
  }
}
