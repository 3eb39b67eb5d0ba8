export { resetMail, verificationMail } from './account-emails';
export {
  type UserRow,
  findUserByEmail,
  findUserById,
  insertUser,
  liveTokensOf,
  loadUserView,
  revokeToken,
  setPasswordIfNone,
  upsertSupervisorProfile,
} from './accounts.repository';
export {
  type MailContext,
  dummyHash,
  endOtherAccess,
  hashPassword,
  issueCode,
  issueSession,
  markMailboxProven,
  recordLoginFailure,
  useCode,
  userView,
} from './accounts.service';
export { assertUncommonPassword } from './common-passwords';
export { lockoutKeys } from './login-lockout';
export { clearKeys, lockedUntil } from './login-lockout.repository';
export { type ClientInfo, clientInfoOf, recordSecurityEvent } from './account-events';
