export type McpCallFailureReason = 'timeout' | 'cancelled' | 'unavailable' | 'failed';

/**
 * A tool call that got no result: it ran out of time, was cancelled, found its server down or lost it, or the
 * server refused the request. (A tool that ran and reported an error resolves with `isError` instead.)
 * The message is a short sentence fit to show.
 */
export class McpCallFailed extends Error {
  override readonly name = 'McpCallFailed';

  constructor(
    readonly reason: McpCallFailureReason,
    message: string,
  ) {
    super(message);
  }
}
