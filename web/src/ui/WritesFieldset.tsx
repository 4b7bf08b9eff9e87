import type { ReactNode } from 'react';
import { useScreenRefusal } from '../app/role.js';

/**
 * Controls that change something: all disabled at once, the reason on hover, when the signed-in
 * role may not make this screen's writes (a fieldset disables every control inside it).
 */
export function WritesFieldset({ children }: { children: ReactNode }) {
  const refusal = useScreenRefusal();
  return (
    <fieldset
      disabled={refusal !== null}
      title={refusal ?? undefined}
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      {children}
    </fieldset>
  );
}
