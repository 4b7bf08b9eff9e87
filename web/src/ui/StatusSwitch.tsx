import { Switch } from '@mantine/core';
import { useScreenRefusal } from '../app/role.js';

/** An item's on/off switch, labelled as the spec words it: Active or 'De Active'. */
export function StatusSwitch({
  checked,
  onChange,
  disabled,
  itemName,
}: {
  checked: boolean;
  onChange: (status: boolean) => void;
  disabled?: boolean;
  /** Read by screen readers: which item the switch belongs to. */
  itemName: string;
}) {
  const refusal = useScreenRefusal();
  return (
    <Switch
      checked={checked}
      disabled={disabled === true || refusal !== null}
      title={refusal ?? undefined}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={checked ? 'Active' : 'De Active'}
      aria-label={`${itemName} status`}
      color="teal"
      styles={{ label: { whiteSpace: 'nowrap' } }}
    />
  );
}
