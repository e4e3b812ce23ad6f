import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AppError } from '../common/app-error';
import { AccessService } from './access.service';
import { IS_PUBLIC } from './public.decorator';
import { setViewer } from './viewer';

/** Registered globally: a route is private unless it is marked @Public(). */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<Request>();
    const viewer = this.access.viewerOf(request);
    if (viewer) setViewer(request, viewer);
    if (isPublic || viewer) return true;
    throw new AppError('ACCESS_REQUIRED', 'Please enter the access code to view this page.');
  }
}
