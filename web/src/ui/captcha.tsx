// Every delete and every controller change first asks a simple sum (spec section 5). The
// wrong-answer wording differs per screen, so each caller passes its own.
import {
  checkCaptcha,
  checkConfirmationWord,
  confirmationWord,
  createCaptcha,
} from '@dealdesk/core';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState, type FormEvent } from 'react';

export interface CaptchaRequest {
  /** What is about to happen, naming it: "Delete shortcut story 'Acme'?", 'Delete 2 banners?' */
  title: string;
  /** One line on the consequence. */
  detail?: string;
  confirmLabel?: string;
  danger?: boolean;
  /** The screen's wording of a wrong answer. */
  wrongAnswer: string;
  /**
   * The riskiest actions (clearing analytics, deleting over 100 items) also ask for the word
   * admin typed (spec part 1, section 5).
   */
  typeAdmin?: boolean;
}

/** Bulk deletes of more items than this also ask for the typed word. */
export const typedConfirmationAbove = 100;

const typedWordMessage = `Type ${confirmationWord} to confirm`;

function CaptchaForm({
  request,
  onDone,
}: {
  request: CaptchaRequest;
  onDone: (solved: boolean) => void;
}) {
  const [challenge, setChallenge] = useState(() => createCaptcha());
  const [answer, setAnswer] = useState('');
  const [wrong, setWrong] = useState(false);
  const [word, setWord] = useState('');
  const [wordMissing, setWordMissing] = useState(false);
  // A wrong answer keeps the dialog open: the screen's message, and a new question to answer.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wordOk = request.typeAdmin !== true || checkConfirmationWord(word);
    setWordMissing(!wordOk);
    if (checkCaptcha(challenge, answer) && wordOk) return onDone(true);
    if (checkCaptcha(challenge, answer)) return;
    // Said beside the answer, not in a toast that fades, until the admin types again.
    setWrong(true);
    setChallenge(createCaptcha());
    setAnswer('');
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        {request.detail === undefined ? null : <Text size="sm">{request.detail}</Text>}
        <TextInput
          label={challenge.question}
          description="Answer to confirm"
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          value={answer}
          error={wrong ? request.wrongAnswer : undefined}
          onChange={(event) => {
            setAnswer(event.currentTarget.value);
            setWrong(false);
          }}
        />
        {request.typeAdmin === true ? (
          <TextInput
            label={typedWordMessage}
            description="This cannot be undone: type the word to show you mean it."
            autoComplete="off"
            value={word}
            error={wordMissing ? typedWordMessage : undefined}
            onChange={(event) => setWord(event.currentTarget.value)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit" color={request.danger === true ? 'red' : undefined}>
            {request.confirmLabel ?? 'Confirm'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens the question; resolves true only when it was answered right. */
export function confirmWithCaptcha(request: CaptchaRequest): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (solved: boolean) => {
      if (settled) return;
      settled = true;
      modals.close(id);
      resolve(solved);
    };
    const id = modals.open({
      title: request.title,
      centered: true,
      // The second click of a double click on the button that asked lands outside: it must not
      // dismiss the question (Cancel and Escape do).
      closeOnClickOutside: false,
      onClose: () => settle(false),
      children: <CaptchaForm request={request} onDone={settle} />,
    });
  });
}
