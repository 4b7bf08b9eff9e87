/** What the sign-in, reset and token calls answer (the spec leaves these wordings to us). */
export const messages = {
  wrongCredentials: 'Invalid admin ID or password',
  wrongCode: 'The code is not correct',
  noTriesLeft: 'The code is not correct and no tries are left. Please start again.',
  tokenMissing: 'Please log in to continue',
  tokenInvalid: 'Invalid or expired token. Please log in again.',
  codeExpired: 'The code has expired. Please start again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  logoutApiToken: 'API tokens are not logged out: revoke them with DELETE /api/admin/tokens/{id}',
  tokenNotFound: 'API token not found',
} as const;
