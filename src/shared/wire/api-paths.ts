/**
 * Paths that belong to the API, never answered with the single-page app: the server's fallback
 * (plugins/client.ts) and the service worker's navigation fallback (client/sw.ts) both read it.
 */
export const API_PREFIXES = ['/api/', '/users/', '/modules/', '/rest-auth/'];
