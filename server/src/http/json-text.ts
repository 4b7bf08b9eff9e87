// JSON an answer already holds as text (a product list's products, kept serialized while the
// catalogue is unchanged), embedded as it is when the envelope writes the answer.

export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * An answer as JSON text: JSON.stringify, except that top-level JsonText fields are copied in
 * as written (Node 20 has no JSON.rawJSON). Deeper JsonText values are not looked for.
 */
export function answerJson(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return JSON.stringify(payload === undefined ? null : payload);
  const entries = Object.entries(payload);
  if (!entries.some(([, value]) => value instanceof JsonText)) return JSON.stringify(payload);
  const fields = entries.flatMap(([name, value]) =>
    value === undefined
      ? []
      : [
          `${JSON.stringify(name)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`,
        ],
  );
  return `{${fields.join(',')}}`;
}
