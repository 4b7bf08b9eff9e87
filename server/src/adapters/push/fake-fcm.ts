// Test double of Google's OAuth2 token endpoint and the FCM v1 send endpoint on 127.0.0.1:
// it checks each JWT's RS256 signature with the service account's public key, issues
// tokens, records every message, and answers with scripted failures when a test asks.
import { generateKeyPairSync, verify } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ServiceAccount } from './fcm-auth.js';

export interface ScriptedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface TokenExchange {
  grantType: string | null;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  /** Whether the signature checks out with the account's public key. */
  signatureValid: boolean;
}

export interface ReceivedMessage {
  authorization: string | undefined;
  body: unknown;
}

export interface FakeFcm {
  account: ServiceAccount;
  tokenUrl: string;
  sendUrl: string;
  exchanges: TokenExchange[];
  /** Messages FCM accepted (answered 200). */
  messages: ReceivedMessage[];
  /** Every send request, accepted or not. */
  sendRequests: ReceivedMessage[];
  /** The next sends (or token exchanges) get these answers, in order, before the normal ones. */
  scriptSends(...answers: ScriptedAnswer[]): void;
  scriptTokens(...answers: ScriptedAnswer[]): void;
  /** Tokens issued so far stop working (as when Google revokes them). */
  revokeTokens(): void;
  /** Writes the service-account JSON file into `dir` and answers its path. */
  writeAccountFile(dir: string): Promise<string>;
  close(): Promise<void>;
}

const decodePart = (part: string | undefined): Record<string, unknown> =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Google's tokens last an hour, less a second. */
const tokenLifetimeSeconds = 3599;

// Making an RSA key takes a moment: one per test run is enough.
let keyPair: { publicKey: string; privateKey: string } | null = null;
const testKeyPair = () =>
  (keyPair ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }));

export async function startFakeFcm(): Promise<FakeFcm> {
  const { publicKey, privateKey } = testKeyPair();
  const account: ServiceAccount = {
    project_id: 'dealdesk-test',
    client_email: 'push@dealdesk-test.iam.gserviceaccount.com',
    private_key: privateKey,
    private_key_id: 'key-1',
  };
  const scriptedSends: ScriptedAnswer[] = [];
  const scriptedTokens: ScriptedAnswer[] = [];
  const validTokens = new Set<string>();
  const exchanges: TokenExchange[] = [];
  const messages: ReceivedMessage[] = [];
  const sendRequests: ReceivedMessage[] = [];
  let issued = 0;

  const server = createServer((request, response) => {
    const answer = ({ status, body, headers = {} }: ScriptedAnswer) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    void readBody(request).then((text) => {
      if (request.url === '/token') {
        const form = new URLSearchParams(text);
        const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
        exchanges.push({
          grantType: form.get('grant_type'),
          header: decodePart(header),
          claims: decodePart(claims),
          signatureValid: verify(
            'RSA-SHA256',
            Buffer.from(`${header}.${claims}`),
            publicKey,
            Buffer.from(signature ?? '', 'base64url'),
          ),
        });
        const scripted = scriptedTokens.shift();
        if (scripted !== undefined) return answer(scripted);
        if (!exchanges.at(-1)?.signatureValid) {
          return answer({
            status: 400,
            body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
          });
        }
        issued += 1;
        const token = `token-${issued}`;
        validTokens.add(token);
        return answer({
          status: 200,
          body: {
            access_token: token,
            expires_in: tokenLifetimeSeconds,
            token_type: 'Bearer',
          },
        });
      }
      const received = {
        authorization: request.headers.authorization,
        body: JSON.parse(text) as unknown,
      };
      sendRequests.push(received);
      const scripted = scriptedSends.shift();
      if (scripted !== undefined) return answer(scripted);
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!validTokens.has(token)) {
        return answer({
          status: 401,
          body: {
            error: {
              code: 401,
              message: 'Request had invalid authentication credentials.',
              status: 'UNAUTHENTICATED',
            },
          },
        });
      }
      messages.push(received);
      return answer({
        status: 200,
        body: { name: `projects/${account.project_id}/messages/${messages.length}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    account,
    tokenUrl: `${base}/token`,
    sendUrl: `${base}/v1/projects/${account.project_id}/messages:send`,
    exchanges,
    messages,
    sendRequests,
    scriptSends: (...answers) => scriptedSends.push(...answers),
    scriptTokens: (...answers) => scriptedTokens.push(...answers),
    revokeTokens: () => validTokens.clear(),
    async writeAccountFile(dir) {
      const file = join(dir, 'service-account.json');
      await writeFile(file, JSON.stringify({ type: 'service_account', ...account }));
      return file;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
