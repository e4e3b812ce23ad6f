/** A tool's arguments are unusable (a bad URL, a refused address): the message is for the model to act on. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}
