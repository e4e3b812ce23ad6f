import type { INestApplication } from '@nestjs/common';

export interface RegisteredRoute {
  method: string;
  path: string;
}

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route Express ended up with, read from its router rather than from our own metadata. */
export function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  return express.router.stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((method) => method !== '_all')
          .map((method) => ({ method: method.toUpperCase(), path: layer.route!.path }))
      : [],
  );
}

/** A concrete URL for a route pattern: every `:param` gets a well-formed value. */
export const concretePath = (path: string) =>
  path.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000').replace(/:(\w+)/g, 'sample-$1');
