/** Arguments a tool cannot use (a bad expression, zone or URL): the message is written for the model to correct its call. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}
