// /controller: app feature switches, positions, ad placement and app settings. Every change
// asks the captcha first (spec section 5) and is saved on its own, as a numbered version: the
// version history below the settings (VersionHistory.tsx) lists them and rolls back to one.
import {
  controllerPositionSchema,
  defaultIntentModes,
  facebookChangeSchema,
  installNewSchema,
  intentControls,
  placementFields,
  placementModes,
  type ControllerPosition,
  type ControllerSettings,
  type ControllerSwitch,
  type InstallNew,
  type IntentControl,
  type PlacementField,
  type PlacementMode,
  textLimits,
} from '@dealdesk/core';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { api } from '../../app/api.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { DraftNotice, type DraftOffer } from '../../ui/useUnsavedChanges.js';
import { Page } from '../../ui/Page.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';
import { modeLabels, placementLabels, positionFields, switchLabels } from './labels.js';
import { controllerQuery } from './queries.js';
import { useControllerChange } from './useControllerChange.js';
import { useControllerForm } from './useControllerForm.js';
import { VersionHistory } from './VersionHistory.js';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack>
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function Switches({
  names,
  settings,
}: {
  names: readonly ControllerSwitch[];
  settings: ControllerSettings;
}) {
  const { change, isPending } = useControllerChange(api.controller.setSwitch);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {names.map((name) => (
        <Switch
          key={name}
          checked={settings[name]}
          disabled={isPending}
          color="teal"
          label={switchLabels[name].label}
          description={`${switchLabels[name].hint} · ${settings[name] ? 'Active' : 'De Active'}`}
          onChange={(event) => {
            const status = event.currentTarget.checked;
            void change(`Turn ${switchLabels[name].label} ${status ? 'on' : 'off'}?`, {
              name,
              status,
            });
          }}
        />
      ))}
    </SimpleGrid>
  );
}

/** A form of one field with its own Save beside it, named for screen readers by `what`. */
function SaveBeside({
  what,
  busy,
  onSubmit,
  children,
  draft,
  refusal,
}: {
  what: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  /** A kept draft of the field, offered above it. */
  draft: DraftOffer | null;
  /** The server's refusal of the last save, above the field until it changes. */
  refusal: string | undefined;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <DraftNotice offer={draft} />
        <FormRefusal message={refusal} />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          {children}
          <Button type="submit" mt={46} variant="light" loading={busy} aria-label={`Save ${what}`}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PositionInput({ name, current }: { name: ControllerPosition; current: number }) {
  const initial: { value: string | number } = { value: current };
  const { form, draft, isPending, save } = useControllerForm(
    `controller:position:${name}`,
    initial,
    api.controller.setPosition,
    'Failed to update Ads Position',
  );
  const field = positionFields[name];
  const submit = save(
    (values) => form.check(controllerPositionSchema, { name, ...values }),
    (input) => `Set ${field.label} to ${String(input.value)}?`,
  );
  return (
    <SaveBeside
      what={field.label}
      busy={isPending}
      onSubmit={submit}
      draft={draft}
      refusal={form.refusal}
    >
      <NumberInput
        label={field.label}
        description={field.hint}
        min={field.min}
        max={field.max}
        allowDecimal={false}
        value={form.values.value}
        error={form.errors['value']}
        onChange={(next) => form.set('value', next)}
        style={{ flex: 1 }}
      />
    </SaveBeside>
  );
}

function Placements({ settings }: { settings: ControllerSettings }) {
  const placement = useControllerChange(api.controller.setPlacement);
  const afterSplash = useControllerChange(api.controller.setAfterSplash);
  const intent = useControllerChange(api.controller.setIntentControl);
  const choose = (field: PlacementField, mode: PlacementMode) => {
    const title = `Set ${placementLabels[field]} to ${mode}?`;
    if (field === 'afterSplaceAds') void afterSplash.change(title, { name: mode });
    else void placement.change(title, { field, name: mode });
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {placementFields.map((field) => (
        <Select
          key={field}
          label={placementLabels[field]}
          data={(field === 'defaultIntent' ? defaultIntentModes : placementModes).map((mode) => ({
            value: mode,
            label: modeLabels[mode],
          }))}
          value={settings[field]}
          allowDeselect={false}
          onChange={(mode) => {
            if (mode !== null && mode !== settings[field]) choose(field, mode as PlacementMode);
          }}
        />
      ))}
      <Select
        label="Intent control"
        description="Which way between screens shows an ad"
        data={[...intentControls]}
        value={settings.intentControl}
        allowDeselect={false}
        onChange={(value) => {
          if (value !== null && value !== settings.intentControl) {
            void intent.change(`Set intent control to ${value}?`, {
              intentControl: value as IntentControl,
            });
          }
        }}
      />
    </SimpleGrid>
  );
}

function FacebookForm({ settings }: { settings: ControllerSettings }) {
  const { form, draft, isPending, save } = useControllerForm(
    'controller:facebook',
    {
      facebook_app_id: settings.facebook_app_id,
      facebook_client_token: settings.facebook_client_token,
    },
    api.controller.setFacebook,
  );
  const submit = save(
    () => form.check(facebookChangeSchema),
    () => 'Save the Facebook settings?',
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <DraftNotice offer={draft} />
        <FormRefusal message={form.refusal} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Facebook app ID"
            maxLength={textLimits.code}
            required
            {...form.textField('facebook_app_id')}
          />
          <TextInput
            label="Facebook client token"
            maxLength={textLimits.code}
            required
            {...form.textField('facebook_client_token')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isPending}>
            Save Facebook settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InstallNewForm({
  settings,
  installNew,
}: {
  settings: ControllerSettings;
  installNew: InstallNew | undefined;
}) {
  const { form, draft, isPending, save } = useControllerForm(
    'controller:install',
    { btn_url: installNew?.btn_url ?? '' },
    api.controller.setInstallNew,
  );
  const submit = save(
    () => form.check(installNewSchema),
    () => 'Save the install link?',
  );
  return (
    <Stack>
      <Switches names={['installNew']} settings={settings} />
      <SaveBeside
        what="install link"
        busy={isPending}
        onSubmit={submit}
        draft={draft}
        refusal={form.refusal}
      >
        <TextInput
          label="Install link"
          maxLength={textLimits.url}
          description="Where the call to action leads"
          type="url"
          placeholder="https://"
          {...form.textField('btn_url')}
          style={{ flex: 1 }}
        />
      </SaveBeside>
    </Stack>
  );
}

export function ControllerPage() {
  const controller = useQuery(controllerQuery);
  const settings = controller.data?.data;
  const history = useRef<HTMLElement>(null);
  return (
    <Page
      title="Controller"
      description="What the app shows and where ads appear. Every change asks a quick sum first."
      actions={
        <Button
          variant="default"
          leftSection={<IconHistory size={18} aria-hidden />}
          onClick={() => {
            history.current?.scrollIntoView({ block: 'start' });
            history.current?.focus({ preventScroll: true });
          }}
        >
          Version history
        </Button>
      }
    >
      {settings === undefined ? (
        <Skeleton h={600} aria-label="Loading the controller" />
      ) : (
        // Each form starts over when its own saved value changes, not when another part does
        // (a switch flipped must not throw away a half-typed token). An owner's to change.
        <WritesFieldset>
          <Stack>
            <Section title="Home" description="Parts of the app's home screen.">
              <Switches names={['storyVideo', 'storyBrand', 'banner']} settings={settings} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PositionInput
                  key={settings.storyAdsPosition}
                  name="storyAdsPosition"
                  current={settings.storyAdsPosition}
                />
              </SimpleGrid>
            </Section>
            <Section title="Section" description="Product sections and tracking.">
              <Switches
                names={['trending', 'bestDeals', 'newLaunch', 'track']}
                settings={settings}
              />
            </Section>
            <Section title="Ads Management" description="Ad placement between the app's screens.">
              <Switches names={['inHouseAds']} settings={settings} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PositionInput
                  key={settings.ntvTiming}
                  name="ntvTiming"
                  current={settings.ntvTiming}
                />
                <PositionInput
                  key={settings.productNtvPosition}
                  name="productNtvPosition"
                  current={settings.productNtvPosition}
                />
              </SimpleGrid>
              <Placements settings={settings} />
            </Section>
            <Section title="Facebook" description="The app's Facebook SDK settings.">
              <FacebookForm
                key={`${settings.facebook_app_id}:${settings.facebook_client_token}`}
                settings={settings}
              />
            </Section>
            <Section title="Install New App" description="Point users to a new version of the app.">
              <InstallNewForm
                key={controller.data?.installNew?.btn_url}
                settings={settings}
                installNew={controller.data?.installNew}
              />
            </Section>
          </Stack>
        </WritesFieldset>
      )}
      <VersionHistory ref={history} />
    </Page>
  );
}
