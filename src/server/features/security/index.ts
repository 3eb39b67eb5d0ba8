export { type ClientInfo, clientInfoOf, recordSecurityEvent } from './security-events';
