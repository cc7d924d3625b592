// Decision 0057's check of the current password lives in auth (auth/current-password.ts), beside the password and
// the sign-in limiter it uses, so the two-factor routes use it without importing from users.
export { assertCurrentPassword } from '../auth/current-password.ts';
