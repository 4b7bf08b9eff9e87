import {
  adMessages,
  type AdUnitAdd,
  type AdUnitAddInput,
  type ApiClient,
  textLimits,
} from '@dealdesk/core';
import { Button, Collapse, Group, Paper, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { shownInForm, useFormState } from '../../ui/form.js';
import { DraftNotice, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { useAction, useSubmission } from '../../ui/mutations.js';
import { toastSuccess } from '../../ui/notify.js';
import { markOf } from '../../ui/validation.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

const blank: AdUnitAddInput = { a_name: '', a_id: '', a_description: '' };

/**
 * The toggleable add form of an ad screen: Ad Name, Ad ID (Ad URL for web ads) and
 * Description. The schema removes the spaces of the name and the id before sending (spec).
 */
export function AdAddForm({
  label,
  idLabel,
  schema,
  add,
}: {
  /** What the toggle adds, as in '+ Add Reward Ads'. */
  label: string;
  idLabel: string;
  schema: z.ZodType<AdUnitAdd, AdUnitAddInput>;
  /** Sends the checked ad through the submission's client; answers the server's message. */
  add: (ad: AdUnitAdd, client: ApiClient) => Promise<string>;
}) {
  const [opened, toggle] = useDisclosure(false);
  const form = useFormState<AdUnitAddInput>(blank);
  const draft = useUnsavedChanges(`ad:${label}`, form.values, form.dirty, (kept) => {
    form.setValues(kept);
    toggle.open();
  });
  const submission = useSubmission();
  const save = useAction({
    mutationFn: (ad: AdUnitAdd) => add(ad, submission.client()),
    onSuccess: (message) => {
      submission.done();
      toastSuccess(message);
      form.reset();
    },
    onError: (error) => form.refused(error),
    meta: { stayOnFailure: true, ...shownInForm },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = form.checkAll(schema, form.values, adMessages.fillAll);
    if (checked !== null) save.mutate(checked);
  };
  const field = (key: keyof AdUnitAddInput) => ({
    value: form.values[key],
    error: markOf(form.errors[key], adMessages.fillAll),
    onChange: (event: { currentTarget: { value: string } }) =>
      form.set(key, event.currentTarget.value),
  });

  return (
    <div>
      <DraftNotice offer={draft} />
      <Button
        mt={draft === null ? 0 : 'sm'}
        onClick={toggle.toggle}
        variant={opened ? 'default' : 'filled'}
        aria-expanded={opened}
      >
        + Add {label}
      </Button>
      <Collapse in={opened}>
        <WritesFieldset>
          <Paper
            p="md"
            mt="sm"
            component="form"
            onSubmit={submit}
            noValidate
            aria-label={`Add ${label}`}
          >
            <FormRefusal message={form.refusal} />
            <SimpleGrid mt={form.refusal === undefined ? 0 : 'sm'} cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Ad Name"
                maxLength={textLimits.name}
                required
                {...field('a_name')}
              />
              <TextInput label={idLabel} required {...field('a_id')} />
            </SimpleGrid>
            <Textarea
              label="Description"
              maxLength={textLimits.description}
              required
              autosize
              minRows={2}
              mt="sm"
              {...field('a_description')}
            />
            <Group justify="flex-end" mt="md">
              <Button type="submit" loading={save.isPending}>
                Submit
              </Button>
            </Group>
          </Paper>
        </WritesFieldset>
      </Collapse>
    </div>
  );
}
