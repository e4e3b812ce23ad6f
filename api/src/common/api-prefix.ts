/** Every API route is under /api; the rest of the paths belong to the web app. */
export const API_PREFIX = 'api';
