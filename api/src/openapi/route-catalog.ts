import { Injectable, ParseUUIDPipe, RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../access';
import { API_PREFIX, OPENAI_API_ROOT } from '../common/api-prefix';
import type { ErrorCode } from '../common/app-error';
import { ANSWER_DOC, HEADER_DOCS, type AnswerDoc, type HeaderDoc } from '../common/route-docs';
import { SchemaBodyPipe } from '../common/schema-body.pipe';

export interface RouteParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  description?: string;
  /** A JSON Schema format the value must have (a UUID path parameter). */
  format?: string;
}

/** One route as Nest will register it, with everything it declares about itself. */
export interface CatalogRoute {
  method: string;
  /** Express-style, with the global prefix: "/api/chat/sessions/:id". */
  path: string;
  /** "ChatSessionsController.list", for messages. */
  handlerName: string;
  operationId: string;
  isPublic: boolean;
  /** The success status: @HttpCode, else Nest's default (201 for POST, 200 otherwise). */
  status: number;
  answer?: AnswerDoc;
  /** $id of the schema the body is validated with (validBody). */
  bodySchema?: string;
  /** The route reads a body without a schema: the document cannot describe it. */
  unvalidatedBody: boolean;
  parameters: RouteParameter[];
  /** Codes the route may answer because of what it reads (a malformed id, header or query). */
  impliedErrors: ErrorCode[];
}

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Nest keeps a path as a string or a list of them (aliases); the document takes the first. */
const firstPath = (value: unknown): string => {
  const path: unknown = Array.isArray(value) ? value[0] : value;
  return typeof path === 'string' ? path : '';
};

/**
 * Every route of every controller, read from the metadata Nest registers routes from (paths, methods,
 * status codes, parameter decorators and their pipes) plus @Answers and @Public(): nothing is listed
 * by hand, so a new route is in the API document as soon as it exists.
 */
@Injectable()
export class RouteCatalog {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): CatalogRoute[] {
    return this.discovery.getControllers().flatMap((wrapper) => {
      const controller = wrapper.metatype as Type | null;
      if (!controller) return [];
      const prototype = controller.prototype as Record<string, unknown>;
      return this.scanner.getAllMethodNames(prototype).flatMap((name) => this.route(controller, name, prototype[name]));
    });
  }

  private route(controller: Type, name: string, handler: unknown): CatalogRoute[] {
    if (typeof handler !== 'function') return [];
    const methodPath: unknown = Reflect.getMetadata(PATH_METADATA, handler);
    if (methodPath === undefined) return [];
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    const controllerPath = firstPath(Reflect.getMetadata(PATH_METADATA, controller));
    // The OpenAI-compatible API is excluded from the global prefix (app.factory).
    const prefix = controllerPath === OPENAI_API_ROOT ? '' : API_PREFIX;
    const path = joinPath(prefix, controllerPath, firstPath(methodPath));
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArgument>;
    const headers = (Reflect.getMetadata(HEADER_DOCS, handler) as HeaderDoc[] | undefined) ?? [];
    const answer = this.reflector.get<AnswerDoc | undefined>(ANSWER_DOC, handler as () => unknown);
    const code: unknown = Reflect.getMetadata(HTTP_CODE_METADATA, handler);

    const parameters: RouteParameter[] = [];
    const impliedErrors: ErrorCode[] = [];
    let bodySchema: string | undefined;
    let unvalidatedBody = false;
    // Parameter decorators run last to first: list the parameters in the handler's order.
    for (const [key, argument] of Object.entries(args).sort(([, a], [, b]) => a.index - b.index)) {
      const type = Number(key.split(':')[0]) as RouteParamtypes;
      const pipes = argument.pipes ?? [];
      if (type === RouteParamtypes.BODY) {
        const pipe = pipes.find(
          (candidate): candidate is SchemaBodyPipe<unknown> => candidate instanceof SchemaBodyPipe,
        );
        if (pipe && argument.data === undefined) bodySchema = pipe.schemaId;
        else unvalidatedBody = true;
      } else if (type === RouteParamtypes.PARAM && typeof argument.data === 'string') {
        const uuid = pipes.some((pipe) => pipe instanceof ParseUUIDPipe);
        parameters.push({ in: 'path', name: argument.data, ...(uuid ? { format: 'uuid' } : {}) });
        if (pipes.length) impliedErrors.push('VALIDATION_FAILED');
      } else if (type === RouteParamtypes.QUERY && typeof argument.data === 'string') {
        parameters.push({ in: 'query', name: argument.data, description: answer?.query?.[argument.data] });
        impliedErrors.push('VALIDATION_FAILED');
      }
    }
    for (const header of headers) {
      parameters.push({ in: 'header', name: header.name, description: header.description });
      impliedErrors.push(...(header.errors ?? []));
    }
    // Path parameters read without a decorator are still part of the path.
    for (const [, param] of path.matchAll(/:(\w+)/g)) {
      if (!parameters.some((p) => p.in === 'path' && p.name === param)) parameters.push({ in: 'path', name: param });
    }

    return [
      {
        method,
        path,
        handlerName: `${controller.name}.${name}`,
        operationId: `${controller.name.replace(/Controller$/, '')}.${name}`,
        isPublic: Boolean(this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler as () => unknown, controller])),
        status: typeof code === 'number' ? code : method === 'POST' ? 201 : 200,
        answer,
        bodySchema,
        unvalidatedBody,
        parameters,
        impliedErrors,
      },
    ];
  }
}
