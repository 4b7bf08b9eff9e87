// Every date input of the back-office: typed and shown dd/mm/yyyy, as every date on screen is
// written (the browser's own date input follows its locale: mm/dd/yyyy in an American one).
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

const typedDay = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** 'dd/mm/yyyy' as the yyyy-mm-dd day it names; null while half-typed or not a real day. */
function readTypedDay(text: string): string | null {
  const parts = typedDay.exec(text.trim());
  if (parts === null) return null;
  const [, day = '', month = '', year = ''] = parts;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const midnight = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(midnight.getTime()) || midnight.toISOString().slice(0, 10) !== iso
    ? null
    : iso;
}

export interface DayInputProps {
  label: string;
  /** The yyyy-mm-dd day, or '' for none. */
  value: string;
  onChange: (day: string) => void;
  name?: string;
  size?: 'xs' | 'sm' | 'md';
  error?: string | undefined;
  /** Empty allowed ('' on clearing). */
  clearable?: boolean;
  minDate?: string;
  maxDate?: string;
}

export function DayInput({ value, onChange, clearable = false, ...props }: DayInputProps) {
  return (
    <DateInput
      {...props}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/yyyy"
      dateParser={readTypedDay}
      value={value === '' ? null : value}
      onChange={(day) => onChange(day ?? '')}
      clearable={clearable}
      leftSection={<IconCalendar size={16} aria-hidden />}
      popoverProps={{ withinPortal: true }}
    />
  );
}
