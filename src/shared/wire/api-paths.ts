// API paths, never answered with the app: read by the server's fallback (plugins/client.ts) and
// the service worker's (client/sw.ts).
export const API_PREFIXES = ['/api/', '/users/', '/modules/', '/rest-auth/'];
