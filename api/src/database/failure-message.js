// @ts-check
/**
 * PGlite can fail with values that are not Errors (an Emscripten exit status, a plain object): say what
 * they hold rather than "[object Object]".
 * @param {unknown} error
 */
function messageOf(error) {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { message, status } = /** @type {{ message?: unknown, status?: unknown }} */ (error);
    if (typeof message === 'string') return message;
    if (status !== undefined) return `the database engine exited with status ${String(status)}`;
    try {
      return JSON.stringify(error);
    } catch {
      return `a failure with the fields ${Object.keys(error).join(', ') || '(none)'}`;
    }
  }
  return String(error);
}

module.exports = { messageOf };
