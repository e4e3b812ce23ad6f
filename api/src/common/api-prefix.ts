/** Every API route is under /api; the rest of the paths belong to the web app. */
export const API_PREFIX = 'api';

/** The OpenAI-compatible API's root, outside the /api prefix where OpenAI clients expect it (a base URL ending in /v1). */
export const OPENAI_API_ROOT = 'v1';
