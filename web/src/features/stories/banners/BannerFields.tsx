// The fields the add and edit banner screens share: name, link, and an image or a video.
import {
  bannerTypes,
  videoRule,
  type BannerType,
  type UploadRule,
  textLimits,
} from '@dealdesk/core';
import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { FieldErrors } from '../../../ui/form.js';
import { UploadField } from '../../../ui/UploadField.js';

export interface BannerValues {
  name: string;
  url: string;
  bannerType: BannerType;
}

export function BannerFields({
  values,
  errors,
  onChange,
  file,
  onFile,
  imageRule,
  fileRequired,
}: {
  values: BannerValues;
  errors: FieldErrors;
  onChange: (changes: Partial<BannerValues>) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  /** The add screen takes PNG only; the update screen words its refusal differently. */
  imageRule: UploadRule;
  fileRequired: boolean;
}) {
  const typeLabel = useId();
  return (
    <Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500} id={typeLabel}>
          Banner type
        </Text>
        <SegmentedControl
          aria-labelledby={typeLabel}
          data={[...bannerTypes]}
          value={values.bannerType}
          onChange={(chosen) => {
            onChange({ bannerType: chosen as BannerType });
            onFile(null);
          }}
          w="fit-content"
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Banner name"
          maxLength={textLimits.name}
          required
          value={values.name}
          error={errors['insertData.name']}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
        />
        <TextInput
          label="URL"
          maxLength={textLimits.url}
          type="url"
          description="Optional: where a tap on the banner leads"
          placeholder="https://"
          value={values.url}
          error={errors['insertData.url']}
          onChange={(event) => onChange({ url: event.currentTarget.value })}
        />
        <UploadField
          key={values.bannerType}
          label={values.bannerType === 'Video' ? 'Banner video' : 'Banner image'}
          rule={values.bannerType === 'Video' ? videoRule : imageRule}
          file={file}
          onFile={onFile}
          required={fileRequired}
          error={errors['image'] ?? errors['video']}
          {...(fileRequired ? {} : { description: 'Leave empty to keep the current file' })}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The chosen file in the slot its type names. */
export function bannerFiles(type: BannerType, file: File | null): { image?: File; video?: File } {
  if (file === null) return {};
  return type === 'Video' ? { video: file } : { image: file };
}
