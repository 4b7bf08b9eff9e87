// A file slot with the spec's indicator: a spinner while the file is looked at, then an
// error mark or a success mark about a second later. A refused file is cleared.
import { checkUpload, fileCheckDelayMs, type UploadRule } from '@dealdesk/core';
import { FileInput, Loader } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleXFilled, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

type CheckState = 'idle' | 'checking' | 'accepted' | 'refused';

const indicator: Record<CheckState, React.ReactNode> = {
  idle: null,
  checking: <Loader size={16} aria-label="Checking the file" />,
  accepted: (
    <IconCircleCheckFilled
      size={20}
      color="var(--mantine-color-teal-6)"
      role="img"
      aria-label="File accepted"
    />
  ),
  refused: (
    <IconCircleXFilled
      size={20}
      color="var(--mantine-color-red-6)"
      role="img"
      aria-label="File refused"
    />
  ),
};

export function UploadField({
  label,
  rule,
  file,
  onFile,
  required,
  error,
  description,
}: {
  label: string;
  rule: UploadRule;
  file: File | null;
  onFile: (file: File | null) => void;
  required?: boolean;
  /** A message from the form (e.g. no file chosen on submit). */
  error?: string | undefined;
  description?: string;
}) {
  const [state, setState] = useState<CheckState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<File | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const choose = (chosen: File | null) => {
    window.clearTimeout(timer.current);
    setProblem(null);
    onFile(null);
    if (chosen === null) {
      setPending(null);
      setState('idle');
      return;
    }
    setPending(chosen);
    setState('checking');
    timer.current = window.setTimeout(() => {
      const refusal = checkUpload(chosen, rule);
      setPending(null);
      setState(refusal === null ? 'accepted' : 'refused');
      setProblem(refusal);
      if (refusal === null) onFile(chosen);
    }, fileCheckDelayMs);
  };

  // A form that clears its file after a save (file back to null) leaves no stale check mark.
  const shown = state === 'accepted' && file === null ? 'idle' : state;

  return (
    <FileInput
      label={label}
      description={
        description ?? `${rule.extensions.join(', ')} up to ${rule.maxBytes / 1024 / 1024} MB`
      }
      placeholder="Choose a file"
      accept={rule.extensions.map((extension) => `.${extension}`).join(',')}
      required={required}
      clearable={state !== 'checking'}
      value={file ?? pending}
      onChange={choose}
      error={problem ?? error}
      leftSection={<IconUpload size={16} aria-hidden />}
      rightSection={indicator[shown]}
      rightSectionPointerEvents="none"
      data-check={shown}
    />
  );
}
