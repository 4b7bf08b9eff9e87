// One form for creating and editing an in-house ad (spec part 2, sections 3-5): texts, ad
// and media types, the icon and media files with their checks, and the limit.
import {
  defaultButtonName,
  imageRule,
  inHouseAdCreateSchema,
  inHouseAdEditSchema,
  limitFields,
  limitTypeOf,
  limitValueOf,
  type InHouseAd,
  type InHouseAdCreateRequest,
  type InHouseAdEditRequest,
  type InHouseAdType,
  type LimitType,
  textLimits,
} from '@dealdesk/core';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useFormState } from '../../ui/form.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { DraftNotice, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { LimitFields } from '../../ui/LimitFields.js';
import { StatusSwitch } from '../../ui/StatusSwitch.js';
import { uploadOf } from '../../ui/upload.js';
import { UploadField } from '../../ui/UploadField.js';
import { MediaThumb } from '../../ui/MediaThumb.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

interface InHouseValues {
  ad_type: InHouseAdType;
  mainTitle: string;
  subTitle: string;
  description: string;
  callToAction: string;
  btnName: string;
  limitType: LimitType;
  limitValue: string | number;
  status: boolean;
}

function initialValues(ad: InHouseAd | undefined): InHouseValues {
  if (ad === undefined) {
    return {
      ad_type: 'NTV',
      mainTitle: '',
      subTitle: '',
      description: '',
      callToAction: '',
      btnName: defaultButtonName,
      limitType: 'None',
      limitValue: '',
      status: true,
    };
  }
  return {
    ad_type: ad.ad_type,
    mainTitle: ad.mainTitle,
    subTitle: ad.subTitle,
    description: ad.description,
    callToAction: ad.callToAction,
    btnName: ad.btnName,
    limitType: limitTypeOf(ad),
    limitValue: limitValueOf(ad),
    status: ad.status,
  };
}

export const adTypeLabels: Record<InHouseAdType, string> = { NTV: 'Native', FS: 'Full Screen' };

export type InHouseSubmit =
  | { mode: 'create'; request: InHouseAdCreateRequest }
  | { mode: 'edit'; request: InHouseAdEditRequest };

export function InHouseAdForm({
  ad,
  busy,
  onSubmit,
  onCancel,
}: {
  /** The ad being edited; absent on the creation form. */
  ad?: InHouseAd;
  busy: boolean;
  /** The screen's save: it fails with the server's refusal, which the form then shows. */
  onSubmit: (submit: InHouseSubmit) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useFormState(() => initialValues(ad));
  const [icon, setIcon] = useState<File | null>(null);
  const [media, setMedia] = useState<File | null>(null);
  const draft = useUnsavedChanges(
    `in-house-ad:${ad?._id ?? 'new'}`,
    form.values,
    form.dirty || icon !== null || media !== null,
    form.setValues,
  );
  const adTypeLabel = useId();
  const { values, errors, set } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const limits = limitFields(values.limitType, values.limitValue);
    // Only images are offered; an edited video ad stays a video until an image replaces it.
    const medType = ad === undefined || media !== null ? 'image' : ad.medType;
    const fields = {
      mainTitle: values.mainTitle,
      subTitle: values.subTitle,
      description: values.description,
      callToAction: values.callToAction,
      btnName: values.btnName,
      ad_type: values.ad_type,
      medType,
      ...limits,
    };
    const files = {
      ...(icon === null ? {} : { icon: uploadOf(icon) }),
      ...(media === null ? {} : { image: uploadOf(media) }),
    };
    const checked = {
      ...fields,
      icon: icon ?? undefined,
      image: media ?? undefined,
    };
    if (ad === undefined) {
      // The icon test only tells TypeScript what the schema already checked.
      if (form.check(inHouseAdCreateSchema, checked) === null || files.icon === undefined) return;
      const request = { ...fields, ...files, icon: files.icon };
      if (await form.saved(onSubmit({ mode: 'create', request }))) {
        form.reset();
        setIcon(null);
        setMedia(null);
      }
      return;
    }
    const edit = { id: ad._id, status: values.status, ...fields };
    if (form.check(inHouseAdEditSchema, { ...checked, ...edit }) === null) return;
    await form.saved(onSubmit({ mode: 'edit', request: { ...edit, ...files } }));
  };
  const text = (key: 'mainTitle' | 'subTitle' | 'callToAction' | 'btnName') => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });

  return (
    <WritesFieldset>
      <Paper
        p="md"
        component="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={ad === undefined ? 'Create In House Ad' : 'Edit In House Ad'}
      >
        <Stack gap="md">
          <FormRefusal message={form.refusal} />
          <DraftNotice offer={draft} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="sm" fw={500} mb={4} id={adTypeLabel}>
                Ad type
              </Text>
              <SegmentedControl
                aria-labelledby={adTypeLabel}
                data={Object.entries(adTypeLabels).map(([value, label]) => ({ value, label }))}
                value={values.ad_type}
                onChange={(value) => set('ad_type', value as InHouseAdType)}
              />
            </div>
            <Select
              label="Media type"
              data={
                ad?.medType === 'video' && media === null
                  ? [{ value: 'video', label: 'Video' }]
                  : [{ value: 'image', label: 'Image' }]
              }
              value={ad?.medType === 'video' && media === null ? 'video' : 'image'}
              readOnly
              description={
                ad?.medType === 'video' ? 'Choosing a media image replaces the video' : undefined
              }
            />
            <TextInput label="Title" maxLength={textLimits.name} required {...text('mainTitle')} />
            <TextInput
              label="Subtitle"
              maxLength={textLimits.name}
              required
              {...text('subTitle')}
            />
          </SimpleGrid>
          <Textarea
            label="Details"
            maxLength={textLimits.description}
            required
            autosize
            minRows={2}
            value={values.description}
            error={errors.description}
            onChange={(event) => set('description', event.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="CTA"
              maxLength={textLimits.url}
              description="The link the button opens"
              required
              type="url"
              placeholder="https://..."
              {...text('callToAction')}
            />
            <TextInput
              label="Button text"
              maxLength={textLimits.buttonText}
              required
              {...text('btnName')}
            />
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <div style={{ flex: 1 }}>
                <UploadField
                  label="Icon"
                  rule={imageRule}
                  file={icon}
                  onFile={setIcon}
                  required={ad === undefined}
                  error={errors.icon}
                />
              </div>
              {ad === undefined ? null : (
                <MediaThumb image={ad.icon} label="Current icon" size={96} />
              )}
            </Group>
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <div style={{ flex: 1 }}>
                <UploadField
                  label="Media image"
                  rule={imageRule}
                  file={media}
                  onFile={setMedia}
                  required={ad === undefined}
                  error={errors.image ?? errors.video}
                />
              </div>
              {ad === undefined ? null : (
                <MediaThumb
                  {...(ad.medType === 'video' ? { video: ad.medView } : { image: ad.medView })}
                  label="Current media"
                  size={96}
                />
              )}
            </Group>
          </SimpleGrid>
          <LimitFields
            type={values.limitType}
            value={values.limitValue}
            onType={(type) => set('limitType', type)}
            onValue={(value) => set('limitValue', value)}
            error={errors.maxviewLimit ?? errors.maxclickLimit}
          />
          {ad === undefined ? null : (
            <StatusSwitch
              checked={values.status}
              itemName={ad.mainTitle}
              onChange={(status) => set('status', status)}
            />
          )}
          <Group justify="flex-end" gap="xs">
            {onCancel === undefined ? null : (
              <Button variant="default" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={busy}>
              {ad === undefined ? 'Create ad' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </WritesFieldset>
  );
}
