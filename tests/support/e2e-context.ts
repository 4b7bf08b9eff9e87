// What the e2e global setup hands to every test file (through vitest's provide/inject).

export interface E2eAdmin {
  a_id: string;
  a_email: string;
  password: string;
}

export interface E2eContext {
  /** The server under test: API, media and the built web app on one port. */
  baseUrl: string;
  apiKey: string;
  secret: string;
  /** Its SQLite data dir: the mail outbox is under outbox/. */
  dataDir: string;
  /** Playwright's browser server, shared by every file. */
  browserEndpoint: string;
  /** Signs in through the screens and the API; never has its password changed. */
  admin: E2eAdmin;
  /** Walks the password reset, so its password changes during the run. */
  resetAdmin: E2eAdmin;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}
