import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import type { GrantAccessRequest } from '@mb/contracts/types/wire/grant-access-request';
import type { GrantAccessResponse } from '@mb/contracts/types/wire/grant-access-response';
import type { CheckAccessResponse, SignedIn } from '@mb/contracts/types/wire/check-access-response';
import { AccessService } from './access.service';
import { Public } from './public.decorator';
import { maybeViewerOf, type Viewer } from './viewer';

const signedIn = (viewer: Viewer): SignedIn =>
  viewer.kind === 'person'
    ? { kind: 'person', personId: viewer.personId, firstName: viewer.firstName }
    : { kind: viewer.kind };

@Controller('auth')
export class AccessController {
  constructor(private readonly access: AccessService) {}

  @Public()
  @Get('check-access')
  @Answers({
    summary: 'Whether this browser holds access, and, once people are configured, who it signs in',
    json: 'wire/check-access-response',
  })
  checkAccess(@Req() req: Request): CheckAccessResponse {
    const viewer = maybeViewerOf(req);
    // Without people the answer is the spec's, one field.
    if (!this.access.peopleConfigured) return { authorized: viewer !== undefined };
    return viewer ? { authorized: true, people: true, viewer: signedIn(viewer) } : { authorized: false, people: true };
  }

  @Public()
  @Post('grant-access')
  @HttpCode(200)
  @Answers({
    summary:
      'Grant this browser access with the shared access code or, once people are configured, a personal code (sets the access cookie)',
    json: 'wire/grant-access-response',
    errors: ['ACCESS_DENIED', 'TOO_MANY_ATTEMPTS'],
  })
  async grantAccess(
    @Body(validBody('grant-access-request')) body: GrantAccessRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GrantAccessResponse> {
    const viewer = await this.access.grant(body.passcode, req, res);
    return this.access.peopleConfigured ? { success: true, viewer: signedIn(viewer) } : { success: true };
  }

  @Post('revoke-access')
  @HttpCode(200)
  @Answers({ summary: "Forget this browser's access (clears the access cookie)", json: 'wire/grant-access-response' })
  revokeAccess(@Res({ passthrough: true }) res: Response): GrantAccessResponse {
    this.access.revoke(res);
    return { success: true };
  }
}
