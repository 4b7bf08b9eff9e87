// The encrypted envelope, handled once for every route: JSON bodies arrive as
// {encryptedData} (plain JSON is accepted too, as some calls send it) and every answer
// leaves as {encrypted, iv}. Media and web files are streams and are never wrapped.
import { decryptRequest, encryptResponse, EnvelopeError, isRequestEnvelope } from '@dealdesk/core';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

const envelopeMessages: Record<EnvelopeError['code'], string> = {
  'bad-key': 'The request could not be decrypted: the envelope key does not match',
  malformed:
    'The request envelope is malformed: expected encryptedData as "<iv hex>:<ciphertext base64>"',
  'decrypt-failed':
    'The request could not be decrypted: the envelope is corrupted or was encrypted with another key',
  'not-json': 'The decrypted request is not JSON',
};

export function useEnvelope(app: FastifyInstance, secret: string): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const source = String(text);
    if (source.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(source);
    } catch {
      return done(new HttpError(400, 'The request body is not valid JSON'));
    }
    if (!isRequestEnvelope(parsed)) return done(null, parsed);
    try {
      return done(null, decryptRequest(parsed, secret));
    } catch (error) {
      if (error instanceof EnvelopeError)
        return done(new HttpError(400, envelopeMessages[error.code]));
      throw error;
    }
  });
  // A hook rather than a reply serializer: hooks also reach the not-found handler's answers.
  app.addHook('preSerialization', async (_request, _reply, payload) =>
    encryptResponse(payload, secret),
  );
}
