export {
  EnvelopeError,
  envelopeJson,
  isRequestEnvelope,
  isResponseEnvelope,
  parseOpened,
  requestParts,
  type RequestEnvelope,
  type ResponseEnvelope,
} from './format.js';
export { decryptRequest, decryptResponse, encryptRequest, encryptResponse } from './crypto-js.js';
export { openResponse, sealRequest } from './native.js';
