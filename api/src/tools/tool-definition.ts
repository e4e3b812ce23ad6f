/** A tool the model may call: its name and JSON Schema as the model sees them, and how it runs. */
export interface ToolDefinition {
  name: string;
  description: string;
  /** A JSON Schema of an object. */
  parameters: object;
  /** Untrusted arguments in, text out; throwing tells the model why (the reply goes on). */
  run(args: unknown, signal: AbortSignal): Promise<string>;
}

/** A built-in that cannot be offered here, and why (e.g. no search key). */
export interface UnavailableTool {
  name: string;
  reason: string;
}
