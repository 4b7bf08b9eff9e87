// What the browser keeps between pages (spec section 4): the sign-in token (first the
// temporary token of step 1, then the session token once the code is accepted) and the
// temporary reset token, both in local storage.

const signInKey = 'token';
const resetKey = 'resetToken';

export const session = {
  token: (): string | null => localStorage.getItem(signInKey),
  setToken: (token: string) => localStorage.setItem(signInKey, token),
  resetToken: (): string | null => localStorage.getItem(resetKey),
  setResetToken: (token: string) => localStorage.setItem(resetKey, token),
  clearResetToken: () => localStorage.removeItem(resetKey),
  /** Logout and an expired session forget everything the browser kept. */
  clearAll: () => {
    localStorage.clear();
    sessionStorage.clear();
  },
};
