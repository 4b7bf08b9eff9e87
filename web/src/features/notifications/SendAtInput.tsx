// "Send at" is typed and shown on the business time zone's clock (DEALDESK_TZ), as every time
// of the back-office is, whatever the zone of the browser: the label says which.
import { wallClockInstant, zoneOffsetLabel } from '@dealdesk/core';
import { TextInput } from '@mantine/core';
import { runtimeConfig } from '../../app/runtime-config.js';

/**
 * The instant (ISO) a datetime-local text names in the business time zone; '' stays '' (send
 * now) and text that is no time is passed on for the schema to name.
 */
export function sendAtInstant(text: string): string {
  if (text === '') return '';
  return wallClockInstant(text, runtimeConfig().timeZone) ?? text;
}

export function SendAtInput({
  value,
  error,
  description,
  onChange,
}: {
  value: string;
  error: string | undefined;
  description?: string;
  onChange: (value: string) => void;
}) {
  const { timeZone } = runtimeConfig();
  // The offset at the typed time (a zone with daylight saving has two), else now.
  const offset = zoneOffsetLabel(timeZone, wallClockInstant(value, timeZone));
  return (
    <TextInput
      label={`Send at (${offset})`}
      description={description}
      type="datetime-local"
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
