import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * A refusal of the whole form (a wrong password, 'Please fill all the fields'), at its top: it
 * stays until the input changes (useFormState's refusal), unlike a toast, and is read out.
 */
export function FormRefusal({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
      {message}
    </Alert>
  );
}
