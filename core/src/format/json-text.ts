// JSON already held as text, embedded as it is when the envelope is written: a product list's
// products, kept serialized while the catalogue is unchanged (an answer), and an import's rows,
// sent as the lines of its file hold them (a request).

export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A payload as JSON text: JSON.stringify, except that top-level JsonText fields are copied in
 * as written (Node 20 has no JSON.rawJSON). Deeper JsonText values are not looked for.
 */
export function jsonOf(payload: unknown): string {
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
