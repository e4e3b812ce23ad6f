import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import type { CheckAccessResponse } from '@mb/contracts/types/wire/check-access-response';
import type { GrantAccessRequest } from '@mb/contracts/types/wire/grant-access-request';
import type { GrantAccessResponse } from '@mb/contracts/types/wire/grant-access-response';
import { AccessService } from './access.service';
import { Public } from './public.decorator';

@Controller('auth')
export class AccessController {
  constructor(private readonly access: AccessService) {}

  @Public()
  @Get('check-access')
  @Answers({ summary: 'Whether this browser holds access', json: 'wire/check-access-response' })
  checkAccess(@Req() req: Request): CheckAccessResponse {
    return { authorized: this.access.isAuthorized(req) };
  }

  @Public()
  @Post('grant-access')
  @HttpCode(200)
  @Answers({
    summary: 'Grant this browser access with the shared access code (sets the access cookie)',
    json: 'wire/grant-access-response',
    errors: ['ACCESS_DENIED', 'TOO_MANY_ATTEMPTS'],
  })
  async grantAccess(
    @Body(validBody('grant-access-request')) body: GrantAccessRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GrantAccessResponse> {
    await this.access.grant(body.passcode, req, res);
    return { success: true };
  }

  @Post('revoke-access')
  @HttpCode(200)
  @Answers({ summary: "Forget this browser's access (clears the access cookie)", json: 'wire/grant-access-response' })
  revokeAccess(@Res({ passthrough: true }) res: Response): GrantAccessResponse {
    this.access.revoke(res);
    return { success: true };
  }
}
