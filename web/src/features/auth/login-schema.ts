// The login form's schema, imported on its first submit: zod and the sign-in calls' schemas
// load then, so the login screen shows without them (the first screen's size budget).
export { loginSchema } from '@dealdesk/core';
