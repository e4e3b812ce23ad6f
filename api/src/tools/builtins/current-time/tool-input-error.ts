/** Arguments the model sent that the tool cannot use; the message is written for the model to correct its call. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}
