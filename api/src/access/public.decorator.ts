import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'access:public';

/** Marks a route as reachable without the access code; every other route needs it. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
