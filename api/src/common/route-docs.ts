import 'reflect-metadata';
import { SetMetadata } from '@nestjs/common';
import type { SchemaTypes } from '@mb/contracts/types/schema-types';
import type { ErrorCode } from './app-error';

/** A schema by its name under schemas/ ("agent", "wire/chat-session"), each with its generated type. */
export type SchemaName = keyof SchemaTypes;

export const ANSWER_DOC = 'openapi:answer';
export const HEADER_DOCS = 'openapi:headers';

interface AnswerBase {
  /** One line naming what the route does, for the API document. */
  summary: string;
  /** What else a caller should know. */
  description?: string;
  /** Error codes the route answers beyond those its declaration implies (access, body, parameters, headers). */
  errors?: readonly ErrorCode[];
  /** What each query parameter the route reads means. */
  query?: Readonly<Record<string, string>>;
  /** Headers a successful answer may carry, and their meaning. */
  headers?: Readonly<Record<string, string>>;
}

/** A JSON answer: one value of the schema, or a list of them. */
export interface JsonAnswer extends AnswerBase {
  json: SchemaName;
  list?: boolean;
}

/** Server-sent events, one JSON value of the schema per `data:` line. */
export interface EventsAnswer extends AnswerBase {
  events: SchemaName;
  /** When set, a 204 with no stream is also an answer, meaning this. */
  noContent?: string;
}

/** JSON, or server-sent events when the request asks for a stream (the handler writes either itself). */
export interface JsonOrEventsAnswer extends AnswerBase {
  json: SchemaName;
  events: SchemaName;
}

/** Anything else (a page, a script, this document): what each media type it may answer with holds. */
export interface OtherAnswer extends AnswerBase {
  content: Readonly<Record<string, string>>;
}

/** No body: 204. */
export interface EmptyAnswer extends AnswerBase {
  empty: true;
}

export type AnswerDoc = JsonAnswer | EventsAnswer | JsonOrEventsAnswer | OtherAnswer | EmptyAnswer;

type Handler<R> = (...args: never[]) => R | Promise<R>;
/** A method decorator that only fits a handler returning R: the declared answer is checked against the code. */
type AnswerDecorator<R> = (target: object, key: string | symbol, descriptor: { value?: Handler<R> }) => void;

/**
 * Names what a route answers, for GET /api/openapi.json. The answer's schema is tied to the handler's
 * return type by the compiler (through the types generated from the same schema), so the document
 * cannot promise one thing while the code returns another.
 */
export function Answers<N extends SchemaName>(
  doc: JsonAnswer & { json: N; list?: false },
): AnswerDecorator<SchemaTypes[N]>;
export function Answers<N extends SchemaName>(
  doc: JsonAnswer & { json: N; list: true },
): AnswerDecorator<SchemaTypes[N][]>;
export function Answers(doc: EventsAnswer | EmptyAnswer | JsonOrEventsAnswer): AnswerDecorator<void>;
export function Answers(doc: OtherAnswer): AnswerDecorator<unknown>;
export function Answers(doc: AnswerDoc): MethodDecorator {
  return SetMetadata(ANSWER_DOC, doc);
}

/** A request header a route reads, for the API document. */
export interface HeaderDoc {
  name: string;
  description: string;
  /** Error codes a route that reads this header may answer (e.g. the model's, for the user's model key). */
  errors?: readonly ErrorCode[];
}

/**
 * For a custom parameter decorator (createParamDecorator's enhancers): records the header it reads on
 * the route's handler, so the API document lists it with the route.
 */
export const documentsHeader =
  (doc: HeaderDoc) =>
  (target: object, key: string | symbol | undefined): void => {
    if (key === undefined) return;
    const handler = (target as Record<string | symbol, unknown>)[key];
    if (typeof handler !== 'function') return;
    const docs = (Reflect.getMetadata(HEADER_DOCS, handler) as HeaderDoc[] | undefined) ?? [];
    Reflect.defineMetadata(HEADER_DOCS, [...docs, doc], handler);
  };
