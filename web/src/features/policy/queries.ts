import { queryOptions } from '@tanstack/react-query';
import type { LegalDocument } from './documents.js';

/** The saved text of the privacy policy or of the terms. */
export const legalTextQuery = (document: LegalDocument) =>
  queryOptions({ queryKey: ['legal-text', document.kind], queryFn: document.load });
