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
  checkPasswordCounted,
  endOtherAccess,
  hashPassword,
  issueCode,
  issueSession,
  limitCodeChecks,
  limitCodeMails,
  limitSessionPasswords,
  markMailboxProven,
  useCode,
  userView,
} from './accounts.service';
export { assertUncommonPassword } from './common-passwords';
export { type ClientInfo, clientInfoOf, recordSecurityEvent } from './account-events';
