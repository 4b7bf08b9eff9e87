import type { Admin, ApiToken } from '../entities/admin.js';
import type {
  ApiTokenCreateInput,
  ForgetPasswordInput,
  LoginInput,
  NewPasswordInput,
  OtpInput,
  ProfileUpdateInput,
} from '../schemas/index.js';
import { command, envelope, segment } from './command.js';

/** Sign-in, the password reset, the admin's profile and API tokens. */
export const admin = {
  /** Step 1 of sign-in: answers the temporary token that step 2 carries. */
  login: (input: LoginInput) =>
    command<{ token: string }>({
      method: 'POST',
      path: '/api/admin/login',
      body: envelope(input),
      auth: 'none',
    }),
  /** Step 2 of sign-in, carrying step 1's temporary token: answers the session token. */
  loginOtp: (input: OtpInput) =>
    command<{ token: string }>({
      method: 'POST',
      path: '/api/admin/login/otp',
      body: envelope(input),
      auth: 'bearer',
    }),
  authorization: () => command({ method: 'GET', path: '/api/admin/Authorization', auth: 'bearer' }),
  adminData: () =>
    command<{ data: Admin }>({ method: 'GET', path: '/api/admin/AdminData', auth: 'bearer' }),
  updateProfile: (input: ProfileUpdateInput) =>
    command<{ data: Admin }>({
      method: 'PUT',
      path: '/api/admin/Profile/Update',
      body: envelope(input),
      auth: 'bearer',
    }),
  /** Step 1 of the reset: answers the temporary token the next steps carry. */
  forgetPassword: (input: ForgetPasswordInput) =>
    command<{ token: string }>({
      method: 'POST',
      path: '/api/admin/ForgetPw',
      body: envelope(input),
      auth: 'none',
    }),
  /** Step 2 of the reset; the same temporary token goes on to step 3. */
  forgetPasswordOtp: (input: OtpInput) =>
    command({
      method: 'POST',
      path: '/api/admin/ForgetPwOtp',
      body: envelope(input),
      auth: 'bearer',
    }),
  newPassword: (input: NewPasswordInput) =>
    command({
      method: 'POST',
      path: '/api/admin/NewPassword',
      body: envelope(input),
      auth: 'bearer',
    }),
  /** Ends the server session of the bearer token (our addition to the spec). */
  logout: () => command({ method: 'POST', path: '/api/admin/Logout', auth: 'bearer' }),
  listTokens: () =>
    command<{ data: ApiToken[] }>({ method: 'GET', path: '/api/admin/tokens', auth: 'bearer' }),
  /** `token` is the secret, shown this once. */
  createToken: (input: ApiTokenCreateInput) =>
    command<{ data: ApiToken; token: string }>({
      method: 'POST',
      path: '/api/admin/tokens',
      body: envelope(input),
      auth: 'bearer',
    }),
  revokeToken: (id: string) =>
    command({ method: 'DELETE', path: `/api/admin/tokens/${segment(id)}`, auth: 'bearer' }),
};
